import { COUNTRIES } from './city';

/** What addresses and payments need to know of a country. */
export interface Country {
  name: string;
  locale: string;
  currency: string;
}

const WORLD: Record<string, Country> = {
  BR: COUNTRIES.BR,
  US: COUNTRIES.US,
  CN: {
    name: 'China',
    locale: 'zh-CN',
    currency: 'CNY',
  },
  NP: {
    name: 'Nepal',
    locale: 'ne-NP',
    currency: 'NPR',
  },
  IN: {
    name: 'India',
    locale: 'en-IN',
    currency: 'INR',
  },
  ES: {
    name: 'España',
    locale: 'es-ES',
    currency: 'EUR',
  },
  NO: { name: 'Norge', locale: 'nb-NO', currency: 'NOK' },
  IS: {
    name: 'Ísland',
    locale: 'is-IS',
    currency: 'ISK',
  },
  RU: {
    name: 'Россия',
    locale: 'ru-RU',
    currency: 'RUB',
  },
  FJ: {
    name: 'Fiji',
    locale: 'en-FJ',
    currency: 'FJD',
  },
  WS: {
    name: 'Samoa',
    locale: 'en-WS',
    currency: 'WST',
  },
  NZ: {
    name: 'New Zealand',
    locale: 'en-NZ',
    currency: 'NZD',
  },
  AR: {
    name: 'Argentina',
    locale: 'es-AR',
    currency: 'ARS',
  },
  MX: {
    name: 'México',
    locale: 'es-MX',
    currency: 'MXN',
  },
  NG: {
    name: 'Nigeria',
    locale: 'en-NG',
    currency: 'NGN',
  },
  KE: {
    name: 'Kenya',
    locale: 'en-KE',
    currency: 'KES',
  },
  ID: {
    name: 'Indonesia',
    locale: 'id-ID',
    currency: 'IDR',
  },
  JP: { name: '日本', locale: 'ja-JP', currency: 'JPY' },
  CO: {
    name: 'Colombia',
    locale: 'es-CO',
    currency: 'COP',
  },
  SJ: {
    name: 'Svalbard',
    locale: 'nb-NO',
    currency: 'NOK',
  },
  TO: {
    name: 'Tonga',
    locale: 'en-TO',
    currency: 'TOP',
  },
  CL: {
    name: 'Chile',
    locale: 'es-CL',
    currency: 'CLP',
  },
};

/** The country of a two-letter code; unknown codes are a programming error in a world's catalogue. */
export function countryOf(code: string): Country {
  const found = WORLD[code];
  if (!found) throw new Error(`no country data for ${code}`);
  return found;
}
