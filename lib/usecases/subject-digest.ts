import { createHmac, randomBytes } from 'node:crypto';
import type { SubjectType } from '../contracts/subject-data';
import { makeSettingsRepo } from '../db/repositories/settings-repo';
import type { Executor } from '../db/repositories/executor';

const DIGEST_KEY_SETTING = 'erasure_digest_key';

/**
 * A keyed digest of an erased id. The erasure record and its audit entry keep this instead of the id:
 * whoever holds the id can check that it was erased (a repeated request finds the earlier one), while
 * the database alone does not reveal it (an unkeyed hash of a short id could be guessed back).
 */
export async function subjectDigest(
  db: Executor,
  tenantId: string,
  type: SubjectType,
  id: string,
): Promise<string> {
  const key = await makeSettingsRepo(db).getOrInit(DIGEST_KEY_SETTING, () =>
    randomBytes(32).toString('base64'),
  );
  const mac = createHmac('sha256', Buffer.from(key, 'base64')).update(`${tenantId}\n${type}\n${id}`);
  return `hmac-sha256:${mac.digest('hex')}`;
}
