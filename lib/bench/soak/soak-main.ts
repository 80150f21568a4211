// `npm run bench:soak` — the soak alone (docs/BENCHMARKS.md "Soak"); `npm run bench` runs it with BENCH_SOAK=1.
// Progress and each minute as it ends go to stderr; stdout gets the report and, last, one JSON line.
import { loadavg } from 'node:os';
import { round } from '../bench-row';
import { formatSoak, runSoaks } from './run-soak';
import { soakConfigFromEnv } from './soak-config';

const config = soakConfigFromEnv(process.env);
const loadBefore = loadavg()[0]!;
const soaks = await runSoaks(config);
for (const soak of soaks) {
  for (const line of formatSoak(soak)) console.log(line);
  console.log('');
}
console.log(`1-minute load average ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after`);
console.log(
  JSON.stringify({
    bench: 'locus-soak',
    node: process.version,
    soak: soaks,
    load_average_1m: { before: round(loadBefore, 2), after: round(loadavg()[0]!, 2) },
  }),
);
