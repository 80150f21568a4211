/** One fix of an external trajectory file. */
export interface TrajectoryPoint {
  /** Epoch ms. */
  ts: number;
  lat: number;
  lng: number;
  /** Metres; null when the file gives none (GeoLife does not). */
  accuracyM: number | null;
  altitudeM: number | null;
}
