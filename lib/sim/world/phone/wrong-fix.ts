import { destinationPoint } from '../../geo';
import type { Random } from '../../random';
import type { EventSource, LatLng } from '../../types';

/** A wrong jump: where the fix claims the phone is, by which source, with what (confident) accuracy. */
export interface WrongFix {
  point: LatLng;
  source: EventSource;
  accuracyM: number;
  /** Further fixes that repeat the same wrong place (a moved access point keeps answering). */
  repeats: number;
}

/**
 * The wrong jumps of real phones: mostly a wifi geolocation from a database that places the access point
 * kilometres away (sometimes in another city), otherwise a GNSS spike of a few hundred metres to a few km.
 * Both claim an ordinary accuracy: the phone does not know it is wrong.
 */
export function wrongFix(random: Random, at: LatLng, gnssSource: EventSource): WrongFix {
  if (random.chance(0.7)) {
    const far = random.chance(0.1);
    const distanceM = far ? random.float(100_000, 1_500_000) : 1000 * Math.exp(random.float(0, Math.log(40)));
    return {
      point: destinationPoint(at, random.float(0, 360), distanceM),
      source: 'wifi',
      accuracyM: Math.round(random.float(15, 60)),
      repeats: random.chance(0.3) ? random.int(1, 3) : 0,
    };
  }
  return {
    point: destinationPoint(at, random.float(0, 360), random.float(300, 5000)),
    source: gnssSource,
    accuracyM: Math.round(random.float(5, 40)),
    repeats: 0,
  };
}
