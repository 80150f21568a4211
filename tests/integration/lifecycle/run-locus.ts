import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';

export const LOCUS = path.resolve(import.meta.dirname, '../../../lib/cli/locus.mjs');

/** Runs one `locus` command to its end; its stdout, or an error with its stderr when it fails. */
export async function locus(args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, [LOCUS, ...args], { env: { ...process.env, ...env } });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`locus ${args.join(' ')} exited ${code}: ${err}`);
  return out;
}
