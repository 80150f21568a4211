import { declaredAddressKey, type DeclaredLocation } from '../address';

/** How many different addresses, cities, streets and postal codes this device declared (this signup included). */
export interface AddressDiversity {
  addresses: number;
  cities: number;
  streets: number;
  zipCodes: number;
}

const norm = (s: string | null) => (s ?? '').trim().toLowerCase();

/** What tells declared locations apart, per count: '' (or null) counts as nothing. */
function diversityKeys(l: DeclaredLocation): [string | null, string, string, string] {
  const n = l.normalized;
  return [
    declaredAddressKey(l),
    norm(n.city) ? `${norm(n.countryCode)}|${norm(n.city)}` : '',
    norm(n.street) ? `${norm(n.city)}|${norm(n.street)}` : '',
    norm(n.postalCode).replace(/[^0-9a-z]/g, ''),
  ];
}

/** The distinct addresses, cities, streets and postal codes of `all`. */
function distinctKeys(all: readonly DeclaredLocation[]): Set<string>[] {
  const sets = [new Set<string>(), new Set<string>(), new Set<string>(), new Set<string>()];
  for (const l of all) {
    diversityKeys(l).forEach((key, i) => {
      if (key) sets[i]!.add(key);
    });
  }
  return sets;
}

export function addressDiversity(
  own: DeclaredLocation | null,
  others: readonly DeclaredLocation[],
): AddressDiversity {
  const [addresses, cities, streets, zipCodes] = distinctKeys(own ? [own, ...others] : others);
  return {
    addresses: addresses!.size,
    cities: cities!.size,
    streets: streets!.size,
    zipCodes: zipCodes!.size,
  };
}

/**
 * Whether declaring `added` beside `declared` raises any of the counts: a new address, city, street or
 * postal code. When it does not, every signup judged against `declared` keeps its diversity.
 */
export function widensDiversity(declared: readonly DeclaredLocation[], added: DeclaredLocation): boolean {
  const known = distinctKeys(declared);
  return diversityKeys(added).some((key, i) => key !== null && key !== '' && !known[i]!.has(key));
}
