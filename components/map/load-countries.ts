import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { continuousAcrossAntimeridian } from '../../lib/domain/geo/antimeridian';

let countries: Promise<FeatureCollection> | null = null;

/**
 * Natural Earth 1:10m countries, loaded on the first map of the session (a separate chunk the browser
 * caches) and converted from TopoJSON once, its rings made continuous across the antimeridian.
 */
export function loadCountries(): Promise<FeatureCollection> {
  countries ??= import('world-atlas/countries-10m.json').then((module) => {
    const topology = (module.default ?? module) as unknown as Topology<{ countries: GeometryCollection }>;
    return continuousAcrossAntimeridian(feature(topology, topology.objects.countries));
  });
  return countries;
}
