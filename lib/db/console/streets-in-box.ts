import type { Streets, StreetsQuery } from '../../contracts/console/map';
import type { Executor } from '../repositories/executor';

/** More would not be readable at the zoom such a box is drawn at. */
const STREET_LIMIT = 3000;

/**
 * Streets of the imported OSM extract whose centre lies in the box (widened by ~1 km so streets crossing
 * its edge are kept), as [lng, lat] lines with their names. The street index is global, not per tenant.
 */
export async function streetsInBox(db: Executor, box: StreetsQuery): Promise<Streets> {
  const pad = 0.01;
  const rows = await db
    .selectFrom('geo_streets')
    .select(['name', 'geometry'])
    .where('center_lat', '>=', box.south - pad)
    .where('center_lat', '<=', box.north + pad)
    .where('center_lng', '>=', box.west - pad)
    .where('center_lng', '<=', box.east + pad)
    .orderBy('length_m', 'desc')
    .limit(STREET_LIMIT)
    .execute();
  const imported =
    rows.length > 0 ||
    (await db.selectFrom('geo_imports').select('id').limit(1).executeTakeFirst()) !== undefined;
  return {
    imported,
    streets: rows.map((r) => ({
      name: r.name,
      coordinates: (JSON.parse(r.geometry) as [number, number][]).map(([lat, lng]) => [lng, lat]),
    })),
  };
}
