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

/** The cells whose counters a payment address increments: one per resolution. */
export function areaCells(point: LatLng): { resolution: number; cell: string }[] {
  return CHARGEBACK_RINGS.map((r) => ({
    resolution: r.resolution,
    cell: latLngToCell(point.lat, point.lng, r.resolution),
  }));
}

/** The cells summed to compute the rate around a point, per ring. */
export function ringCells(
  point: LatLng,
): { key: (typeof CHARGEBACK_RINGS)[number]['key']; resolution: number; cells: string[] }[] {
  return CHARGEBACK_RINGS.map((r) => ({
    key: r.key,
    resolution: r.resolution,
    cells: gridDisk(latLngToCell(point.lat, point.lng, r.resolution), r.k),
  }));
}

/** Charged-back share of the payments counted in the ring; 0 when none were (nothing known to be bad). */
export function chargebackRate(payments: number, chargebacks: number): number {
  if (payments <= 0) return 0;
  return Math.round(Math.min(1, chargebacks / payments) * 10_000) / 10_000;
}
