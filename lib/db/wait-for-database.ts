import { isDatabaseUnavailable } from './database-faults';

/** How long start-up waits for a database that is restarting (LOCUS_DB_STARTUP_WAIT_MS). */
export const DEFAULT_STARTUP_WAIT_MS = 60_000;

export function startupWaitFromEnv(env: Record<string, string | undefined>): number {
  const value = Number(env.LOCUS_DB_STARTUP_WAIT_MS);
  return env.LOCUS_DB_STARTUP_WAIT_MS && Number.isInteger(value) && value >= 0
    ? value
    : DEFAULT_STARTUP_WAIT_MS;
}

/**
 * Runs `work` until the database answers it: a database restarting, failing over or dropping the
 * connection during start-up (migrations included) delays the start instead of failing it. Any other
 * error, or one past `waitMs`, is thrown.
 */
export async function whenDatabaseAnswers<T>(
  work: () => Promise<T>,
  waitMs: number,
  log: (line: Record<string, unknown>) => void,
): Promise<T> {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() - started >= waitMs) throw error;
      const pauseMs = Math.min(250 * 2 ** (attempt - 1), 2_000);
      log({
        msg: 'database unavailable during start-up, retrying',
        attempt,
        pause_ms: pauseMs,
        error: String(error),
      });
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}
