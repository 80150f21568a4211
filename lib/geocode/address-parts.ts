/** An address split into its declared parts, as typed (tidied), before anything is looked up. */
export interface AddressParts {
  /** ISO alpha-2 when the input names the country. */
  countryCode: string | null;
  state: string | null;
  city: string | null;
  neighborhood: string | null;
  street: string | null;
  number: string | null;
  complements: string | null;
  postalCode: string | null;
  /** Country the wording suggests (CEP, "Rua…", "123 Main St"), when the input does not name one. */
  countryHint: string | null;
}

export const EMPTY_PARTS: AddressParts = {
  countryCode: null,
  state: null,
  city: null,
  neighborhood: null,
  street: null,
  number: null,
  complements: null,
  postalCode: null,
  countryHint: null,
};

export function hasAnyPart(parts: AddressParts): boolean {
  return Boolean(
    parts.countryCode || parts.state || parts.city || parts.street || parts.postalCode || parts.neighborhood,
  );
}
