import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { WEBHOOK_TEST_ENV } from './webhook-suite';

const LOCUS = path.resolve(import.meta.dirname, '../../../lib/cli/locus.mjs');

/** `locus worker` in a child process, on the given database, with a short lease for crash tests. */
export function spawnWorker(databaseUrl: string, leaseMs = 1_500): ChildProcess {
  return spawn(process.execPath, [LOCUS, 'worker'], {
    env: {
      ...process.env,
      ...WEBHOOK_TEST_ENV,
      DATABASE_URL: databaseUrl,
      LOCUS_JOB_LEASE_MS: String(leaseMs),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Polls `check` until it holds (no assertion on elapsed time: the test timeout bounds the wait). */
export async function waitFor(check: () => boolean | Promise<boolean>, stepMs = 50): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, stepMs));
}

export function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** The PostgreSQL URL that puts a worker process in the test's schema. */
export function pgUrlWithSchema(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}
