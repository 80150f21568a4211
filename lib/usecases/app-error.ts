/**
 * The closed set of failures a use-case reports. The HTTP layer maps each code to a status and body
 * shape once (lib/server/http-errors.ts); tests match on codes, not messages.
 */
export const APP_ERROR_CODES = [
  /**
   * Neither a usable installation_id nor request_token, or the two name different installations
   * (signups answer an empty 400, SPEC §4.1; other routes `{errors}`).
   */
  'invalid_installation',
  /** The request has missing or invalid fields; `problems` lists each one. */
  'invalid_request',
  /** No or bad credentials or token. */
  'unauthenticated',
  /** A valid token without the scope the endpoint needs (empty 403, SPEC §5.1). */
  'forbidden',
  /** The SDK never reported this installation (SPEC §4.1: 404 with a hint about the integration). */
  'installation_not_found',
  /** No signup with this id for this tenant (another tenant's ids are not found either). */
  'signup_not_found',
  /** No payment or login with this id for this tenant. */
  'transaction_not_found',
  /** Some other resource does not exist for this tenant. */
  'not_found',
  /** Too many requests for this credential, tenant, app key or installation (429 with Retry-After). */
  'rate_limited',
  /** The process is at its limit for all tenants together; retry shortly (503 with Retry-After). */
  'overloaded',
  /** The database is unreachable, stalled past its timeouts, busy or full; retry shortly (503 with Retry-After). */
  'database_unavailable',
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    readonly problems: readonly string[] = [],
    /** For `rate_limited` and `overloaded`: when a retry may succeed (the Retry-After header). */
    readonly retryAfterS?: number,
  ) {
    super(problems.length > 0 ? `${code}: ${problems.join('; ')}` : code);
    this.name = 'AppError';
  }
}
