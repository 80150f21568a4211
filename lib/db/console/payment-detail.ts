import { parseExplanation } from '../../contracts/console/explanation';
import type { PaymentDetail } from '../../contracts/console/payments';
import { makeStoreRepo } from '../repositories/store-repo';
import type { Executor } from '../repositories/executor';
import type { LatLng } from '../../domain/location';
import { makeAuditStore } from './audit-store';
import { clientEvents, loadCaseFeedbacks } from './case-feedbacks';
import { loadDeviceSnapshot } from './device-snapshot';
import { loadLocationSample } from './location-sample';
import { loadRelatedCases } from './related-cases';
import { paymentAddresses, type RequestAddress } from './payment-addresses';
import { toPaymentListItem } from './payment-queue';
import { userEmails } from './user-emails';

type EvidenceAddress = Record<string, unknown>;

/** A payment or login with what the step-up reviewer needs on the map and beside it (tenant-scoped). */
export async function loadPaymentDetail(
  db: Executor,
  tenantId: string,
  id: string,
): Promise<PaymentDetail | null> {
  const t = await db
    .selectFrom('transactions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!t) return null;
  // Trusted places are the account's: its other installations count too (as in the assessment).
  const installations = await db
    .selectFrom('installation_accounts')
    .select('installation_id')
    .where('tenant_id', '=', tenantId)
    .where('account_id', '=', t.account_id)
    .limit(20)
    .execute();
  const installationIds = [
    ...new Set([t.installation_id, ...installations.map((i) => i.installation_id)].filter((i) => i !== null)),
  ];
  const requestAddresses = JSON.parse(t.addresses) as RequestAddress[];
  const [sample, device, feedbacks, audit, emails, related] = await Promise.all([
    loadLocationSample(db, tenantId, installationIds, { target: null, before: Number(t.created_at) }),
    t.installation_id ? loadDeviceSnapshot(db, tenantId, t.installation_id) : null,
    loadCaseFeedbacks(db, tenantId, { paymentId: id }),
    makeAuditStore(db).list(tenantId, { subject: { type: 'payment', id }, limit: 100 }),
    userEmails(db, [t.assigned_to]),
    loadRelatedCases(db, tenantId, {
      caseId: id,
      installationId: t.installation_id,
      deviceId: t.device_id,
      accountIds: [t.account_id],
      address: requestAddresses.find((a) => a.address_coordinates)?.address_coordinates ?? null,
    }),
  ]);
  const evidence = t.evidence ? (JSON.parse(t.evidence) as Record<string, unknown>) : {};
  const evidenceAddresses = Array.isArray(evidence.addresses)
    ? (evidence.addresses as EvidenceAddress[])
    : [];
  const [addresses, store] = await Promise.all([
    paymentAddresses(db, tenantId, requestAddresses, evidenceAddresses),
    t.store_id ? makeStoreRepo(db).find(tenantId, t.store_id) : Promise.resolve(null),
  ]);
  const location = t.location ? (JSON.parse(t.location) as LatLng) : null;
  const methods = JSON.parse(t.payment_methods) as {
    type?: string;
    identifier?: string | null;
    credit_card_info?: { last_four_digits?: string };
    debit_card_info?: { last_four_digits?: string };
  }[];
  return {
    payment: {
      ...toPaymentListItem(t, emails, clientEvents(feedbacks)),
      evidence,
      explanation: parseExplanation(t.explanation),
      evaluated: Number(t.evaluated) === 1,
      review_outcome: t.review_outcome ?? null,
      payment_methods: methods.map((m) => {
        const last4 = m.credit_card_info?.last_four_digits ?? m.debit_card_info?.last_four_digits;
        return { type: m.type ?? 'unknown', summary: last4 ? `•••• ${last4}` : (m.identifier ?? '') };
      }),
      addresses,
      // With a store, the client's location is the store's; without one it is where the client says the payment happened.
      store: t.store_id
        ? {
            id: t.store_id,
            name: store?.name ?? null,
            point: store ? { lat: store.lat, lng: store.lng } : location,
          }
        : null,
      current_location: sample.last
        ? { lat: sample.last.lat, lng: sample.last.lng }
        : t.store_id
          ? null
          : location,
    },
    trusted_locations: sample.places,
    location_events: { total: sample.total, points: sample.points },
    device,
    related,
    feedbacks,
    audit,
  };
}
