import type { MapPoint, MapView } from './map-view';

export type Bounds = [[number, number], [number, number]];

/** Metres per degree of latitude (and of longitude at the equator). */
const M_PER_DEG = 111_320;

/**
 * Bounds that hold everything worth seeing, rings included at their full radius (a ring that is cut
 * off is a ring nobody can read); null when there is nothing to place. A single spot gets ~1 km of room.
 */
export function viewBounds(view: MapView): Bounds | null {
  const points: MapPoint[] = [
    ...(view.address ? [view.address] : []),
    ...(view.current ? [view.current] : []),
    ...(view.store ? [view.store] : []),
    ...view.places,
    ...view.events,
  ];
  for (const ring of view.rings) {
    const dLat = ring.radiusM / M_PER_DEG;
    const dLng = ring.radiusM / (M_PER_DEG * Math.max(0.05, Math.cos((ring.center.lat * Math.PI) / 180)));
    points.push({ lat: ring.center.lat - dLat, lng: ring.center.lng - dLng });
    points.push({ lat: ring.center.lat + dLat, lng: ring.center.lng + dLng });
  }
  if (points.length === 0) return null;
  let [minLng, minLat, maxLng, maxLat] = [180, 90, -180, -90];
  for (const p of points) {
    minLng = Math.min(minLng, p.lng);
    maxLng = Math.max(maxLng, p.lng);
    minLat = Math.min(minLat, p.lat);
    maxLat = Math.max(maxLat, p.lat);
  }
  const pad = 0.005;
  return [
    [minLng - pad, minLat - pad],
    [maxLng + pad, maxLat + pad],
  ];
}

/**
 * What the map shows first: the case's own points (address, current location, store) with their rings
 * at full radius, so that rings are read at a useful size; far events and places are one "All evidence"
 * away. Without any of those, all of the evidence.
 */
export function firstViewBounds(view: MapView): Bounds | null {
  return viewBounds({ ...view, places: [], events: [] }) ?? viewBounds(view);
}
