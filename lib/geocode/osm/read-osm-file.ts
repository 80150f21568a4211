import type { OsmElement } from './osm-element.ts';
import { readOsmPbf } from './read-osm-pbf.ts';
import { readOsmXml } from './read-osm-xml.ts';

function isPbf(file: string): boolean {
  return file.toLowerCase().endsWith('.pbf');
}

/** Nodes and ways of an OSM extract, .osm (XML) or .osm.pbf, chosen by file name. */
export function readOsmFile(file: string): AsyncGenerator<OsmElement> {
  return isPbf(file) ? readOsmPbf(file) : readOsmXml(file);
}
