import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isForbiddenAddress } from './webhook-url-policy';

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

export class ForbiddenAddressError extends Error {
  readonly code = 'E_WEBHOOK_FORBIDDEN_ADDRESS';
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to a non-public address (${address})`);
    this.name = 'ForbiddenAddressError';
  }
}

/**
 * A `lookup` for the socket that refuses non-public answers. The socket connects to the very address
 * checked here, so a DNS answer that changes after the check (rebinding) cannot slip through.
 */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => isForbiddenAddress(a.address));
    if (bad) return callback(new ForbiddenAddressError(hostname, bad.address), '');
    const first = list[0];
    if (!first)
      return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
    if (options.all) return callback(null, list);
    callback(null, first.address, first.family);
  });
}
