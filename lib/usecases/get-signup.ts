import type { SignupResponse } from '../contracts/signup';
import { makeSignupRepo } from '../db/repositories/signup-repo';
import { AppError } from './app-error';
import { toSignupResponse } from './signup-response';
import type { TenantScope, UseCaseDeps } from './usecase-deps';

// GET /api/v2/onboarding/signups/{id} — the latest assessment
export function makeGetSignup(deps: Pick<UseCaseDeps, 'db'>) {
  return async function getSignup(scope: TenantScope, id: string): Promise<SignupResponse> {
    const signup = await makeSignupRepo(deps.db).find(scope.tenantId, id);
    if (!signup) throw new AppError('signup_not_found');
    return toSignupResponse(signup);
  };
}
