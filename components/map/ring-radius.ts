import type { ExpressionSpecification } from 'maplibre-gl';

/** Web Mercator metres per pixel at zoom 0 on the equator (512-px tiles, as MapLibre draws them). */
const METRES_PER_PX_Z0 = 78_271.517;
/** A ring is never drawn smaller than this, so the 150 m ring stays visible zoomed out. */
export const MIN_RING_PX = 10;

export const metresPerPixel = (zoom: number, lat: number) =>
  (METRES_PER_PX_Z0 * Math.cos((lat * Math.PI) / 180)) / 2 ** zoom;

/**
 * circle-radius for a ring of `radiusM` at `lat`: its true size, but at least MIN_RING_PX. The true
 * size doubles with each zoom level, so an exponential (base 2) interpolation from the zoom where it
 * reaches MIN_RING_PX is exact; below that zoom it stays at the minimum.
 */
export function ringRadiusExpression(radiusM: number, lat: number): ExpressionSpecification {
  const px0 = radiusM / metresPerPixel(0, lat);
  const zoomAtMin = Math.min(23, Math.max(0, Math.log2(MIN_RING_PX / px0)));
  return [
    'interpolate',
    ['exponential', 2],
    ['zoom'],
    0,
    MIN_RING_PX,
    zoomAtMin,
    MIN_RING_PX,
    24,
    Math.max(MIN_RING_PX, px0 * 2 ** 24),
  ];
}
