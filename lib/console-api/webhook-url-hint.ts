/**
 * What the operator can do when the API refuses a webhook URL: a receiver on a private network or on
 * this machine is refused by default (SSRF protection) and plain http only goes to listed hosts.
 */
export function webhookUrlHint(message: string): string | null {
  if (/non-public address|private|loopback/i.test(message)) {
    return 'A receiver on your own network or on this machine is refused unless the server runs with LOCUS_WEBHOOK_ALLOW_PRIVATE=1 (for development and private deployments).';
  }
  if (/must be https/i.test(message)) {
    return 'Use https, or list the host in LOCUS_WEBHOOK_HTTP_HOSTS on the server to allow plain http to it.';
  }
  if (/does not resolve/i.test(message)) return 'Check the host name: the server could not resolve it.';
  return null;
}
