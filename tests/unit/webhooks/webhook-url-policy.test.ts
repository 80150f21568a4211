import { describe, expect, it } from 'vitest';
import { checkWebhookUrlShape } from '../../../lib/webhooks/assert-webhook-url';
import { isForbiddenAddress, webhookUrlPolicyFromEnv } from '../../../lib/webhooks/webhook-url-policy';

describe('webhook URL policy', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.5',
    '172.20.1.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.12.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '255.255.255.255', // broadcast
    '224.0.0.251', // multicast
    '198.51.100.7', // documentation
    '240.1.2.3', // reserved
    '::', // unspecified
    '::7f00:1', // IPv4-compatible ::/96 (how `[::127.0.0.1]` is stored)
    '::a00:1', // IPv4-compatible 10.0.0.1
    '2002:7f00:1::', // 6to4 of 127.0.0.1
    '2002:808:808::1', // 6to4, whatever it embeds
    '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
    '2001::1', // Teredo prefix
    '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
    '64:ff9b::808:808', // NAT64 reaches whatever IPv4 the gateway can
    '64:ff9b:1::a00:1', // local-use NAT64 (RFC 8215)
    '::ffff:0:7f00:1', // SIIT (RFC 6145)
    'fc00::1', // unique local
    'fec0::1', // deprecated site-local
    'ff02::1', // multicast
    '2001:db8::1', // documentation
    '100::1', // discard
    '4000::1', // outside global unicast 2000::/3
    'not-an-address',
    '0x7f.1', // not a literal node accepts: never guessed at
  ])('refuses the non-public address %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '151.101.1.69', '2606:4700::1111', '::ffff:8.8.4.4'])(
    'allows the public address %s',
    (address) => {
      expect(isForbiddenAddress(address)).toBe(false);
    },
  );

  it('wants https, or http to an allow-listed host, and no credentials', () => {
    const policy = webhookUrlPolicyFromEnv({ LOCUS_WEBHOOK_HTTP_HOSTS: 'receiver.internal, 127.0.0.1' });
    expect(checkWebhookUrlShape('https://example.com/h', policy).ok).toBe(true);
    expect(checkWebhookUrlShape('http://example.com/h', policy).ok).toBe(false);
    expect(checkWebhookUrlShape('http://receiver.internal:8080/h', policy).ok).toBe(true);
    expect(checkWebhookUrlShape('ftp://example.com/h', policy).ok).toBe(false);
    expect(checkWebhookUrlShape('https://a:b@example.com/h', policy).ok).toBe(false);
    expect(checkWebhookUrlShape('not a url', policy).ok).toBe(false);
  });

  it('allows private addresses only when the operator says exactly 1', () => {
    expect(webhookUrlPolicyFromEnv({ LOCUS_WEBHOOK_ALLOW_PRIVATE: '1' }).allowPrivate).toBe(true);
    expect(webhookUrlPolicyFromEnv({ LOCUS_WEBHOOK_ALLOW_PRIVATE: 'yes' }).allowPrivate).toBe(false);
    expect(webhookUrlPolicyFromEnv({}).allowPrivate).toBe(false);
  });
});
