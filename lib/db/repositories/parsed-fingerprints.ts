import { currentFingerprint, type StoredFingerprint } from '../../domain/fingerprint/fingerprint-upgrade';
import type { LocationFingerprint } from '../../domain/fingerprint/location-fingerprint';
import { fromJson } from './executor';

/** Installations whose parsed fingerprint is kept: the recently assessed ones, a few MiB at most. */
const CAPACITY = 512;

interface Entry {
  json: string;
  fingerprint: LocationFingerprint;
}

const entries = new Map<string, Entry>();

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * The stored fingerprint `json` of an installation, parsed (and upgraded to the current version): an
 * assessment reads it on every signup and payment, and parsing it cost ≈ 70 µs. The row is still read;
 * the text it holds is the key, so a fingerprint written since (by this process or another) is parsed
 * afresh and there is nothing to invalidate. The object is shared: it is frozen, so a caller that
 * tried to change it would throw instead of corrupting later assessments. Least recently used go first.
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
  const fingerprint = deepFreeze(currentFingerprint(fromJson<StoredFingerprint>(json)));
  entries.delete(key);
  entries.set(key, { json, fingerprint });
  if (entries.size > CAPACITY) entries.delete(entries.keys().next().value as string);
  return fingerprint;
}
