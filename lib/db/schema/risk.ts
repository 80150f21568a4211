/** Tables of the risk engine (issue 5): fingerprints, per-area chargeback counters, the store registry. */
export interface LocationFingerprintsTable {
  tenant_id: string;
  installation_id: string;
  /** JSON of the domain's LocationFingerprint (lib/domain/fingerprint/location-fingerprint.ts). */
  fingerprint: string;
  /**
   * Unique to each write of `fingerprint` (fingerprint-repo.ts; null on rows written before migration
   * 0641): a process that kept the fingerprint it wrote knows from this alone whether it is still stored.
   */
  revision: string | null;
  updated_at: number;
}

/** Payments with an address in an H3 cell, and how many of them were charged back. */
export interface AreaChargebacksTable {
  tenant_id: string;
  resolution: number;
  cell: string;
  payments: number;
  chargebacks: number;
}

export interface StoresTable {
  tenant_id: string;
  store_id: string;
  name: string | null;
  lat: number;
  lng: number;
  created_at: number;
  updated_at: number;
}

export interface RiskTables {
  location_fingerprints: LocationFingerprintsTable;
  area_chargebacks: AreaChargebacksTable;
  stores: StoresTable;
}
