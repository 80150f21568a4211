import type { ConsoleApi } from './client';
import { firstViewBounds, viewBounds, type Bounds } from './map-bounds';
import type { MapView } from './map-view';
import { boxAround, landAround } from './land-around';
import { populatedPlacesIn } from './populated-places';

/** The API serves at most this span of streets; a wider view (events across a country) draws none. */
const MAX_SPAN_DEG = 0.2;
/** Land is cut for at most this span; a wider view starts from the whole world instead. */
const MAX_LAND_SPAN_DEG = 10;

const spanOf = ([[west, south], [east, north]]: Bounds) => Math.max(east - west, north - south);

/**
 * The land around all of the evidence (so that "All evidence" shows land before the whole world has
 * loaded), else around the first view, else null when even that is too wide to cut a region for.
 */
function landFor(map: MapView, all: Bounds): MapView['land'] {
  const first = firstViewBounds(map);
  const around =
    spanOf(all) <= MAX_LAND_SPAN_DEG ? all : first && spanOf(first) <= MAX_LAND_SPAN_DEG ? first : null;
  return around ? { box: boxAround(around), countries: landAround(around) } : null;
}

/**
 * The map with what makes it readable offline: the land and the names of towns around it and, when an OSM extract
 * was imported, its streets (vector data). A wide view is cut to the streets around what matters most:
 * the address, else the store, else the current location.
 */
export async function withMapContext(api: Pick<ConsoleApi, 'streets'>, map: MapView): Promise<MapView> {
  const bounds = viewBounds(map);
  if (!bounds) return map;
  const [[west, south], [east, north]] = bounds;
  const centre = map.address ??
    map.store ??
    map.current ?? { lat: (south + north) / 2, lng: (west + east) / 2 };
  // A hair under the limit: (c + 0.1) - (c - 0.1) exceeds 0.2 in floating point for about half of all
  // centres, and the API refuses such a box, which failed the page of any case whose evidence is wider.
  const half = MAX_SPAN_DEG / 2 - 1e-9;
  const box = {
    south: Math.max(south, centre.lat - half),
    north: Math.min(north, centre.lat + half),
    west: Math.max(west, centre.lng - half),
    east: Math.min(east, centre.lng + half),
  };
  const { streets } = await api.streets(box);
  return { ...map, streets, towns: populatedPlacesIn(bounds), land: landFor(map, bounds) };
}
