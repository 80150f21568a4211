/**
 * `npm run fuzz` — the fuzz battery at full size: LOCUS_FUZZ_RUNS (5,000) malformed requests per public
 * route, each sent to SQLite and PostgreSQL (LOCUS_TEST_ENGINES to choose), counting 5xx answers, answers
 * off the spec's shape and answers that differ between the engines. Exits non-zero if any count is not 0.
 */
import fc from 'fast-check';
import { TEST_ENGINES } from '../integration/engines';
import { checkCase, startFuzzTarget } from './fuzz-target';
import { malformedRequests } from './malformed-requests';
import { PUBLIC_ROUTES } from './public-routes';

const RUNS = Number(process.env.LOCUS_FUZZ_RUNS ?? 5000);
const SEED = Number(process.env.LOCUS_FUZZ_SEED ?? Date.now() % 1_000_000);

async function main(): Promise<void> {
  process.stderr.write(`fuzz: ${RUNS} requests per route on ${TEST_ENGINES.join(' and ')}, seed ${SEED}\n`);
  const targets = await Promise.all(TEST_ENGINES.map((engine) => startFuzzTarget(engine)));
  const rows: string[][] = [['route', 'requests', '5xx', 'wrong shape', 'engines differ', 'statuses']];
  const examples: string[] = [];
  let failures = 0;
  try {
    for (const route of PUBLIC_ROUTES) {
      const started = Date.now();
      const requests = fc.sample(malformedRequests(route), { numRuns: RUNS, seed: SEED });
      const statuses = new Map<number, number>();
      let fiveXX = 0;
      let wrong = 0;
      let differ = 0;
      for (const [i, request] of requests.entries()) {
        const result = await checkCase(targets, route, request);
        for (const a of result.answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
        fiveXX += result.fiveXX;
        wrong += result.wrongShapes.length > 0 ? 1 : 0;
        differ += result.disagreement ? 1 : 0;
        if ((result.wrongShapes.length > 0 || result.disagreement) && examples.length < 20) {
          examples.push(
            `${route.name}: ${JSON.stringify(request).slice(0, 300)} → ${result.wrongShapes.join('; ') || result.disagreement}`,
          );
        }
        if ((i + 1) % 1000 === 0) process.stderr.write(`  ${route.name}: ${i + 1}/${RUNS}\n`);
      }
      failures += fiveXX + wrong + differ;
      const seen = [...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ');
      rows.push([
        route.name,
        String(requests.length * targets.length),
        String(fiveXX),
        String(wrong),
        String(differ),
        seen,
      ]);
      process.stderr.write(`${route.name}: done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    }
  } finally {
    for (const target of targets) await target.t.close();
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const row of rows) console.log(row.map((cell, c) => cell.padEnd(widths[c]!)).join('  '));
  for (const example of examples) console.log(`  ${example}`);
  console.log(failures === 0 ? 'fuzz: 0 5xx, 0 wrong shapes, 0 differences' : `fuzz: ${failures} problems`);
  process.exitCode = failures === 0 ? 0 : 1;
}

await main();
