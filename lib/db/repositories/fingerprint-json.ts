import {
  cellKeys,
  type FingerprintCell,
  type LocationFingerprint,
} from '../../domain/fingerprint/location-fingerprint';

/** The `"key":{…}` text of frozen cells: a frozen cell cannot change, so its text is written once. */
const memberTexts = new WeakMap<FingerprintCell, { key: string; text: string }>();

function cellMember(key: string, cell: FingerprintCell): string {
  const known = memberTexts.get(cell);
  if (known !== undefined && known.key === key) return known.text;
  const text = `${JSON.stringify(key)}:${JSON.stringify(cell)}`;
  if (Object.isFrozen(cell)) memberTexts.set(cell, { key, text });
  return text;
}

function cellsJson(cells: Record<string, FingerprintCell>): string {
  let text = '';
  for (const key of cellKeys(cells)) {
    text += `${text === '' ? '{' : ','}${cellMember(key, cells[key] as FingerprintCell)}`;
  }
  return text === '' ? '{}' : `${text}}`;
}

/**
 * `JSON.stringify(fingerprint)`, character for character, with the text of its frozen cells reused.
 * Ingestion stores the whole fingerprint after every batch, yet a batch changes few of its up to
 * 1,500 cells: the others are the frozen objects of the previous fingerprint (updateFingerprint copies
 * only the cells it changes, parsed-fingerprints.ts freezes what it keeps), so their text is known.
 */
export function fingerprintJson(fingerprint: LocationFingerprint): string {
  let text = '';
  for (const [key, value] of Object.entries(fingerprint)) {
    if (value === undefined) continue;
    const json = key === 'cells' ? cellsJson(value as LocationFingerprint['cells']) : JSON.stringify(value);
    text += `${text === '' ? '{' : ','}${JSON.stringify(key)}:${json}`;
  }
  return text === '' ? '{}' : `${text}}`;
}
