/** Ids and names the seeded tenant knows, so that some requests get past "not found" into the handlers. */
export const KNOWN = { installation: 'fuzz-phone', account: 'fuzz-account', store: 'fuzz-store' } as const;
