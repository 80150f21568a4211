import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const FINGERPRINT_BENCH = fileURLToPath(new URL('./fingerprint-bench.ts', import.meta.url));

/**
 * Runs the risk engine's fingerprint benchmark (lib/bench/fingerprint-bench.ts) when it exists, in its own process.
 * Its text goes to our stdout; a JSON line it prints is kept and folded into our final JSON line instead.
 * Returns undefined when the file is absent.
 */
export async function runFingerprintBench(): Promise<{ exitCode: number; figures: unknown[] } | undefined> {
  if (!existsSync(FINGERPRINT_BENCH)) return undefined;
  process.stderr.write('fingerprint bench: running lib/bench/fingerprint-bench.ts\n');
  const child = spawn(process.execPath, ['--import', 'tsx', FINGERPRINT_BENCH], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const figures: unknown[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    const json = line.trim().startsWith('{') || line.trim().startsWith('[') ? tryParse(line) : undefined;
    if (json !== undefined) figures.push(json);
    else process.stdout.write(`${line}\n`);
  });
  const exitCode = await new Promise<number>((resolve) => child.once('close', (code) => resolve(code ?? 1)));
  return { exitCode, figures };
}

function tryParse(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}
