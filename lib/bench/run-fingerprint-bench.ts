import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const FINGERPRINT_BENCH = fileURLToPath(new URL('./fingerprint-bench.ts', import.meta.url));

/**
 * Runs the risk engine's fingerprint benchmark (lib/bench/fingerprint-bench.ts) when it exists, in its own process.
 * Its text lines are returned for the report; a JSON line it prints is kept and folded into our final JSON line.
 * Returns undefined when the file is absent.
 */
export async function runFingerprintBench(): Promise<
  { exitCode: number; lines: string[]; figures: unknown[] } | undefined
> {
  if (!existsSync(FINGERPRINT_BENCH)) return undefined;
  process.stderr.write('fingerprint bench: running lib/bench/fingerprint-bench.ts\n');
  const child = spawn(process.execPath, ['--import', 'tsx', FINGERPRINT_BENCH], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const figures: unknown[] = [];
  const lines: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    const json = line.trim().startsWith('{') || line.trim().startsWith('[') ? tryParse(line) : undefined;
    if (json !== undefined) figures.push(json);
    else lines.push(line);
  });
  const exitCode = await new Promise<number>((resolve) => child.once('close', (code) => resolve(code ?? 1)));
  return { exitCode, lines, figures };
}

function tryParse(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}
