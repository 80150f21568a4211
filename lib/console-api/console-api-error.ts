/** Closed set of failures the console distinguishes when it calls the risk API. */
export type ConsoleApiErrorCode =
  /** No or expired session token: the user signs in again. */
  | 'unauthenticated'
  /** The user's role may not do this. */
  | 'forbidden'
  /** Not found in the user's tenant (another tenant's ids are indistinguishable from missing ones). */
  | 'not_found'
  /** The API rejected the input; `message` says why. */
  | 'invalid'
  /** The case changed meanwhile (claimed by someone else, already decided). */
  | 'conflict'
  /** The API is down or answered something the contract does not allow. */
  | 'unavailable';

export class ConsoleApiError extends Error {
  constructor(
    readonly code: ConsoleApiErrorCode,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ConsoleApiError';
  }
}

const BY_STATUS: Record<number, ConsoleApiErrorCode> = {
  400: 'invalid',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  422: 'invalid',
};

export function errorCodeForStatus(status: number): ConsoleApiErrorCode {
  return BY_STATUS[status] ?? 'unavailable';
}
