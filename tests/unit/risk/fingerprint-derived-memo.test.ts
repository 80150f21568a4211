import { describe, expect, it } from 'vitest';
import { fingerprintPlaces } from '../../../lib/domain/fingerprint/fingerprint-places';
import { deepFreeze } from '../../../lib/domain/fingerprint/frozen-memo';
import { emptyFingerprint, updateFingerprint } from '../../../lib/domain/fingerprint/location-fingerprint';
import { signalIntegrity } from '../../../lib/domain/fingerprint/signal-integrity';
import { commuter, livedDays } from './trajectories';

const lived = () => updateFingerprint(emptyFingerprint(), livedDays(14, commuter, 3));

describe('places and signal integrity of a fingerprint', () => {
  it('are derived once for a frozen (shared) fingerprint, and are what a fresh derivation gives', () => {
    const fresh = lived();
    const shared = deepFreeze(lived());
    const places = fingerprintPlaces(shared);
    const integrity = signalIntegrity(shared);
    expect(fingerprintPlaces(shared)).toBe(places);
    expect(signalIntegrity(shared)).toBe(integrity);
    expect(places).toEqual(fingerprintPlaces(fresh));
    expect(integrity).toEqual(signalIntegrity(fresh));
    expect(places.length).toBeGreaterThan(0);
    // One caller cannot change what the next one reads.
    expect(Object.isFrozen(places) && Object.isFrozen(places[0])).toBe(true);
  });

  it('are derived afresh for a fingerprint that can still change', () => {
    const folding = lived();
    expect(fingerprintPlaces(folding)).not.toBe(fingerprintPlaces(folding));
    expect(signalIntegrity(folding)).not.toBe(signalIntegrity(folding));
    expect(Object.isFrozen(fingerprintPlaces(folding))).toBe(false);
  });
});
