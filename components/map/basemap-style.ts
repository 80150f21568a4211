import type { StyleSpecification } from 'maplibre-gl';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';

/**
 * The offline basemap: Natural Earth 1:110m countries (bundled with the console through world-atlas)
 * over a plain sea colour. No tiles, glyphs or sprites are fetched, so the style has no text layers;
 * labels and distances are shown in the legend beside the map instead.
 */
export function offlineBasemapStyle(): StyleSpecification {
  const topology = countries110m as unknown as Topology<{ countries: GeometryCollection }>;
  const countries = feature(topology, topology.objects.countries);
  return {
    version: 8,
    name: 'Locus offline',
    sources: {
      countries: { type: 'geojson', data: countries, attribution: 'Natural Earth' },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': '#d6e4ee' } },
      { id: 'land', type: 'fill', source: 'countries', paint: { 'fill-color': '#f3f1ea' } },
      {
        id: 'borders',
        type: 'line',
        source: 'countries',
        paint: {
          'line-color': '#b9b3a6',
          'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.4, 8, 1.2],
        },
      },
    ],
  };
}
