import { BlockList, isIP } from 'node:net';

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

// Addresses a webhook must never reach: a tenant could otherwise probe the operator's own network.
const forbidden = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, including cloud metadata 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  forbidden.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local, including fd00:ec2::254 (cloud metadata over IPv6)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 can reach private IPv4
] as const) {
  forbidden.addSubnet(net, prefix, 'ipv6');
}

/** True for loopback, private, link-local, CGNAT, metadata and other non-public addresses. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return forbidden.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return forbidden.check(mapped[1], 'ipv4');
  return forbidden.check(address, 'ipv6');
}
