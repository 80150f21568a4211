/**
 * How long the serving processes wait on PostgreSQL (README, "Faults"). Each is far shorter than a
 * request's budget (the socket idle timeout, LOCUS_HTTP_IDLE_TIMEOUT_MS, 60 s; official clients wait
 * about 10 s), so a stalled database turns into a 503 with Retry-After, never a request that hangs
 * until the client gives up.
 */
export interface DatabaseTimeouts {
  /** Waiting for a pooled connection, or for a new one to open. */
  connectMs: number;
  /** One statement, lock waits included (server-side `statement_timeout`). */
  statementMs: number;
  /** A transaction left idle (server-side `idle_in_transaction_session_timeout`): its locks are freed. */
  idleInTransactionMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 2_000,
  statementMs: 5_000,
  idleInTransactionMs: 10_000,
};

export function databaseTimeoutsFromEnv(env: Record<string, string | undefined>): DatabaseTimeouts {
  const ms = (name: string, fallback: number) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`${name} must be a positive integer, got ${raw}`);
    return value;
  };
  return {
    connectMs: ms('LOCUS_DB_CONNECT_TIMEOUT_MS', DEFAULT_DATABASE_TIMEOUTS.connectMs),
    statementMs: ms('LOCUS_DB_STATEMENT_TIMEOUT_MS', DEFAULT_DATABASE_TIMEOUTS.statementMs),
    idleInTransactionMs: ms(
      'LOCUS_DB_IDLE_IN_TRANSACTION_TIMEOUT_MS',
      DEFAULT_DATABASE_TIMEOUTS.idleInTransactionMs,
    ),
  };
}
