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
