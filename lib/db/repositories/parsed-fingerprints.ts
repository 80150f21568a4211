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
/**
 * Installations read once lately, remembered by key alone (≈ 100 bytes each): a parse is kept only when
 * its installation is read again within the last SEEN_CAPACITY first reads (~13 s at 300 reads/s).
 */
export const SEEN_CAPACITY = 4_096;

interface Entry {
  json: string;
  fingerprint: LocationFingerprint;
  /** The row's revision when ingestion wrote `json` (null when parsed from a read, which did not ask). */
  revision: string | null;
}

const entries = new Map<string, Entry>();
let keptChars = 0;
const seen = new Set<string>();

/**
 * The stored fingerprint `json` of an installation, parsed (and upgraded to the current version): an
 * assessment reads it on every signup and payment, and ingestion on every batch (≈ 50 µs for a phone's
 * 4 KB, ≈ 330 µs at 28 KB). The row is still read; the text it holds is the key, so a fingerprint
 * written since (by this process or another) is parsed afresh and there is nothing to invalidate. A
 * kept object is shared, so it is frozen: a caller that tried to change it would throw instead of
 * corrupting later assessments. Least recently used go first.
 *
 * An installation's first read is not kept (nor frozen: the caller has the only reference): among many
 * installations most are read once (a signup, then nothing for hours), and a kept entry (≈ 12 KB with
 * its text and what the assessment derives from it) outlives the young generation before it is
 * evicted — at 300 signups/s over 100,000 installations that was most of ~4 MiB/s of old-generation
 * garbage, and the heap swung by hundreds of MiB between full collections. Freezing costs old-generation
 * memory too (the frozen objects' hidden classes). A second read soon after (a reassessment, the next
 * request of a busy installation) keeps it.
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
  const fingerprint = currentFingerprint(fromJson<StoredFingerprint>(json));
  if (cached || seen.delete(key)) return remember(key, json, fingerprint, null);
  seen.add(key);
  if (seen.size > SEEN_CAPACITY) seen.delete(seen.values().next().value as string);
  return fingerprint;
}

/**
 * Keeps `fingerprint`, which its caller has just stored as `json` at `revision` and will not change
 * again (it is frozen here), so that the next read of that text or revision needs no parse: ingestion's
 * next batch of the installation, or the assessment right after it. Should the write be rolled back the
 * entry is harmless: it only ever answers for that exact text or revision.
 */
export function rememberFingerprint(
  tenantId: string,
  installationId: string,
  json: string,
  fingerprint: LocationFingerprint,
  revision: string,
): void {
  remember(`${tenantId}\u0000${installationId}`, json, fingerprint, revision);
}

/**
 * The fingerprint kept for the installation and the revision it was written at, if ingestion wrote it
 * here: whether the row still holds it is for the caller to ask (fingerprint-repo.ts).
 */
export function keptFingerprint(
  tenantId: string,
  installationId: string,
): { fingerprint: LocationFingerprint; revision: string } | undefined {
  const key = `${tenantId}\u0000${installationId}`;
  const cached = entries.get(key);
  if (!cached || cached.revision === null) return undefined;
  entries.delete(key);
  entries.set(key, cached);
  return { fingerprint: cached.fingerprint, revision: cached.revision };
}

function remember(
  key: string,
  json: string,
  fingerprint: LocationFingerprint,
  revision: string | null,
): LocationFingerprint {
  const frozen = deepFreeze(fingerprint);
  forget(key);
  entries.set(key, { json, fingerprint: frozen, revision });
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
