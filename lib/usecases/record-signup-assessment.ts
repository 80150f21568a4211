import { onPostgres, type Executor } from '../db/repositories/executor';
import { reposFor } from '../db/repositories/index';
import type { SignupAssessment } from '../domain/signup/assess-signup';
import { signupTransition, type WebhookEventType } from '../domain/signup/signup-transition';
import type { RiskAssessment } from '../domain/risk';
import { enqueueWebhookDelivery } from '../jobs/deliver-webhook-job';
import { makeWebhookConfigRepo } from '../webhooks/webhook-config-repo';
import { webhookBody } from '../webhooks/webhook-body';
import { makeWebhookOutboxRepo } from '../webhooks/webhook-outbox-repo';

export interface AssessmentToRecord {
  tenantId: string;
  signupId: string;
  assessment: SignupAssessment;
  /** Why it was assessed: address_updated, or what triggered the reassessment (InstallationChange kinds, time). */
  trigger: string;
  now: number;
}

export type RecordedAssessment =
  | { kind: 'unchanged' }
  | { kind: 'missing' }
  | { kind: 'changed'; before: RiskAssessment; eventType: WebhookEventType | null; eventId: string | null };

/**
 * Stores a new assessment of a signup and, when it is a notifiable transition the tenant asked for,
 * the webhook event and its delivery job. Call inside a transaction: the assessment and the outbox
 * row commit together or not at all, so a crash can never lose a notification (SPEC §6.3.1).
 */
export async function recordSignupAssessment(
  trx: Executor,
  input: AssessmentToRecord,
  newId: () => string,
): Promise<RecordedAssessment> {
  const { tenantId, signupId, assessment, now } = input;
  // Two workers reassessing the same signup must see each other's result, so that both cannot notify the
  // same transition: on PostgreSQL the row is read FOR UPDATE (the second waits for the first's commit and
  // reads its row); a SQLite transaction holds the write lock from its BEGIN (sqlite-driver.ts).
  const current = trx
    .selectFrom('signups')
    .select(({ exists, selectFrom }) => [
      'installation_id',
      'risk_assessment',
      'reasons',
      'evidence',
      'notify',
      'reassess_until',
      // Whether the history holds the signup's created assessment yet (signup-history.ts).
      exists(
        selectFrom('signup_assessments as a').select('a.id').whereRef('a.signup_id', '=', 'signups.id'),
      ).as('history'),
    ])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', signupId)
    // An erased signup takes no new evidence (a reassessment that started before the erasure ends here).
    .where('erased_at', 'is', null);
  const row = await (onPostgres(trx) ? current.forUpdate() : current).executeTakeFirst();
  if (!row) return { kind: 'missing' };
  const reasons = JSON.stringify(assessment.reasons);
  const evidence = JSON.stringify(assessment.evidence);
  const before = row.risk_assessment as RiskAssessment;
  if (before === assessment.riskAssessment && row.reasons === reasons && row.evidence === evidence) {
    return { kind: 'unchanged' };
  }

  const repos = reposFor(trx);
  const explanation = assessment.explanation ?? null;
  // The signup's columns still hold the verdict it was created with, its first assessment: kept before they change.
  if (!row.history) await repos.signups.keepCreatedAssessment(tenantId, signupId);
  await repos.signups.updateAssessment({
    id: signupId,
    tenantId,
    ...assessment,
    explanation,
    updatedAt: now,
  });
  await repos.signups.insertAssessment({
    id: newId(),
    tenantId,
    signupId,
    riskAssessment: assessment.riskAssessment,
    reasons: assessment.reasons,
    evidence: assessment.evidence,
    explanation,
    trigger: input.trigger,
    assessedAt: now,
  });

  const eventType = signupTransition(before, assessment.riskAssessment);
  if (!eventType || row.notify !== 1 || now > row.reassess_until) {
    return { kind: 'changed', before, eventType, eventId: null };
  }
  const config = await makeWebhookConfigRepo(trx).find(tenantId);
  if (!config?.eventTypes.includes(eventType)) return { kind: 'changed', before, eventType, eventId: null };

  const eventId = newId();
  const body = webhookBody({
    eventId,
    signupId,
    installationId: row.installation_id,
    eventType,
    before,
    after: assessment.riskAssessment,
    triggeredAt: now,
    evidence: assessment.evidence,
  });
  await makeWebhookOutboxRepo(trx).insertEvent({
    id: eventId,
    tenantId,
    signupId,
    eventType,
    before,
    after: assessment.riskAssessment,
    body,
    triggeredAt: now,
    createdAt: now,
  });
  await enqueueWebhookDelivery(repos.jobs, tenantId, eventId, now);
  return { kind: 'changed', before, eventType, eventId };
}
