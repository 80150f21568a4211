/** The two OSM element kinds the street import reads; relations are skipped. */
export type OsmElement =
  | { type: 'node'; id: number; lat: number; lon: number; tags: Record<string, string> }
  | { type: 'way'; id: number; refs: number[]; tags: Record<string, string> };
