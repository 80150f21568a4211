import { createRandom } from '../../random';
import { shiftMeters } from '../../geo';
import type { LatLng } from '../../types';

const M_PER_DEG = 111_320;

/**
 * Where a cell-based fix lands: on the serving tower (or the centre of its sector), not on the phone.
 * Towers stand on a jittered grid of `spacingM` per carrier; the phone is served by the tower nearest to
 * a point within a third of a spacing of it, so a phone at home mostly reports the same tower, sometimes a
 * neighbour. Deterministic: the same place and carrier always give the same towers.
 */
export function servingTower(near: LatLng, spacingM: number, carrier: string): LatLng {
  const dLat = spacingM / M_PER_DEG;
  const row = Math.round(near.lat / dLat);
  const lat = row * dLat;
  const dLng = spacingM / (M_PER_DEG * Math.max(0.05, Math.cos((lat * Math.PI) / 180)));
  const col = Math.round(near.lng / dLng);
  const site = createRandom(`${carrier}:${row}:${col}`);
  return shiftMeters(
    { lat, lng: col * dLng },
    site.float(-0.3, 0.3) * spacingM,
    site.float(-0.3, 0.3) * spacingM,
  );
}
