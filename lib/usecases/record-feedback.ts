import type { FeedbackRequest } from '../contracts/feedback';
import type { TransactionRequest } from '../contracts/transaction';
import { inTransaction, reposFor, type Repos } from '../db/repositories/index';
import { geocodeAddresses } from './create-transaction';
import { AppError } from './app-error';
import type { ChangeListener } from './installation-change';
import { findNamedInstallation, type RequestTokenVerifier } from './resolve-installation';
import type { TenantScope, UseCaseDeps } from './usecase-deps';

export interface FeedbackOrigin {
  origin: 'api' | 'console';
  author: string | null;
  comment: string | null;
}

// POST /api/v2/feedbacks — and analyst decisions in the console, stored as the same feedback
export function makeRecordFeedback(
  deps: UseCaseDeps & { verifyRequestToken: RequestTokenVerifier; onChange?: ChangeListener },
) {
  return async function recordFeedback(
    scope: TenantScope,
    request: FeedbackRequest,
    origin: FeedbackOrigin,
    dryRun = false,
  ): Promise<void> {
    const repos = reposFor(deps.db);
    const installationId = await installationOf(repos, scope.tenantId, request, deps.verifyRequestToken);
    const now = deps.clock.now();
    if (dryRun) return;
    const chargedBack = await chargebackPoints(repos, deps, scope.tenantId, request);
    await inTransaction(deps.db, async (trx) => {
      if (chargedBack && !(await trx.areaStats.alreadyChargedBack(scope.tenantId, chargedBack.paymentId))) {
        await trx.areaStats.countChargeback(scope.tenantId, chargedBack.points);
      }
      await trx.feedbacks.insert({
        id: deps.newId(),
        tenantId: scope.tenantId,
        event: request.event,
        occurredAt: request.timestamp ?? request.occurred_at ?? now,
        expiresAt: request.expires_at ?? null,
        externalId: request.external_id ?? null,
        signupId: request.signup_id ?? null,
        paymentId: request.payment_id ?? null,
        loginId: request.login_id ?? null,
        accountId: request.account_id ?? null,
        installationId,
        origin: origin.origin,
        author: origin.author,
        comment: origin.comment,
        createdAt: now,
      });
      if (installationId && deps.onChange) {
        const installation = await trx.installations.find(scope.tenantId, installationId);
        const deviceId = installation?.deviceId ?? null;
        await deps.onChange(trx, {
          kind: 'feedback',
          tenantId: scope.tenantId,
          installationId,
          deviceId,
          now,
        });
      }
    });
  };
}

const CHARGEBACK_EVENTS = new Set(['chargeback', 'chargeback_notification']);

/** A chargeback about a known payment: the payment's address points, whose areas' counters it raises. */
async function chargebackPoints(repos: Repos, deps: UseCaseDeps, tenantId: string, r: FeedbackRequest) {
  if (!CHARGEBACK_EVENTS.has(r.event) || !r.payment_id) return null;
  const payment = await repos.transactions.find(tenantId, r.payment_id);
  if (!payment || payment.type !== 'payment') return null;
  const addresses = await geocodeAddresses(deps.geocoder, {
    addresses: payment.addresses as TransactionRequest['addresses'],
  });
  return {
    paymentId: payment.id,
    points: addresses.flatMap((a) => (a.declared.point ? [a.declared.point] : [])),
  };
}

/**
 * The installation the feedback is about, from the most specific id given; unknown signup, payment and
 * login ids are a 400. A device named by request_token or installation_id follows the one rule of
 * resolveInstallation: an unusable token or an installation the SDK never reported is a 404, as on signups.
 */
async function installationOf(
  repos: Repos,
  tenantId: string,
  r: FeedbackRequest,
  verifyRequestToken: RequestTokenVerifier,
): Promise<string | null> {
  const named =
    r.request_token || r.installation_id
      ? (await findNamedInstallation(repos, r, tenantId, verifyRequestToken)).installationId
      : null;
  if (r.signup_id) {
    const signup = await repos.signups.find(tenantId, r.signup_id);
    if (!signup) throw new AppError('invalid_request', ['signup_id: not found']);
    return signup.installationId;
  }
  const paymentId = r.payment_id ?? r.login_id;
  if (paymentId) {
    const t = await repos.transactions.find(tenantId, paymentId);
    if (!t) throw new AppError('invalid_request', [`${r.payment_id ? 'payment_id' : 'login_id'}: not found`]);
    return t.installationId;
  }
  return named;
}
