/** E2E runs seed and wipe data: they refuse any database that is not a file or a server on this machine. */
export function assertLocalDatabase(url: string): void {
  if (url.startsWith('sqlite:')) return;
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1'].includes(host)) {
    throw new Error(`refusing to run e2e tests against the non-local database ${host}`);
  }
}
