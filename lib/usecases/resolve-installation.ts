import type { Repos } from '../db/repositories/index';
import type { InstallationRecord } from '../db/repositories/installation-repo';
import { AppError } from './app-error';

export interface InstallationRef {
  installation_id?: string | null | undefined;
  request_token?: string | null | undefined;
}

/** Verifies an SDK request token: the installation it is bound to, or null if invalid, expired or foreign. */
export type RequestTokenVerifier = (tenantId: string, token: string) => Promise<string | null>;

/**
 * Which installation a request names — one rule for signups, transactions and feedback (README, "For
 * mobile developers"):
 * 1. a valid `request_token` (signed by us, unexpired, this tenant's) names its installation; an
 *    `installation_id` sent with it must be the same one (else 400);
 * 2. otherwise `installation_id` names the installation (an invalid, expired or foreign token is ignored);
 * 3. otherwise the request named an installation we cannot identify: `unidentified`.
 * Sending neither is a 400. What an unidentified or unknown installation means is each endpoint's:
 * signups and feedback answer 404; transactions are stored with no device history (`unknown_risk`).
 */
export type ResolvedInstallation = { kind: 'identified'; installationId: string } | { kind: 'unidentified' };

export async function resolveInstallation(
  ref: InstallationRef,
  tenantId: string,
  verifyRequestToken: RequestTokenVerifier,
): Promise<ResolvedInstallation> {
  const given = ref.installation_id?.trim() || null;
  const token = ref.request_token?.trim() || null;
  if (!given && !token)
    throw new AppError('invalid_installation', ['installation_id or request_token is required']);
  const fromToken = token ? await verifyRequestToken(tenantId, token) : null;
  if (fromToken && given && given !== fromToken) {
    throw new AppError('invalid_installation', [
      'installation_id and request_token refer to different installations',
    ]);
  }
  const installationId = fromToken ?? given;
  return installationId ? { kind: 'identified', installationId } : { kind: 'unidentified' };
}

/** The installation the request names, which the SDK must have reported (else the spec's 404). */
export async function findNamedInstallation(
  repos: Pick<Repos, 'installations'>,
  ref: InstallationRef,
  tenantId: string,
  verifyRequestToken: RequestTokenVerifier,
): Promise<InstallationRecord> {
  const resolved = await resolveInstallation(ref, tenantId, verifyRequestToken);
  const installation =
    resolved.kind === 'identified' ? await repos.installations.find(tenantId, resolved.installationId) : null;
  if (!installation) throw new AppError('installation_not_found');
  return installation;
}
