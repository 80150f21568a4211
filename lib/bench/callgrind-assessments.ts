/**
 * Instructions per signup, payment or ingestion batch, which the machine's load cannot move: runs
 * `inject-assessments.ts run` under `valgrind --tool=callgrind --instr-atstart=no`; the script turns
 * instrumentation on for the counted requests only (start-up and warm-up run uninstrumented, ~5× faster).
 * Needs valgrind and a database made by `inject-assessments.ts seed <dir>`.
 *
 *   npx tsx lib/bench/callgrind-assessments.ts <dir> <signup|payment|ingestion|ingestion_50> [warm-up=300] [counted=200]
 *
 * A run takes minutes. The callgrind file stays in <dir> (callgrind.<endpoint>.out) for
 * callgrind_annotate: native frames by name, JIT-compiled JavaScript as bare addresses.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'inject-assessments.ts');

const COUNTED_ENDPOINTS = ['signup', 'payment', 'ingestion', 'ingestion_50'];

const [dir, endpoint, warmupArg, countedArg] = process.argv.slice(2);
if (!dir || !endpoint || !COUNTED_ENDPOINTS.includes(endpoint)) {
  process.stderr.write(
    `usage: callgrind-assessments.ts <dir> <${COUNTED_ENDPOINTS.join('|')}> [warm-up] [counted]\n`,
  );
  process.exit(2);
}
const warmup = Number(warmupArg ?? 300);
const counted = Number(countedArg ?? 200);
const run = spawnSync(
  'valgrind',
  [
    '--tool=callgrind',
    '--instr-atstart=no',
    `--callgrind-out-file=${path.join(dir, `callgrind.${endpoint}.out`)}`,
    process.execPath,
    // No concurrent JIT compilation or GC threads: their share of the count would depend on scheduling.
    '--single-threaded',
    '--import',
    'tsx',
    script,
    'run',
    dir,
    endpoint,
    String(warmup),
    String(counted),
  ],
  { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, LOCUS_CALLGRIND: '1' } },
);
const collected = /Collected\s*:\s*(\d+)/.exec(run.stderr);
if (run.status !== 0 || !collected) {
  process.stderr.write(`callgrind run failed (${run.status}):\n${run.stderr.slice(-2000)}\n`);
  process.exit(1);
}
process.stdout.write(
  `${JSON.stringify({ endpoint, warmup, counted, instructions_per_req: Math.round(Number(collected[1]) / counted) })}\n`,
);
