/**
 * Which driver errors mean "the database is not available right now" (a 503 with Retry-After, never a
 * 500), and which of those mean the connection itself was lost (worth one retry when nothing was
 * committed). Driver errors are matched by their stable codes, never by logging text alone.
 */

/** SQLSTATE classes and codes: connection exceptions, shutdown, no connection slots, resources. */
const LOST_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
const UNAVAILABLE_SQLSTATES = new Set([
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '25P03', // idle_in_transaction_session_timeout
  '53000', // insufficient_resources
  '53100', // disk_full
  '53200', // out_of_memory
  '53300', // too_many_connections
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);
const LOST_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** node-postgres reports a lost or unreachable server with plain Errors; these are its messages. */
const LOST_MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
];
/** SQLite: another process holds the write lock past busy_timeout, the disk is full, I/O failed. */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|CANTOPEN|PROTOCOL|NOLFS)/;

interface DriverError {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

function* chain(error: unknown): Generator<DriverError> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as DriverError;
    current = (current as DriverError).cause;
  }
}

/** The connection died or could not be had: nothing on it can have committed after the failure. */
export function isConnectionLost(error: unknown): boolean {
  for (const e of chain(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (LOST_SQLSTATES.has(code) || code.startsWith('08') || LOST_SOCKET_CODES.has(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (LOST_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

/** Any failure that the database's state explains, not the request: answer 503 and let the client retry. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (isConnectionLost(error)) return true;
  for (const e of chain(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_SQLSTATES.has(code) || SQLITE_UNAVAILABLE.test(code)) return true;
  }
  return false;
}

/** A transaction conflict that a second run normally resolves. */
export function isRetryableConflict(error: unknown): boolean {
  for (const e of chain(error)) if (e.code === '40001' || e.code === '40P01') return true;
  return false;
}
