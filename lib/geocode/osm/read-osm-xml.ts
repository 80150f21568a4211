import { createReadStream } from 'node:fs';
import type { OsmElement } from './osm-element.ts';

/**
 * Streaming reader of OSM XML (.osm): a small tag scanner, enough for the flat OSM 0.6 format
 * (node/way/nd/tag elements, attributes only, no text content). Memory stays bounded by one chunk.
 */
const ATTRIBUTE = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X'))
      return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return ENTITIES[entity] ?? whole;
  });
}

function attributes(tag: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const match of tag.matchAll(ATTRIBUTE)) result[match[1] ?? ''] = decode(match[2] ?? match[3] ?? '');
  return result;
}

/** Index of the `>` that closes the tag opened at `from`, skipping quoted attribute values; -1 if not yet read. */
function tagEnd(text: string, from: number): number {
  let quote: string | null = null;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i;
  }
  return -1;
}

class OsmXmlBuilder {
  private current: OsmElement | null = null;
  readonly ready: OsmElement[] = [];

  tag(body: string): void {
    if (body.startsWith('/')) {
      const name = body.slice(1).trim();
      if ((name === 'node' || name === 'way') && this.current) this.emit();
      return;
    }
    const selfClosing = body.endsWith('/');
    const name = /^[\w:.-]+/.exec(body)?.[0] ?? '';
    const attrs = attributes(body);
    if (name === 'node') {
      this.current = {
        type: 'node',
        id: Number(attrs.id),
        lat: Number(attrs.lat),
        lon: Number(attrs.lon),
        tags: {},
      };
      if (selfClosing) this.emit();
    } else if (name === 'way') {
      this.current = { type: 'way', id: Number(attrs.id), refs: [], tags: {} };
      if (selfClosing) this.emit();
    } else if (name === 'nd' && this.current?.type === 'way') {
      this.current.refs.push(Number(attrs.ref));
    } else if (name === 'tag' && this.current && attrs.k !== undefined) {
      this.current.tags[attrs.k] = attrs.v ?? '';
    } else if (name === 'relation') {
      this.current = null;
    }
  }

  private emit(): void {
    if (this.current) this.ready.push(this.current);
    this.current = null;
  }
}

export async function* readOsmXml(file: string): AsyncGenerator<OsmElement> {
  const builder = new OsmXmlBuilder();
  let buffer = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    buffer += chunk as string;
    let pos = 0;
    for (;;) {
      const lt = buffer.indexOf('<', pos);
      if (lt < 0) {
        pos = buffer.length;
        break;
      }
      const special = buffer.startsWith('<!--', lt)
        ? '-->'
        : buffer.startsWith('<?', lt)
          ? '?>'
          : buffer.startsWith('<!', lt)
            ? '>'
            : null;
      const end = special ? buffer.indexOf(special, lt) : tagEnd(buffer, lt + 1);
      if (end < 0) {
        pos = lt;
        break;
      }
      if (!special) builder.tag(buffer.slice(lt + 1, end).trim());
      pos = end + (special ? special.length : 1);
    }
    buffer = buffer.slice(pos);
    yield* builder.ready.splice(0);
  }
}
