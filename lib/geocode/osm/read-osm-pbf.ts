import { createOSMStream } from 'osm-pbf-parser-node';
import type { OsmElement } from './osm-element.ts';

interface PbfItem {
  type?: string;
  id?: number;
  lat?: number;
  lon?: number;
  refs?: number[];
  tags?: Record<string, string>;
}

/** Reads an .osm.pbf extract with osm-pbf-parser-node (MIT), yielding nodes and ways. */
export async function* readOsmPbf(file: string, withTags = true): AsyncGenerator<OsmElement> {
  const stream = createOSMStream(file, {
    withTags: { node: withTags, way: withTags, relation: false },
    withInfo: false,
  });
  for await (const raw of stream) {
    const item = raw as PbfItem;
    if (item.type === 'node' && item.id !== undefined) {
      yield { type: 'node', id: item.id, lat: item.lat ?? 0, lon: item.lon ?? 0, tags: item.tags ?? {} };
    } else if (item.type === 'way' && item.id !== undefined) {
      yield { type: 'way', id: item.id, refs: item.refs ?? [], tags: item.tags ?? {} };
    }
  }
}
