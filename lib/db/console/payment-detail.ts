import type { PaymentAddress, PaymentDetail } from '../../contracts/console/payments';
import type { Executor } from '../repositories/executor';
import type { LatLng } from '../../domain/location';
import { makeAuditStore } from './audit-store';
import { clientEvents, loadCaseFeedbacks } from './case-feedbacks';
import { sentAddressLabel } from './declared-address-label';
import { loadDeviceSnapshot } from './device-snapshot';
import { loadLocationSample } from './location-sample';
import { toPaymentListItem } from './payment-queue';
import { userEmails } from './user-emails';

type RequestAddress = {
  type?: string;
  address_line?: string | null;
  structured_address?: Record<string, string> | null;
  address_coordinates?: LatLng | null;
};
type EvidenceAddress = Record<string, unknown>;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

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
  const [sample, device, feedbacks, audit, emails] = await Promise.all([
    loadLocationSample(db, tenantId, installationIds, { target: null, before: Number(t.created_at) }),
    t.installation_id ? loadDeviceSnapshot(db, tenantId, t.installation_id) : null,
    loadCaseFeedbacks(db, tenantId, { paymentId: id }),
    makeAuditStore(db).list(tenantId, { subject: { type: 'payment', id }, limit: 100 }),
    userEmails(db, [t.assigned_to]),
  ]);
  const evidence = t.evidence ? (JSON.parse(t.evidence) as Record<string, unknown>) : {};
  const evidenceAddresses = Array.isArray(evidence.addresses)
    ? (evidence.addresses as EvidenceAddress[])
    : [];
  const requestAddresses = JSON.parse(t.addresses) as RequestAddress[];
  const addresses: PaymentAddress[] = requestAddresses.map((a, i) => {
    const e = evidenceAddresses[i] ?? {};
    return {
      type: a.type ?? String(e.type ?? 'address'),
      label: sentAddressLabel(a),
      point: a.address_coordinates ?? null,
      location_events_near_address: num(e.location_events_near_address),
      chargeback_rate_near_150_meters: num(e.chargeback_rate_near_150_meters),
      chargeback_rate_near_1500_meters: num(e.chargeback_rate_near_1500_meters),
      chargeback_rate_near_5000_meters: num(e.chargeback_rate_near_5000_meters),
    };
  });
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
      evaluated: Number(t.evaluated) === 1,
      review_outcome: t.review_outcome ?? null,
      payment_methods: methods.map((m) => {
        const last4 = m.credit_card_info?.last_four_digits ?? m.debit_card_info?.last_four_digits;
        return { type: m.type ?? 'unknown', summary: last4 ? `•••• ${last4}` : (m.identifier ?? '') };
      }),
      addresses,
      // With a store, the client's location is the store's; without one it is where the client says the payment happened.
      store: t.store_id ? { id: t.store_id, point: location } : null,
      current_location: sample.last
        ? { lat: sample.last.lat, lng: sample.last.lng }
        : t.store_id
          ? null
          : location,
    },
    trusted_locations: sample.places,
    location_events: { total: sample.total, points: sample.points },
    device,
    feedbacks,
    audit,
  };
}
