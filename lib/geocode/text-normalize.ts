/**
 * Folds text for comparison: no accents, lower case, punctuation to spaces, single spaces.
 * "São  Paulo/SP" → "sao paulo sp".
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[ºª°]/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Collapses whitespace and trims, keeping case and accents (for display values). */
export function tidyText(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const tidy = text.replace(/\s+/g, ' ').trim();
  return tidy === '' ? null : tidy;
}
