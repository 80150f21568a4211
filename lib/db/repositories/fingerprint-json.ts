import {
  cellKeys,
  cellsUnchangedFrom,
  type FingerprintCell,
  type LocationFingerprint,
} from '../../domain/fingerprint/location-fingerprint';

/** Where each cell's `"key":{…}` member lies in the text written for a frozen cells record, in `cellKeys` order. */
interface CellsText {
  json: string;
  starts: Int32Array;
  ends: Int32Array;
}

/** The text last written for each frozen cells record (the text ingestion stores, and keeps with it). */
const cellsTexts = new WeakMap<LocationFingerprint['cells'], CellsText>();

/** A cell's fields in the order the fold writes them (`addToCell`): its text is then written field by field. */
const CELL_FIELDS = [
  'lat',
  'lng',
  'n',
  'first',
  'last',
  'earliest',
  'days',
  'nights',
  'workDays',
  'accM',
  'stays',
  'stayMs',
] as const satisfies readonly (keyof FingerprintCell)[];

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && value - value === 0;

/** `JSON.stringify(values)` of an array of finite numbers; null for anything else. */
function numberList(values: unknown): string | null {
  if (!Array.isArray(values)) return null;
  let text = '[';
  for (let i = 0; i < values.length; i++) {
    const value: unknown = values[i];
    if (!isFiniteNumber(value)) return null;
    text += i === 0 ? `${value}` : `,${value}`;
  }
  return `${text}]`;
}

function hasCellFields(cell: FingerprintCell): boolean {
  const keys = Object.keys(cell);
  if (keys.length !== CELL_FIELDS.length) return false;
  for (let i = 0; i < keys.length; i++) if (keys[i] !== CELL_FIELDS[i]) return false;
  return true;
}

/**
 * `JSON.stringify(cell)`, written field by field when the cell has exactly the fold's fields, in its
 * order, and finite numbers only (a number's JSON is then its `String`): about twice as fast. Anything
 * else (a cell upgraded from version 1 has `accM` last) goes to `JSON.stringify`.
 */
function cellText(cell: FingerprintCell): string {
  if (!hasCellFields(cell)) return JSON.stringify(cell);
  const { lat, lng, n, first, last, accM, stays, stayMs } = cell;
  const earliest = numberList(cell.earliest);
  const days = numberList(cell.days);
  const nights = numberList(cell.nights);
  const workDays = numberList(cell.workDays);
  if (
    !isFiniteNumber(lat) ||
    !isFiniteNumber(lng) ||
    !isFiniteNumber(n) ||
    !isFiniteNumber(first) ||
    !isFiniteNumber(last) ||
    !isFiniteNumber(accM) ||
    !isFiniteNumber(stays) ||
    !isFiniteNumber(stayMs) ||
    earliest === null ||
    days === null ||
    nights === null ||
    workDays === null
  )
    return JSON.stringify(cell);
  return `{"lat":${lat},"lng":${lng},"n":${n},"first":${first},"last":${last},"earliest":${earliest},"days":${days},"nights":${nights},"workDays":${workDays},"accM":${accM},"stays":${stays},"stayMs":${stayMs}}`;
}

/**
 * Appends the cells record's JSON to `parts`, where it starts at `offset` in the fingerprint's text, and
 * says where each cell's member lies in it. Cells that the fold left unchanged since `previous` (the
 * record it was folded from, whose text is known) are copied from that text, a run of consecutive ones
 * as one slice: at the cap a 1,000-event batch changes or creates ≈ 110 of the 1,500 cells, and evicts
 * as many.
 */
function writeCells(
  parts: string[],
  cells: LocationFingerprint['cells'],
  offset: number,
  previous: LocationFingerprint['cells'] | undefined,
): { length: number; starts: Int32Array; ends: Int32Array } {
  const keys = cellKeys(cells);
  const starts = new Int32Array(keys.length);
  const ends = new Int32Array(keys.length);
  const from = previous ? cellsUnchangedFrom(cells, previous) : null;
  const before = from && previous ? cellsTexts.get(previous) : undefined;
  parts.push('{');
  let at = offset + 1;
  for (let i = 0; i < keys.length;) {
    if (i > 0) {
      parts.push(',');
      at += 1;
    }
    const j = before && from ? (from[i] as number) : -1;
    if (before && from && j >= 0) {
      let end = i + 1;
      while (end < keys.length && from[end] === j + (end - i)) end++;
      const shift = at - (before.starts[j] as number);
      for (let k = i; k < end; k++) {
        starts[k] = (before.starts[j + k - i] as number) + shift;
        ends[k] = (before.ends[j + k - i] as number) + shift;
      }
      const run = before.json.slice(before.starts[j], before.ends[j + end - i - 1]);
      parts.push(run);
      at += run.length;
      i = end;
      continue;
    }
    const key = keys[i] as string;
    const member = `${JSON.stringify(key)}:${cellText(cells[key] as FingerprintCell)}`;
    starts[i] = at;
    parts.push(member);
    at += member.length;
    ends[i] = at;
    i++;
  }
  parts.push('}');
  return { length: at + 1 - offset, starts, ends };
}

/**
 * `JSON.stringify(fingerprint)`, character for character, cheaper. Ingestion stores the whole
 * fingerprint after every batch, yet a batch changes few of its up to 1,500 cells: given the
 * fingerprint it was folded from (`previous`, whose text this wrote), the unchanged cells' text is
 * copied from that text (`writeCells`). The parts are joined into one flat string: a string built by
 * `+=` from slices of the previous text would hold that text, and it the one before, until flattened.
 */
export function fingerprintJson(fingerprint: LocationFingerprint, previous?: LocationFingerprint): string {
  const parts: string[] = [];
  let length = 0;
  let cells: { starts: Int32Array; ends: Int32Array } | null = null;
  for (const [key, value] of Object.entries(fingerprint)) {
    if (value === undefined) continue;
    const member = `${length === 0 ? '{' : ','}${JSON.stringify(key)}:`;
    parts.push(member);
    length += member.length;
    if (key === 'cells') {
      const written = writeCells(parts, value as LocationFingerprint['cells'], length, previous?.cells);
      length += written.length;
      cells = written;
    } else {
      const text = `${JSON.stringify(value)}`;
      parts.push(text);
      length += text.length;
    }
  }
  parts.push(length === 0 ? '{}' : '}');
  const json = parts.join('');
  // A frozen record cannot change, so the text stays true of it (and of its cells, frozen with it).
  if (cells && Object.isFrozen(fingerprint.cells))
    cellsTexts.set(fingerprint.cells, { json, starts: cells.starts, ends: cells.ends });
  return json;
}
