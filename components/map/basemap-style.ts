import type { FeatureCollection } from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';

/**
 * The offline basemap: Natural Earth 1:10m countries (bundled through world-atlas) over a plain sea
 * colour. No tiles, sprites or glyphs are fetched: the style has no `glyphs` URL, so MapLibre draws the
 * text of town and street names with the browser's own sans-serif font.
 */
export function offlineBasemapStyle(countries: FeatureCollection): StyleSpecification {
  return {
    version: 8,
    name: 'Locus offline',
    // The evidence is drawn as it is: no paint transition holds back the first complete frame.
    transition: { duration: 0, delay: 0 },
    sources: {
      countries: { type: 'geojson', data: countries, attribution: 'Natural Earth' },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': '#cfdfeb' } },
      { id: 'land', type: 'fill', source: 'countries', paint: { 'fill-color': '#f4f2ec' } },
      {
        id: 'borders',
        type: 'line',
        source: 'countries',
        paint: {
          'line-color': '#a8a194',
          'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.4, 8, 1.4],
        },
      },
    ],
  };
}
