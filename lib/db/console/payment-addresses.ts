import type { PaymentAddress } from '../../contracts/console/payments';
import type { LatLng } from '../../domain/location';
import type { Executor } from '../repositories/executor';
import { chargebackCountsNear, type RingKey } from './area-counts';
import { sentAddressLabel } from './declared-address-label';

export type RequestAddress = {
  type?: string;
  address_line?: string | null;
  structured_address?: Record<string, string> | null;
  address_coordinates?: LatLng | null;
};
type EvidenceAddress = Record<string, unknown>;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const RINGS: [number, RingKey, string][] = [
  [150, 'near150', 'chargeback_rate_near_150_meters'],
  [1500, 'near1500', 'chargeback_rate_near_1500_meters'],
  [5000, 'near5000', 'chargeback_rate_near_5000_meters'],
];

/**
 * The evidence entry of each address sent. The assessment lists only the addresses it could geocode, in
 * order, so entries are matched by type in turn rather than by position (a text-only address that could
 * not be placed would otherwise shift every later address onto its neighbour's rates).
 */
function evidenceFor(sent: RequestAddress[], evidence: EvidenceAddress[]): (EvidenceAddress | null)[] {
  const unused = [...evidence];
  return sent.map((a) => {
    const at = unused.findIndex((e) => e.type === (a.type ?? e.type));
    return at < 0 ? null : (unused.splice(at, 1)[0] ?? null);
  });
}

/** The payment's addresses with the rates the assessment used and the counts around them now. */
export async function paymentAddresses(
  db: Executor,
  tenantId: string,
  sent: RequestAddress[],
  evidenceAddresses: EvidenceAddress[],
): Promise<PaymentAddress[]> {
  const matched = evidenceFor(sent, evidenceAddresses);
  return Promise.all(
    sent.map(async (a, i) => {
      const e = matched[i] ?? null;
      const point = a.address_coordinates ?? null;
      const now = point ? await chargebackCountsNear(db, tenantId, point) : null;
      return {
        type: a.type ?? String(e?.type ?? 'address'),
        label: sentAddressLabel(a),
        point,
        address_match: typeof e?.address_match === 'string' ? e.address_match : null,
        location_events_near_address: num(e?.location_events_near_address),
        rings: RINGS.map(([radius, key, field]) => ({
          radius_m: radius,
          rate_at_assessment: num(e?.[field]),
          now: now ? now[key] : null,
        })),
      };
    }),
  );
}
