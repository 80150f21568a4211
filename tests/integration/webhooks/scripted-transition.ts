import type { SignupEvidence } from '../../../lib/domain/signup/signup-evidence';
import type { RiskAssessment } from '../../../lib/domain/risk';
import { recordSignupAssessment } from '../../../lib/usecases/record-signup-assessment';
import { DEVICE } from '../test-api';
import type { WorkerTestApi } from '../test-api';

const HOME = { lat: -23.5614, lng: -46.6559 };

/**
 * A signup (unknown_risk) whose next assessment is scripted rather than computed, so that delivery
 * tests do not depend on the risk rules: the outbox path is the production one.
 */
export async function signupWithTransition(
  t: WorkerTestApi,
  installationId: string,
  after: RiskAssessment = 'low_risk',
) {
  await t.ingest(installationId, { device: DEVICE, events: [] });
  const created = await t.request('POST', '/api/v2/onboarding/signups', {
    installation_id: installationId,
    address_coordinates: HOME,
  });
  const signup = created.json<{ id: string; evidence: SignupEvidence }>();
  const recorded = await t.runtime.db.transaction().execute((trx) =>
    recordSignupAssessment(
      trx,
      {
        tenantId: t.tenant.tenant_id,
        signupId: signup.id,
        assessment: {
          riskAssessment: after,
          reasons: [],
          evidence: { ...signup.evidence, location_events_quantity: 9 },
        },
        trigger: 'location_events',
        now: t.clock.now(),
      },
      () => crypto.randomUUID(),
    ),
  );
  return { signupId: signup.id, eventId: recorded.kind === 'changed' ? recorded.eventId : null };
}
