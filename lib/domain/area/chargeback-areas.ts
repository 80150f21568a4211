import { gridDisk, latLngToCell } from 'h3-js';
import type { LatLng } from '../location';

/**
 * The three chargeback rings of the spec approximated by H3 disks (docs/RISK.md): the payment
 * address's cell plus its k neighbours. Radii from the centre: res 10 k=1 ≈ 130–180 m (150 m),
 * res 8 k=1 ≈ 0.9–1.25 km (1,500 m), res 7 k=2 ≈ 4.2–5.5 km (5,000 m).
 */
export const CHARGEBACK_RINGS = [
  { key: 'near150', resolution: 10, k: 1 },
  { key: 'near1500', resolution: 8, k: 1 },
  { key: 'near5000', resolution: 7, k: 2 },
] as const;

export interface AreaCell {
  readonly resolution: number;
  readonly cell: string;
}

export interface Ring {
  readonly key: (typeof CHARGEBACK_RINGS)[number]['key'];
  readonly resolution: number;
  readonly cells: readonly string[];
}

/**
 * Points whose cells are remembered. H3 takes ≈ 11 µs for a point's three disks and ≈ 4 µs for its three
 * cells, and every payment asks for both (its rates, then the areas it is counted in) — at the same few
 * coordinates again and again: a customer's shipping and billing address, payment after payment.
 */
export const REMEMBERED_POINTS = 4_096;

/** A bounded memo of a function of a point, by its exact coordinates; results are frozen, as they are shared. */
function memoByPoint<T>(compute: (point: LatLng) => T): (point: LatLng) => T {
  const remembered = new Map<string, T>();
  return (point) => {
    const key = `${point.lat},${point.lng}`;
    const known = remembered.get(key);
    if (known !== undefined) return known;
    const value = compute(point);
    // Oldest first: a Map iterates in insertion order.
    if (remembered.size >= REMEMBERED_POINTS) remembered.delete(remembered.keys().next().value as string);
    remembered.set(key, value);
    return value;
  };
}

/** The cells whose counters a payment address increments: one per resolution. */
export const areaCells: (point: LatLng) => readonly AreaCell[] = memoByPoint((point) =>
  Object.freeze(
    CHARGEBACK_RINGS.map((r) =>
      Object.freeze({ resolution: r.resolution, cell: latLngToCell(point.lat, point.lng, r.resolution) }),
    ),
  ),
);

/** The cells summed to compute the rate around a point, per ring. */
export const ringCells: (point: LatLng) => readonly Ring[] = memoByPoint((point) =>
  Object.freeze(
    CHARGEBACK_RINGS.map((r) =>
      Object.freeze({
        key: r.key,
        resolution: r.resolution,
        cells: Object.freeze(gridDisk(latLngToCell(point.lat, point.lng, r.resolution), r.k)),
      }),
    ),
  ),
);

/** Charged-back share of the payments counted in the ring; 0 when none were (nothing known to be bad). */
export function chargebackRate(payments: number, chargebacks: number): number {
  if (payments <= 0) return 0;
  return Math.round(Math.min(1, chargebacks / payments) * 10_000) / 10_000;
}
