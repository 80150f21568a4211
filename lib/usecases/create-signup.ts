import type { SignupRequest, SignupResponse } from '../contracts/signup';
import { REASSESSMENT_WINDOW_MS } from '../domain/signup/signup-transition';
import { inTransaction, reposFor } from '../db/repositories/index';
import type { SignupRecord } from '../db/repositories/signup-record';
import { storedDeclaredAddress } from './declared-address-input';
import { declaresNewAddress, judgeSignup, loadNamedSignupContext } from './evaluate-signup';
import { geocodeDeclaredAddress } from './geocode-declared-address';
import type { ChangeListener, SignupChange } from './installation-change';
import type { RequestTokenVerifier } from './resolve-installation';
import { toSignupResponse } from './signup-response';
import type { TenantScope, UseCaseDeps } from './usecase-deps';

// POST /api/v2/onboarding/signups — assess a new signup
export function makeCreateSignup(
  deps: UseCaseDeps & { verifyRequestToken: RequestTokenVerifier; onChange?: ChangeListener },
) {
  return async function createSignup(scope: TenantScope, request: SignupRequest): Promise<SignupResponse> {
    const repos = reposFor(deps.db);
    const now = deps.clock.now();
    const { installation, context } = await loadNamedSignupContext(
      repos,
      request,
      scope.tenantId,
      deps.verifyRequestToken,
      now,
    );
    const { installationId } = installation;

    const declared = await geocodeDeclaredAddress(deps.geocoder, request);
    const id = deps.newId();
    const assessment = judgeSignup(context, { signupId: id, declared }, now);
    const signup: SignupRecord = {
      id,
      tenantId: scope.tenantId,
      installationId,
      deviceId: installation.deviceId,
      requestId: deps.newId(),
      declaredAddress: storedDeclaredAddress(request),
      declared,
      riskAssessment: assessment.riskAssessment,
      reasons: assessment.reasons,
      evidence: assessment.evidence,
      explanation: assessment.explanation ?? null,
      createdAt: now,
      updatedAt: now,
      reassessUntil: now + REASSESSMENT_WINDOW_MS,
    };
    const newAddress = declaresNewAddress(context, declared);
    const change: SignupChange = {
      kind: 'signup',
      tenantId: scope.tenantId,
      installationId,
      deviceId: installation.deviceId,
      now,
      signupId: id,
      newAddress,
      // As if the insert found no open signups around a new address: what it asks the listener about.
      openBefore: newAddress ? { own: 0, onDevice: [] } : null,
      accountLinked: false,
      recheckAt: assessment.recheckAt ?? null,
      reassessUntil: signup.reassessUntil,
    };
    // Most signups write the signup and nothing else, without a transaction around it: those of a known
    // device that declare no new address, and those whose new address finds no open signups around it
    // (counted by the insert, which writes nothing when it finds some: then the transaction below).
    const alone =
      !request.account_id && (!deps.onChange || deps.onChange.writesNothingFor?.(change) === true);
    if (alone && (await repos.signups.insertCreatedAlone(signup, newAddress))) {
      return toSignupResponse(signup);
    }
    await inTransaction(deps.db, async (trx) => {
      // A new address makes the change count the open signups around it: read by the insert where that saves a round trip.
      change.openBefore = await trx.signups.insertCreated(signup, newAddress);
      change.accountLinked = request.account_id
        ? await trx.installations.linkAccount(
            scope.tenantId,
            installationId,
            request.account_id,
            installation.deviceId,
            now,
          )
        : false;
      await deps.onChange?.(trx, change);
    });
    return toSignupResponse(signup);
  };
}
