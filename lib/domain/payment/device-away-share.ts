import type { FingerprintPlace } from '../fingerprint/fingerprint-places';
import { PLACE_RADIUS_M } from '../fingerprint/fingerprint-places';
import type { LocationFingerprint } from '../fingerprint/location-fingerprint';

/** A place this far beyond the accuracies (and a place's size) from every place of the account is elsewhere. */
export const AWAY_FROM_ACCOUNT_M = 1_000;
const M_PER_LAT = 111_320;
/** Fewer events where the device stood say nothing yet about where it lives. */
export const MIN_STANDING_EVENTS = 5;

/**
 * Where a device new to an account spends its time, against where the account lives: the share of this
 * installation's events at places where it stood (not on the move) that lie AWAY_FROM_ACCOUNT_M beyond
 * every trusted place of the account's other installations. A new phone of the same person sleeps and
 * works where the old one did within hours; a stolen account on an attacker's phone stays at the
 * attacker's places, in the victim's own city or not. Null without places of the account to compare
 * with or with too few events.
 */
export function awayFromAccountShare(
  fp: LocationFingerprint,
  accountPlaces: readonly FingerprintPlace[],
): number | null {
  if (accountPlaces.length === 0) return null;
  // Equirectangular per place (exact enough within the kilometres this decides; far is far anyway).
  const places = accountPlaces.map((p) => ({
    lat: p.lat,
    lng: p.lng,
    mPerLng: M_PER_LAT * Math.cos((p.lat * Math.PI) / 180),
    reachM: p.accM + PLACE_RADIUS_M + AWAY_FROM_ACCOUNT_M,
  }));
  let standing = 0;
  let away = 0;
  for (const key in fp.cells) {
    const cell = fp.cells[key]!;
    if (cell.days.length === 0) continue;
    standing += cell.n;
    const near = places.some((p) => {
      const reach = p.reachM + cell.accM;
      const dy = (cell.lat - p.lat) * M_PER_LAT;
      if (Math.abs(dy) > reach) return false;
      let dLng = Math.abs(cell.lng - p.lng);
      if (dLng > 180) dLng = 360 - dLng;
      const dx = dLng * p.mPerLng;
      return dx * dx + dy * dy <= reach * reach;
    });
    if (!near) away += cell.n;
  }
  return standing >= MIN_STANDING_EVENTS ? away / standing : null;
}
