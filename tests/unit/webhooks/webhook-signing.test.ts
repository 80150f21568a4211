import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verifyWebhookSignature, webhookSignature } from '../../../lib/domain/webhook/webhook-signature';
import { makeSecretBox, newSigningSecret } from '../../../lib/webhooks/secret-box';
import { signedHeaders } from '../../../lib/webhooks/send-webhook';
import { webhookBody } from '../../../lib/webhooks/webhook-body';

describe('webhook signing', () => {
  it('matches the SPEC §5.2 construction: HMAC-SHA256 hex over "<timestamp>.<body>"', () => {
    // Reference computed independently: printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac secret
    expect(webhookSignature('secret', '1700000000', '{"a":1}')).toBe(
      '49f24e537407743fa4a0242bb63b94b9a47ee99cbbe071ccd8a22550ae411686',
    );
  });

  it('any change to body or timestamp breaks the signature', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.string({ minLength: 1 }),
        (body, ts, extra) => {
          const secret = newSigningSecret();
          const signature = webhookSignature(secret, String(ts), body);
          expect(verifyWebhookSignature(secret, String(ts), body, signature)).toBe(true);
          expect(verifyWebhookSignature(secret, String(ts), body + extra, signature)).toBe(false);
          expect(verifyWebhookSignature(secret, String(ts + 1), body, signature)).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('signs with the previous secret in a second header only during a rotation', () => {
    const body = '{"event_id":"e1"}';
    const plain = signedHeaders({
      url: 'https://x',
      body,
      headerPrefix: 'Service',
      secrets: { current: 'new', previous: null },
      timestamp: 1,
    });
    expect(Object.keys(plain)).toEqual([
      'content-type',
      'user-agent',
      'Service-Timestamp',
      'Service-Signature',
    ]);
    const rotating = signedHeaders({
      url: 'https://x',
      body,
      headerPrefix: 'Incognia',
      secrets: { current: 'new', previous: 'old' },
      timestamp: 1,
    });
    expect(rotating['Incognia-Signature']).toBe(webhookSignature('new', '1', body));
    expect(rotating['Incognia-Signature-Previous']).toBe(webhookSignature('old', '1', body));
  });

  it('seals secrets so that only the right key and tenant open them', () => {
    const box = makeSecretBox(randomBytes(32));
    const sealed = box.seal('whsec_abc', 'tenant-1');
    expect(sealed).not.toContain('whsec_abc');
    expect(box.open(sealed, 'tenant-1')).toBe('whsec_abc');
    expect(() => box.open(sealed, 'tenant-2')).toThrow();
    expect(() => makeSecretBox(randomBytes(32)).open(sealed, 'tenant-1')).toThrow();
    expect(
      makeSecretBox(Buffer.from('a passphrase')).open(
        makeSecretBox(Buffer.from('a passphrase')).seal('s', 't'),
        't',
      ),
    ).toBe('s');
  });

  it('builds the SPEC §6.1 body with only the webhook evidence subset', () => {
    const body = JSON.parse(
      webhookBody({
        eventId: 'e1',
        signupId: 's1',
        installationId: 'i1',
        eventType: 'verification',
        before: 'unknown_risk',
        after: 'low_risk',
        triggeredAt: Date.UTC(2026, 0, 1),
        evidence: {
          device_model: 'Pixel 8',
          geocode_quality: 'good',
          location_events_near_address: 12,
          location_events_quantity: 40,
          device_fraud_reputation: 'unknown',
          device_behavior_reputation: 'allowed',
          accessed_accounts: 1,
          app_reinstallations: 0,
          different_declared_addresses: 1,
        },
      }),
    );
    expect(body).toEqual({
      event_id: 'e1',
      signup_id: 's1',
      installation_id: 'i1',
      event_type: 'verification',
      risk_assessment_before: 'unknown_risk',
      risk_assessment_after: 'low_risk',
      triggered_at: '2026-01-01T00:00:00.000Z',
      evidence: {
        device_model: 'Pixel 8',
        geocode_quality: 'good',
        location_events_near_address: 12,
        location_events_quantity: 40,
      },
    });
  });
});
