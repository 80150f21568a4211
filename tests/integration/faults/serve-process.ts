import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const LOCUS = path.resolve(import.meta.dirname, '../../../lib/cli/locus.mjs');

export interface ServeProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stderr (its logs), for the assertion messages. */
  stderr: () => string;
  stop(): Promise<void>;
}

/** The real `locus serve` (one API process with its worker) on a free port, with `env` on top of ours. */
export async function startServe(env: Record<string, string>): Promise<ServeProcess> {
  const child = spawn(process.execPath, [LOCUS, 'serve'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const line = stdout.split('\n').find((l) => l.includes('"api_url"'));
      if (line) resolve((JSON.parse(line) as { api_url: string }).api_url);
    });
    child.once('exit', (code) =>
      reject(new Error(`locus serve exited (${code}) during start-up: ${stderr}`)),
    );
  });
  return {
    url,
    child,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
