import { deepFreeze } from '../../domain/fingerprint/frozen-memo';
import { currentFingerprint, type StoredFingerprint } from '../../domain/fingerprint/fingerprint-upgrade';
import type { LocationFingerprint } from '../../domain/fingerprint/location-fingerprint';
import { fromJson } from './executor';

/**
 * Characters of stored fingerprint text whose parsed fingerprints are kept, the recently used
 * installations': ≈ 32 MiB of heap, the text itself and its parse (≈ 2.2 bytes of objects per
 * character, measured on the bench's 4 KB fingerprints). A budget, not a count: a phone's fingerprint
 * is 4 KB and a busy one 28 KB, so a count kept either few of the first or too many bytes of the
 * second (512 entries: 6 MiB, or 46 MiB).
 */
export const PARSED_FINGERPRINT_BUDGET_CHARS = 10 * 1024 * 1024;

interface Entry {
  json: string;
  fingerprint: LocationFingerprint;
}

const entries = new Map<string, Entry>();
let keptChars = 0;

/**
 * The stored fingerprint `json` of an installation, parsed (and upgraded to the current version): an
 * assessment reads it on every signup and payment, and ingestion on every batch (≈ 50 µs for a phone's
 * 4 KB, ≈ 330 µs at 28 KB). The row is still read; the text it holds is the key, so a fingerprint
 * written since (by this process or another) is parsed afresh and there is nothing to invalidate. The
 * object is shared: it is frozen, so a caller that tried to change it would throw instead of corrupting
 * later assessments. Least recently used go first.
 */
export function parsedFingerprint(
  tenantId: string,
  installationId: string,
  json: string,
): LocationFingerprint {
  const key = `${tenantId}\u0000${installationId}`;
  const cached = entries.get(key);
  if (cached && cached.json === json) {
    entries.delete(key);
    entries.set(key, cached);
    return cached.fingerprint;
  }
  return remember(key, json, currentFingerprint(fromJson<StoredFingerprint>(json)));
}

/**
 * Keeps `fingerprint`, which its caller has just stored as `json` and will not change again (it is
 * frozen here), so that the next read of that text needs no parse: ingestion's next batch of the
 * installation, or the assessment right after it. Should the write be rolled back the entry is
 * harmless: it only ever answers for that exact text.
 */
export function rememberFingerprint(
  tenantId: string,
  installationId: string,
  json: string,
  fingerprint: LocationFingerprint,
): void {
  remember(`${tenantId}\u0000${installationId}`, json, fingerprint);
}

function remember(key: string, json: string, fingerprint: LocationFingerprint): LocationFingerprint {
  const frozen = deepFreeze(fingerprint);
  forget(key);
  entries.set(key, { json, fingerprint: frozen });
  keptChars += json.length;
  // Least recently used first (a Map iterates in insertion order); the newest entry always stays.
  for (const oldest of entries.keys()) {
    if (keptChars <= PARSED_FINGERPRINT_BUDGET_CHARS || oldest === key) break;
    forget(oldest);
  }
  return frozen;
}

function forget(key: string): void {
  const entry = entries.get(key);
  if (!entry) return;
  entries.delete(key);
  keptChars -= entry.json.length;
}
