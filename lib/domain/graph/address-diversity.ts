import { declaredAddressKey, type DeclaredLocation } from '../address';

/** How many different addresses, cities, streets and postal codes this device declared (this signup included). */
export interface AddressDiversity {
  addresses: number;
  cities: number;
  streets: number;
  zipCodes: number;
}

const norm = (s: string | null) => (s ?? '').trim().toLowerCase();

export function addressDiversity(
  own: DeclaredLocation | null,
  others: readonly DeclaredLocation[],
): AddressDiversity {
  const all = own ? [own, ...others] : [...others];
  const distinct = (pick: (l: DeclaredLocation) => string) =>
    new Set(all.map(pick).filter((v) => v !== '')).size;
  return {
    addresses: new Set(all.map(declaredAddressKey).filter((k): k is string => k !== null)).size,
    cities: distinct((l) =>
      norm(l.normalized.city) ? `${norm(l.normalized.countryCode)}|${norm(l.normalized.city)}` : '',
    ),
    streets: distinct((l) =>
      norm(l.normalized.street) ? `${norm(l.normalized.city)}|${norm(l.normalized.street)}` : '',
    ),
    zipCodes: distinct((l) => norm(l.normalized.postalCode).replace(/[^0-9a-z]/g, '')),
  };
}

/**
 * Whether declaring `added` beside `declared` raises any of the counts: a new address, city, street or
 * postal code. When it does not, every signup judged against `declared` keeps its diversity.
 */
export function widensDiversity(declared: readonly DeclaredLocation[], added: DeclaredLocation): boolean {
  const before = addressDiversity(null, declared);
  const after = addressDiversity(added, declared);
  return (
    after.addresses !== before.addresses ||
    after.cities !== before.cities ||
    after.streets !== before.streets ||
    after.zipCodes !== before.zipCodes
  );
}
