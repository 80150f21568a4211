import type { SecretBox } from './secret-box';
import type { WebhookRequest } from './send-webhook';
import type { WebhookConfigRecord } from './webhook-config-repo';

type SealedSecrets = Pick<
  WebhookConfigRecord,
  'tenantId' | 'secretSealed' | 'previousSecretSealed' | 'previousSecretExpiresAt'
>;

/** A rotated-out secret keeps signing (second header) until its grace period ends. */
export function previousSecretLive(config: SealedSecrets, now: number): boolean {
  return config.previousSecretSealed !== null && (config.previousSecretExpiresAt ?? 0) > now;
}

/** The secrets that sign a request sent at `now`: the current one, and the previous one while it is live. */
export function signingSecrets(
  config: SealedSecrets,
  box: SecretBox,
  now: number,
): WebhookRequest['secrets'] {
  return {
    current: box.open(config.secretSealed, config.tenantId),
    previous:
      config.previousSecretSealed !== null && previousSecretLive(config, now)
        ? box.open(config.previousSecretSealed, config.tenantId)
        : null,
  };
}
