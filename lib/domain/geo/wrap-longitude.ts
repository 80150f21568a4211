/**
 * A longitude in degrees brought into [-180, 180).
 *
 * @example wrapLongitude(190) // -170
 */
export function wrapLongitude(lng: number): number {
  return ((lng + 540) % 360) - 180;
}
