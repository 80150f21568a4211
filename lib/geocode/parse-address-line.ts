import { EMPTY_PARTS, type AddressParts } from './address-parts.ts';
import { formatCep } from './brazil-cep.ts';
import { countriesOfCity } from './gazetteer.ts';
import { BR_UF_TO_ADMIN1, countryCodeFor } from './region-names.ts';
import { isBrazilianStreetType } from './street-name.ts';
import {
  endsInHouseNumber,
  isComplement,
  looksLikeStreet,
  numberOf,
  splitStreetSegment,
} from './street-segment.ts';
import { tidyText } from './text-normalize.ts';

/**
 * Splits a free-text address line into parts, the way people type them in Brazil and the US:
 * "R. Augusta, 1500 - Consolação, São Paulo/SP, 01304-001", "350 5th Ave, New York, NY 10118-0110".
 * Nothing is looked up here except whether a segment names a known city.
 */

const CEP = /(?:\bcep\b[\s:.]*)?\b(\d{2}\.?\d{3}-\d{3}|\d{8})\b/i;
const ZIP = /\b(\d{5})(?:-(\d{4}))?$/;
const CANADIAN_POSTAL = /\b([a-z]\d[a-z])\s?(\d[a-z]\d)\b/i;
const US_STATE_CODES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR'.split(
    ' ',
  ),
);

function splitSegments(line: string): string[] {
  return line
    .replace(/\s+[-–—]\s+/g, ',')
    .replace(/(\p{L})\s*\/\s*(\p{L})/gu, '$1,$2')
    .split(/[,;\n]+/)
    .map((s) => s.trim().replace(/^[-–—]\s*|\s*[-–—]$/g, ''))
    .filter((s) => s !== '');
}

function isStateCode(token: string, hint: string | null): boolean {
  const upper = token.toUpperCase();
  if (hint === 'BR') return upper in BR_UF_TO_ADMIN1;
  if (hint === 'US') return US_STATE_CODES.has(upper);
  return upper in BR_UF_TO_ADMIN1 || US_STATE_CODES.has(upper);
}

interface Work {
  parts: AddressParts;
  rest: string[];
}

function takePostalCode(work: Work): void {
  work.rest = work.rest.map((segment, index) => {
    if (work.parts.postalCode) return segment;
    const cep = CEP.exec(segment);
    if (cep?.[1] && formatCep(cep[1])) {
      work.parts.postalCode = formatCep(cep[1]);
      work.parts.countryHint ??= 'BR';
      return segment.replace(cep[0], '').trim();
    }
    const zip = ZIP.exec(segment);
    // A lone 5-digit segment right after the street is a house number, not a ZIP.
    const afterStreet = index > 0 && looksLikeStreet(work.rest[index - 1] ?? '') && /^\d{5}$/.test(segment);
    if (zip?.[1] && (index > 0 || work.rest.length === 1) && !afterStreet) {
      work.parts.postalCode = zip[2] ? `${zip[1]}-${zip[2]}` : zip[1];
      work.parts.countryHint ??= 'US';
      return segment.slice(0, zip.index).trim();
    }
    const canadian = CANADIAN_POSTAL.exec(segment);
    if (canadian && index > 0) {
      work.parts.postalCode = `${canadian[1]} ${canadian[2]}`.toUpperCase();
      work.parts.countryHint ??= 'CA';
      return segment.replace(canadian[0], '').trim();
    }
    return segment;
  });
  work.rest = work.rest.filter((s) => s !== '' && !/^cep$/i.test(s));
}

function takeCountry(work: Work): void {
  const last = work.rest[work.rest.length - 1];
  if (last === undefined || work.rest.length < 2) return;
  // Two letters at the end are a state far more often than a country ("…, SP"), so names only here.
  const code = countryCodeFor(last, false) ?? (/^(usa|bra)$/i.test(last) ? countryCodeFor(last) : null);
  if (code) {
    work.parts.countryCode = code;
    work.rest.pop();
  }
}

function takeState(work: Work): void {
  const hint = work.parts.countryCode ?? work.parts.countryHint;
  // The state is at the end: in the last segment or the one before it ("…, SP, 01304-001" lost its CEP).
  for (let i = work.rest.length - 1; i >= Math.max(0, work.rest.length - 2); i--) {
    const words = (work.rest[i] ?? '').split(/\s+/);
    const lastWord = words[words.length - 1] ?? '';
    if (lastWord.length !== 2 || !isStateCode(lastWord, hint)) continue;
    work.parts.state = lastWord.toUpperCase();
    const left = words.slice(0, -1).join(' ');
    if (left) work.rest[i] = left;
    else work.rest.splice(i, 1);
    return;
  }
}

function takeStreet(work: Work): void {
  const index = work.rest.findIndex((s, i) => looksLikeStreet(s) || (i === 0 && endsInHouseNumber(s)));
  if (index < 0) return;
  const split = splitStreetSegment(work.rest[index] ?? '');
  work.parts.street = split.street;
  work.parts.number = split.number;
  work.parts.complements = split.complements;
  if (isBrazilianStreetType(split.street.split(/\s+/)[0] ?? '')) work.parts.countryHint ??= 'BR';
  else if (split.number) work.parts.countryHint ??= 'US';
  const replacement: string[] = split.trailing ? [split.trailing] : [];
  work.rest.splice(index, 1, ...replacement);
  // "Rua Augusta, 1500": the number is the next segment.
  const next = work.rest[index + (split.trailing ? 1 : 0)];
  if (!work.parts.number && next !== undefined && numberOf(next)) {
    work.parts.number = numberOf(next);
    work.rest.splice(index + (split.trailing ? 1 : 0), 1);
  } else if (!work.parts.number && next !== undefined && /^s\/?n$/i.test(next)) {
    work.rest.splice(index, 1);
  }
  work.rest = work.rest.filter((segment) => {
    if (!isComplement(segment)) return true;
    work.parts.complements = [work.parts.complements, segment].filter(Boolean).join(', ');
    return false;
  });
  if (index > 0) work.rest.splice(0, index);
}

/** Digits left after the street is taken are a postal code typed wrong; keep it so it is graded invalid. */
function takeMalformedPostalCode(work: Work): void {
  if (work.parts.postalCode) return;
  const index = work.rest.findIndex((segment) => /^(?:cep|zip)?[\s:.]*\d[\d.\- ]{2,}$/i.test(segment));
  if (index < 0) return;
  work.parts.postalCode = (work.rest[index] ?? '').replace(/^(?:cep|zip)[\s:.]*/i, '');
  work.rest.splice(index, 1);
}

function takeCityAndNeighborhood(work: Work): void {
  const hint = work.parts.countryCode ?? work.parts.countryHint;
  const known = (text: string): boolean => {
    const countries = countriesOfCity(text);
    return hint ? countries.has(hint) : countries.size > 0;
  };
  let cityIndex = -1;
  for (let i = work.rest.length - 1; i >= 0; i--) {
    if (known(work.rest[i] ?? '')) {
      cityIndex = i;
      break;
    }
  }
  if (cityIndex < 0) cityIndex = work.rest.length - 1;
  work.parts.city = tidyText(work.rest[cityIndex]);
  work.parts.neighborhood = cityIndex > 0 ? tidyText(work.rest[cityIndex - 1]) : null;
}

export function parseAddressLine(line: string): AddressParts {
  const work: Work = { parts: { ...EMPTY_PARTS }, rest: splitSegments(line) };
  takePostalCode(work);
  takeCountry(work);
  takeStreet(work);
  takeMalformedPostalCode(work);
  takeState(work);
  takeCityAndNeighborhood(work);
  return work.parts;
}
