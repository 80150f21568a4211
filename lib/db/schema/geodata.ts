/**
 * Tables of the OpenStreetMap street index (`locus geodata import`), owned by lib/geocode.
 * Coordinates are WGS84 degrees; lengths in metres; geometry is a JSON array of [lat, lng].
 */
export interface GeoStreetsTable {
  /** "w" + OSM way id: re-importing the same extract updates rows instead of duplicating them. */
  osm_id: string;
  country_code: string | null;
  name: string;
  /** normalizeStreetName(name).full */
  name_norm: string;
  /** normalizeStreetName(name).core, what fuzzy matching compares. */
  name_core: string;
  /** First three characters of name_core: the indexed key that narrows fuzzy matching. */
  core_prefix: string;
  street_type: string | null;
  center_lat: number;
  center_lng: number;
  min_lat: number;
  min_lng: number;
  max_lat: number;
  max_lng: number;
  length_m: number;
  geometry: string;
}

export interface GeoHouseNumbersTable {
  /** "n" + node id or "w" + way id. */
  osm_id: string;
  country_code: string | null;
  street_core: string;
  /** As tagged, trimmed and lower-cased ("1500", "12a"). */
  number: string;
  /** Leading integer of the number, for interpolation; null when there is none. */
  number_value: number | null;
  lat: number;
  lng: number;
  postcode: string | null;
}

export interface GeoImportsTable {
  id: string;
  source_file: string;
  imported_at: number;
  streets: number;
  house_numbers: number;
}

// A type alias (not an interface) so that it satisfies Kysely's `withTables<T extends Record<…>>`.
export type GeodataTables = {
  geo_streets: GeoStreetsTable;
  geo_house_numbers: GeoHouseNumbersTable;
  geo_imports: GeoImportsTable;
};
