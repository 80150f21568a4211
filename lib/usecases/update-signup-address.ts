import type { SignupResponse, SignupUpdateRequest } from '../contracts/signup';
import { reposFor } from '../db/repositories/index';
import { AppError } from './app-error';
import { storedDeclaredAddress } from './declared-address-input';
import { evaluateSignup } from './evaluate-signup';
import { geocodeDeclaredAddress } from './geocode-declared-address';
import type { ChangeListener } from './installation-change';
import { recordSignupAssessment } from './record-signup-assessment';
import { toSignupResponse } from './signup-response';
import type { TenantScope, UseCaseDeps } from './usecase-deps';

// PUT /api/v2/onboarding/signups/{id} — a new declared address, assessed at once
export function makeUpdateSignupAddress(deps: UseCaseDeps & { onChange?: ChangeListener }) {
  return async function updateSignupAddress(
    scope: TenantScope,
    id: string,
    request: SignupUpdateRequest,
  ): Promise<SignupResponse> {
    const repos = reposFor(deps.db);
    const signup = await repos.signups.find(scope.tenantId, id);
    if (!signup) throw new AppError('signup_not_found');
    if (signup.erasedAt)
      throw new AppError('invalid_request', ['the signup was erased: it takes no new address']);
    if (request.installation_id && request.installation_id !== signup.installationId) {
      throw new AppError('invalid_request', ['installation_id does not match the signup']);
    }
    const declared = await geocodeDeclaredAddress(deps.geocoder, request);
    const installation = await repos.installations.find(scope.tenantId, signup.installationId);
    const now = deps.clock.now();
    const assessment = await evaluateSignup(
      repos,
      { tenantId: scope.tenantId, signupId: id, installationId: signup.installationId, declared },
      installation,
      now,
    );
    const address = storedDeclaredAddress(request);
    const updated = { ...signup, declaredAddress: address, declared, ...assessment, updatedAt: now };
    // The same path as a reassessment: history row, and a webhook if the change is a notifiable transition.
    await deps.db.transaction().execute(async (trx) => {
      const repos = reposFor(trx);
      await repos.signups.updateAddress(scope.tenantId, id, address, declared);
      await recordSignupAssessment(
        trx,
        { tenantId: scope.tenantId, signupId: id, assessment, trigger: 'address_updated', now },
        deps.newId,
      );
      await deps.onChange?.(repos, {
        kind: 'signup',
        tenantId: scope.tenantId,
        installationId: signup.installationId,
        deviceId: installation?.deviceId ?? null,
        now,
        signupId: id,
        newAddress: true,
        accountLinked: false,
        recheckAt: assessment.recheckAt ?? null,
        reassessUntil: signup.reassessUntil,
      });
    });
    return toSignupResponse(updated);
  };
}
