import { isBrazilianStreetType, isTypeFirstStreetWord, isUsStreetType } from './street-name.ts';
import { foldText } from './text-normalize.ts';

/**
 * Splits one segment holding a street ("R. Augusta 1500 apto 3", "123 Main St Apt 4") into street,
 * number, complement and whatever trails it (a city typed without commas).
 */
export interface StreetSegment {
  street: string;
  number: string | null;
  complements: string | null;
  trailing: string | null;
}

const COMPLEMENT_WORD =
  /^(apto?|apartamento|ap|sala|sl|bloco|bl|casa|cj|conj|conjunto|andar|lote|lt|quadra|qd|fundos|frente|suite|ste|apt|unit|fl|floor|room|rm|#\S*)$/i;
const NUMBER_TOKEN = /^\d+[a-z]?$/i;
const NUMBER_PREFIX = /^(n|no|nº|n°|num|numero|número)\.?$/i;

export function isComplement(segment: string): boolean {
  const first = segment.trim().split(/\s+/)[0] ?? '';
  return COMPLEMENT_WORD.test(first.replace(/[.:]$/, ''));
}

/** "1500", "nº 1500", "n. 15A" → the number; else null. */
export function numberOf(segment: string): string | null {
  const match = /^(?:(?:n|no|num|numero|número)?\s*[º°.]?\s*)?(\d+[a-z]?)$/i.exec(segment.trim());
  return match?.[1] ?? null;
}

function splitComplement(words: string[]): { before: string[]; complement: string | null } {
  const at = words.findIndex((w) => COMPLEMENT_WORD.test(w.replace(/[.:]$/, '')));
  if (at <= 0) return { before: words, complement: null };
  return { before: words.slice(0, at), complement: words.slice(at).join(' ') };
}

function brazilianStyle(words: string[]): StreetSegment {
  // The house number is the last number that is not part of the name ("Rua 25 de Março 100"); after a
  // street type it cannot be the second word, after a one-word name it can ("Storgata 12").
  const first = isTypeFirstStreetWord(words[0] ?? '') ? 2 : 1;
  for (let i = words.length - 1; i >= first; i--) {
    const word = words[i] ?? '';
    const next = foldText(words[i + 1] ?? '');
    if (!NUMBER_TOKEN.test(word) || next === 'de' || next === 'of') continue;
    const prefixed = NUMBER_PREFIX.test(words[i - 1] ?? '');
    const street = words
      .slice(0, prefixed ? i - 1 : i)
      .join(' ')
      .replace(/,$/, '');
    const { before, complement } = splitComplement(words.slice(i + 1));
    return {
      street,
      number: word,
      complements: complement,
      trailing: before.length ? before.join(' ') : null,
    };
  }
  const { before, complement } = splitComplement(words);
  return { street: before.join(' '), number: null, complements: complement, trailing: null };
}

function usStyle(number: string, words: string[]): StreetSegment {
  const { before, complement } = splitComplement(words);
  // A city typed after the street without a comma starts after the street type (and a direction).
  let end = before.length;
  for (let i = 0; i < before.length - 1; i++) {
    if (isUsStreetType(before[i] ?? '') && i > 0) {
      end = /^(n|s|e|w|ne|nw|se|sw)$/i.test(before[i + 1] ?? '') ? i + 2 : i + 1;
      break;
    }
  }
  const trailing = before.slice(end).join(' ');
  return {
    street: before.slice(0, end).join(' '),
    number,
    complements: complement,
    trailing: trailing || null,
  };
}

/**
 * A name followed by its house number ("Storgata 12", "Laugavegur 5", "Chuo-dori 3"), as most of Europe
 * writes a line's first segment: a street even without a known street type.
 */
export function endsInHouseNumber(segment: string): boolean {
  const words = segment.trim().split(/\s+/);
  return (
    words.length >= 2 && NUMBER_TOKEN.test(words[words.length - 1] ?? '') && /\p{L}/u.test(words[0] ?? '')
  );
}

/** True when the segment reads as a street: a street type word, or a US "number name" form. */
export function looksLikeStreet(segment: string): boolean {
  const words = segment.trim().split(/\s+/);
  const first = words[0] ?? '';
  // A type alone is not a street ("PR" is Paraná, not a prospekt).
  if (isTypeFirstStreetWord(first) && words.length >= 2) return true;
  if (NUMBER_TOKEN.test(first) && words.length >= 2 && /[a-z]/i.test(words[1] ?? '')) return true;
  return words.length >= 2 && words.slice(1).some(isUsStreetType);
}

export function splitStreetSegment(segment: string): StreetSegment {
  const words = segment.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  if (NUMBER_TOKEN.test(first) && words.length >= 2 && !isBrazilianStreetType(words[1] ?? '')) {
    return usStyle(first, words.slice(1));
  }
  return brazilianStyle(words);
}
