import type { Kysely } from 'kysely';
import type { GeodataTables } from '../db/schema/geodata.ts';

/**
 * How long the answer to "does the street index hold any street?" is trusted. An import made by
 * another process (`locus geodata import` beside a running `locus serve`) is searched within this.
 */
export const STREET_INDEX_PRESENCE_TTL_MS = 60_000;

export interface StreetIndexPresence {
  /** Whether the street index holds any street, as read at most once per TTL (rejects as the read does). */
  holdsStreets(): Promise<boolean>;
}

/**
 * The street index is optional (docs/GEOCODING.md): without an import every text not seen before
 * would still search it, a statement (on PostgreSQL a round trip) that cannot find anything. Its
 * emptiness is read once and trusted for a while instead; a failed read is not remembered.
 */
export function streetIndexPresence(
  db: Kysely<GeodataTables>,
  now: () => number = () => performance.now(),
): StreetIndexPresence {
  let known: { holds: boolean; at: number } | null = null;
  let reading: Promise<boolean> | null = null;
  const read = async () => {
    try {
      const row = await db.selectFrom('geo_streets').select('osm_id').limit(1).executeTakeFirst();
      known = { holds: row !== undefined, at: now() };
      return known.holds;
    } finally {
      reading = null;
    }
  };
  return {
    holdsStreets() {
      if (known && now() - known.at < STREET_INDEX_PRESENCE_TTL_MS) return Promise.resolve(known.holds);
      return (reading ??= read());
    },
  };
}
