// Console API: vector data for the offline map — streets of an imported OpenStreetMap extract.
import { z } from 'zod';

const Lat = z.coerce.number().min(-90).max(90);
const Lng = z.coerce.number().min(-180).max(180);

/** GET /api/console/v1/map/streets — a box of at most 0.2° a side (about 20 km). */
export const StreetsQuerySchema = z
  .object({ south: Lat, west: Lng, north: Lat, east: Lng })
  .refine((b) => b.south <= b.north && b.west <= b.east, 'south/west must not exceed north/east')
  .refine((b) => b.north - b.south <= 0.2 && b.east - b.west <= 0.2, 'the box may span at most 0.2 degrees');
export type StreetsQuery = z.infer<typeof StreetsQuerySchema>;

export const StreetsSchema = z.object({
  /** False when no OSM extract was imported (`locus geodata import`): the console draws its basemap only. */
  imported: z.boolean(),
  streets: z.array(z.object({ name: z.string(), coordinates: z.array(z.tuple([z.number(), z.number()])) })),
});
export type Streets = z.infer<typeof StreetsSchema>;
