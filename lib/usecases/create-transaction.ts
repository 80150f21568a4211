import type { TransactionRequest, TransactionResponse } from '../contracts/transaction';
import type { ChargebackRates, PaymentAddress } from '../domain/payment/assess-payment';
import type { DeclaredLocation } from '../domain/address';
import type { LatLng } from '../domain/location';
import { inTransaction, reposFor } from '../db/repositories/index';
import type { TransactionRecord } from '../db/repositories/transaction-record';
import type { Geocoder } from '../geocode/types';
import { evaluateTransaction, OTHER_INSTALLATIONS_LIMIT } from './evaluate-transaction';
import { geocodeDeclaredAddress } from './geocode-declared-address';
import type { ChangeListener } from './installation-change';
import { resolveInstallation, type RequestTokenVerifier } from './resolve-installation';
import type { TenantScope, UseCaseDeps } from './usecase-deps';

// POST /api/v2/authentication/transactions — assess (or just register) a payment or login
export function makeCreateTransaction(
  deps: UseCaseDeps & { verifyRequestToken: RequestTokenVerifier; onChange?: ChangeListener },
) {
  return async function createTransaction(
    scope: TenantScope,
    request: TransactionRequest,
    evaluate: boolean,
  ): Promise<TransactionResponse | Record<string, never>> {
    const repos = reposFor(deps.db);
    const resolved = await resolveInstallation(request, scope.tenantId, deps.verifyRequestToken);
    // An unknown or unidentified installation still gets an answer (unknown_risk): payments are never
    // lost. Unidentified ones are stored under no installation at all, so nothing pools on a placeholder.
    const installationId = resolved.kind === 'identified' ? resolved.installationId : null;
    // Registered payments are counted per area even unevaluated: the denominator of the chargeback rates.
    // An unevaluated login needs neither: its addresses are stored as sent, without geocoding.
    const geocoded =
      evaluate || request.type === 'payment' ? await geocodeAddresses(deps.geocoder, request) : [];
    // An evaluated transaction is judged by the chargeback rates around its addresses.
    const ratePoints = evaluate ? distinctPoints(geocoded) : [];
    // An evaluated transaction reads the installation row with the device's and the account's history,
    // and the rates around its addresses with them.
    const found =
      installationId && evaluate
        ? await repos.deviceHistory.findForPayment(
            scope.tenantId,
            installationId,
            request.account_id,
            OTHER_INSTALLATIONS_LIMIT,
            ratePoints,
          )
        : null;
    const installation =
      found?.installation ??
      (installationId && !evaluate ? await repos.installations.find(scope.tenantId, installationId) : null);
    const rates = found?.rates ?? (await repos.areaStats.ratesAt(scope.tenantId, ratePoints));
    const addresses = geocoded.map((a) => ({ ...a, chargebackRates: rateAt(ratePoints, rates, a) }));
    const now = deps.clock.now();
    const paymentValue = request.payment_value
      ? { amount: request.payment_value.amount, currency: request.payment_value.currency.toUpperCase() }
      : null;
    const record: TransactionRecord = {
      id: deps.newId(),
      tenantId: scope.tenantId,
      installationId,
      deviceId: installation?.deviceId ?? null,
      accountId: request.account_id,
      type: request.type,
      externalId: request.external_id ?? null,
      addresses: request.addresses ?? [],
      paymentValue,
      paymentMethods: request.payment_methods ?? [],
      storeId: request.store_id ?? null,
      location: request.location ? { lat: request.location.latitude, lng: request.location.longitude } : null,
      evaluated: evaluate,
      riskAssessment: null,
      reasons: null,
      evidence: null,
      explanation: null,
      createdAt: now,
    };
    if (evaluate) {
      const assessment = await evaluateTransaction(repos, {
        tenantId: scope.tenantId,
        installationId,
        installation,
        ...(found ? { stored: found.history } : {}),
        request,
        addresses,
        paymentValue,
        now,
      });
      Object.assign(record, {
        riskAssessment: assessment.riskAssessment,
        reasons: assessment.reasons,
        evidence: assessment.evidence,
        explanation: assessment.explanation,
      });
    }
    // Logins are not counted per area.
    const countedAt =
      request.type === 'payment'
        ? addresses.flatMap((a) => (a.declared.point ? [a.declared.point] : []))
        : [];
    // Most transactions are by an account their installation knows already, and a write that links no new
    // account calls for nothing else: it goes alone, without a transaction around it. It writes nothing
    // when the account is new to the installation: then the write and what it arms go in one transaction.
    if (!(await repos.transactions.insertRecordedAlone(record, countedAt))) {
      await inTransaction(deps.db, async (trx) => {
        const linked = await trx.transactions.insertRecorded(record, countedAt);
        // A new account on the device changes its graph, which its open signups are judged by.
        if (linked && installationId) {
          await deps.onChange?.(trx, {
            kind: 'graph',
            tenantId: scope.tenantId,
            installationId,
            deviceId: record.deviceId,
            now,
          });
        }
      });
    }
    if (!evaluate || !record.evidence || !record.riskAssessment) return {};
    return {
      id: record.id,
      risk_assessment: record.riskAssessment,
      reasons: record.reasons ?? [],
      evidence: record.evidence,
      ...(record.deviceId ? { device_id: record.deviceId } : {}),
    };
  };
}

/**
 * Geocodes each address of the request (no chargeback rates: `chargebackRates` is null). Shipping and
 * billing are often the same address: it is geocoded once.
 */
export async function geocodeAddresses(
  geocoder: Geocoder,
  request: Pick<TransactionRequest, 'addresses'>,
): Promise<PaymentAddress[]> {
  const result: PaymentAddress[] = [];
  const done = new Map<string, DeclaredLocation | null>();
  for (const a of request.addresses ?? []) {
    const { type, ...address } = a;
    const key = JSON.stringify(address);
    if (!done.has(key)) done.set(key, await geocodeDeclaredAddress(geocoder, address));
    const declared = done.get(key);
    if (declared) result.push({ type, declared, chargebackRates: null });
  }
  return result;
}

/** The addresses' points, each once (shipping and billing at one point are rated once). */
function distinctPoints(addresses: readonly PaymentAddress[]): LatLng[] {
  const points = new Map<string, LatLng>();
  for (const { declared } of addresses)
    if (declared.point) points.set(`${declared.point.lat},${declared.point.lng}`, declared.point);
  return [...points.values()];
}

/** The rates at an address's point (`rates` in the order of `points`); null for an address without a point or not rated. */
function rateAt(
  points: readonly LatLng[],
  rates: readonly ChargebackRates[],
  { declared }: PaymentAddress,
): ChargebackRates | null {
  const point = declared.point;
  if (!point) return null;
  const index = points.findIndex((p) => p.lat === point.lat && p.lng === point.lng);
  return rates[index] ?? null;
}
