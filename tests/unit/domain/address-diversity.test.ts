import { describe, expect, it } from 'vitest';
import type { DeclaredLocation } from '../../../lib/domain/address';
import { widensDiversity } from '../../../lib/domain/graph/address-diversity';
import { preciseAddress } from '../risk/trajectories';

/** A precise address at `lat` whose normalised parts are those given (the rest as preciseAddress's). */
function declared(parts: Partial<DeclaredLocation['normalized']>, lat = -23.56): DeclaredLocation {
  const base = preciseAddress({ lat, lng: -46.65 });
  return {
    ...base,
    normalized: { ...base.normalized, city: null, postalCode: null, street: null, number: null, ...parts },
  };
}

const home = declared({ city: 'São Paulo', street: 'Rua Augusta', number: '100', postalCode: '01305-000' });

describe('widensDiversity', () => {
  it('is false for an address the others already declared, whatever its coordinates or case', () => {
    const again = declared(
      { city: 'são paulo', street: 'RUA AUGUSTA', number: '100', postalCode: '01305-000' },
      -23.9,
    );
    expect(widensDiversity([home], again)).toBe(false);
  });

  it('is true for a new address, city, street or postal code', () => {
    const base = home.normalized;
    expect(widensDiversity([home], declared({ ...base, number: '102' }))).toBe(true);
    expect(widensDiversity([home], declared({ ...base, city: 'Campinas' }))).toBe(true);
    expect(widensDiversity([home], declared({ ...base, street: 'Rua Haddock Lobo' }))).toBe(true);
    expect(widensDiversity([home], declared({ ...base, postalCode: '01414-000' }))).toBe(true);
  });

  it('tells coordinates-only declarations apart by their rounded point', () => {
    const here = declared({ countryCode: null, state: null }, -23.5614);
    expect(widensDiversity([here], declared({ countryCode: null, state: null }, -23.56141))).toBe(false);
    expect(widensDiversity([here], declared({ countryCode: null, state: null }, -23.57))).toBe(true);
  });

  it('is true for the first declared address', () => {
    expect(widensDiversity([], home)).toBe(true);
  });
});
