import { formatAddressLine } from './generate-address';
import type { Random } from './random';
import type { Address, DeclaredAddress } from './types';

/** Abbreviations people type instead of the full word; case-sensitive whole words. */
const ABBREVIATIONS: Record<string, string> = {
  Rua: 'R.',
  Avenida: 'Av.',
  Estrada: 'Estr.',
  Doutor: 'Dr.',
  Street: 'St',
  Avenue: 'Av',
  Boulevard: 'Bl',
  Road: 'Rd',
  North: 'N',
  South: 'S',
  Apto: 'ap',
};

const stripAccents = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '');

function abbreviate(text: string): string {
  return text.replace(/\p{L}+/gu, (word) => ABBREVIATIONS[word] ?? word);
}

/** One keyboard slip: swap two neighbours, drop a letter or double one. */
function typo(random: Random, text: string): string {
  const letters = [...text].map((c, i) => ({ c, i })).filter(({ c }) => /\p{L}/u.test(c));
  if (letters.length < 4) return text;
  const at = random.pick(letters.slice(1, -1)).i;
  const chars = [...text];
  const kind = random.int(0, 2);
  if (kind === 0) [chars[at], chars[at + 1]] = [chars[at + 1] ?? '', chars[at] ?? ''];
  else if (kind === 1) chars.splice(at, 1);
  else chars.splice(at, 0, chars[at] ?? '');
  return chars.join('');
}

/** Noise an honest user puts in their own address: abbreviations, missing accents, slips, lower case. */
export function noisyText(random: Random, text: string): string {
  let out = text;
  if (random.chance(0.6)) out = abbreviate(out);
  if (random.chance(0.6)) out = stripAccents(out);
  if (random.chance(0.7)) out = typo(random, out);
  if (random.chance(0.25)) out = out.toLowerCase();
  return out === text ? typo(random, abbreviate(stripAccents(text))) : out;
}

/** The declared form of a correct address typed carelessly: same place, noisy text, true coordinates. */
export function addAddressTypos(
  random: Random,
  address: Address,
  declared: DeclaredAddress,
): DeclaredAddress {
  const noisy: DeclaredAddress = { ...declared };
  if (declared.structured_address) {
    const s = declared.structured_address;
    noisy.structured_address = {
      ...s,
      street: noisyText(random, s.street),
      neighborhood: random.chance(0.5) ? noisyText(random, s.neighborhood) : s.neighborhood,
      city: random.chance(0.3) ? stripAccents(s.city) : s.city,
      postal_code: random.chance(0.2) ? '' : s.postal_code,
    };
  }
  if (declared.address_line !== undefined || !declared.structured_address) {
    noisy.address_line = noisyText(random, declared.address_line ?? formatAddressLine(address.structured));
  }
  return noisy;
}
