import { haversineMeters } from './geo';
import type { Places } from './plan-day';
import type { GroundTruth, LatLng } from './types';

/** The ground truth of someone who lives at `places` and declared an address at `declaredAt`. */
export function livedTruth(places: Places, declaredAt: LatLng): GroundTruth {
  return {
    ...places,
    leisure: [...places.leisure],
    declaredDistanceM: haversineMeters(places.home, declaredAt),
  };
}
