import { AppError } from './app-error';

export interface InstallationRef {
  installation_id?: string | null | undefined;
  request_token?: string | null | undefined;
}

/** Verifies an SDK request token: the installation it is bound to, or null if invalid, expired or foreign. */
export type RequestTokenVerifier = (tenantId: string, token: string) => Promise<string | null>;

/**
 * The installation a request is about: `installation_id` or `request_token` (at least one; when both,
 * they must agree). Null means "unknown installation" (an invalid token counts as unknown).
 */
export async function resolveInstallation(
  ref: InstallationRef,
  tenantId: string,
  verifyRequestToken: RequestTokenVerifier,
): Promise<string | null> {
  const given = ref.installation_id?.trim() || null;
  const token = ref.request_token?.trim() || null;
  if (!given && !token)
    throw new AppError('invalid_installation', ['installation_id or request_token is required']);
  if (!token) return given;
  const fromToken = await verifyRequestToken(tenantId, token);
  if (given && fromToken && given !== fromToken) {
    throw new AppError('invalid_request', [
      'installation_id and request_token refer to different installations',
    ]);
  }
  return fromToken ?? null;
}
