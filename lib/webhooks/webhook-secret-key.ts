import { randomBytes } from 'node:crypto';
import type { SettingsRepo } from '../db/repositories/settings-repo';
import { makeSecretBox, type SecretBox } from './secret-box';

export const SECRET_KEY_SETTING = 'webhook_secret_key';

/**
 * The key that seals webhook secrets: LOCUS_SECRET_KEY when the operator keeps it outside the
 * database (recommended: a database dump alone then cannot sign webhooks), else one generated once
 * and kept in the settings table so that every instance agrees.
 */
export async function loadSecretBox(
  settings: Pick<SettingsRepo, 'getOrInit'>,
  env: Record<string, string | undefined>,
): Promise<SecretBox> {
  const fromEnv = env.LOCUS_SECRET_KEY?.trim();
  if (fromEnv) return makeSecretBox(Buffer.from(fromEnv, 'utf8'));
  const stored = await settings.getOrInit(SECRET_KEY_SETTING, () => randomBytes(32).toString('base64'));
  return makeSecretBox(Buffer.from(stored, 'base64'));
}
