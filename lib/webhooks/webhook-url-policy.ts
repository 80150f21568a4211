import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** What the operator allows webhook URLs to reach. */
export interface WebhookUrlPolicy {
  /** LOCUS_WEBHOOK_ALLOW_PRIVATE=1: loopback and private addresses are reachable (local receivers, tests). */
  allowPrivate: boolean;
  /** LOCUS_WEBHOOK_HTTP_HOSTS: hosts that may be called over plain http (comma-separated). */
  httpHosts: readonly string[];
}

export function webhookUrlPolicyFromEnv(env: Record<string, string | undefined>): WebhookUrlPolicy {
  return {
    allowPrivate: env.LOCUS_WEBHOOK_ALLOW_PRIVATE === '1',
    httpHosts: (env.LOCUS_WEBHOOK_HTTP_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  };
}

/**
 * IPv6 has one block of global unicast addresses (RFC 4291 §2.4); everything outside it is special.
 * Inside it, ipaddr.js's range table names the special blocks (6to4 2002::/16, Teredo 2001::/32,
 * NAT64 64:ff9b::/96, documentation, benchmarking, ORCHID…) that can tunnel to, or translate into, an
 * IPv4 address of our own network.
 */
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/**
 * The one IP policy for outbound calls: only an address that ipaddr.js classifies as plain `unicast`
 * may be reached. Loopback, private, link-local, carrier-grade NAT, multicast, reserved, unspecified,
 * broadcast, unique-local and every IPv6 form that embeds an IPv4 address (IPv4-compatible ::/96,
 * 6to4, Teredo, NAT64, SIIT) are refused. IPv4-mapped addresses (::ffff:a.b.c.d) are judged by the
 * IPv4 address they carry. Applied when a URL is saved and again, on the resolved address, at connect time.
 */
export function isForbiddenAddress(address: string): boolean {
  if (isIP(address) === 0) return true;
  const parsed = ipaddr.process(address);
  if (parsed.range() !== 'unicast') return true;
  return parsed.kind() === 'ipv6' && !parsed.match(IPV6_GLOBAL_UNICAST);
}
