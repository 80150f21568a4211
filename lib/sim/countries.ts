import { COUNTRIES } from './city';

/** What addresses and payments need to know of a country. */
export interface Country {
  name: string;
  locale: string;
  currency: string;
  /** A few real street names, for declared address text (the offline geocoder rarely knows them: city level). */
  streets: readonly string[];
}

const WORLD: Record<string, Country> = {
  BR: { ...COUNTRIES.BR, streets: ['Rua Augusta', 'Avenida Paulista', 'Rua da Consolação'] },
  US: { ...COUNTRIES.US, streets: ['Main Street', 'Oak Avenue', 'Park Road'] },
  CN: {
    name: 'China',
    locale: 'zh-CN',
    currency: 'CNY',
    streets: ['Zhongguancun Dajie', 'Chengfu Lu', 'Beisihuan Xilu'],
  },
  NP: {
    name: 'Nepal',
    locale: 'ne-NP',
    currency: 'NPR',
    streets: ['Durbar Marg', 'Lazimpat Road', 'Ring Road'],
  },
  IN: {
    name: 'India',
    locale: 'en-IN',
    currency: 'INR',
    streets: ['MG Road', 'Linking Road', 'Station Road'],
  },
  ES: {
    name: 'España',
    locale: 'es-ES',
    currency: 'EUR',
    streets: ['Calle Mayor', 'Gran Vía', 'Calle del Príncipe'],
  },
  NO: { name: 'Norge', locale: 'nb-NO', currency: 'NOK', streets: ['Storgata', 'Kirkegata', 'Strandvegen'] },
  IS: {
    name: 'Ísland',
    locale: 'is-IS',
    currency: 'ISK',
    streets: ['Laugavegur', 'Hverfisgata', 'Skólavörðustígur'],
  },
  RU: {
    name: 'Россия',
    locale: 'ru-RU',
    currency: 'RUB',
    streets: ['ulitsa Lenina', 'prospekt Mira', 'ulitsa Otke'],
  },
  FJ: {
    name: 'Fiji',
    locale: 'en-FJ',
    currency: 'FJD',
    streets: ['Victoria Parade', 'Queens Road', 'Naqara Road'],
  },
  WS: {
    name: 'Samoa',
    locale: 'en-WS',
    currency: 'WST',
    streets: ['Beach Road', 'Vaea Street', 'Falealili Street'],
  },
  NZ: {
    name: 'New Zealand',
    locale: 'en-NZ',
    currency: 'NZD',
    streets: ['Queen Street', 'Ponsonby Road', 'Dominion Road'],
  },
  AR: {
    name: 'Argentina',
    locale: 'es-AR',
    currency: 'ARS',
    streets: ['Avenida Corrientes', 'Calle Florida', 'Avenida de Mayo'],
  },
  MX: {
    name: 'México',
    locale: 'es-MX',
    currency: 'MXN',
    streets: ['Avenida Reforma', 'Calle Madero', 'Avenida Insurgentes'],
  },
  NG: {
    name: 'Nigeria',
    locale: 'en-NG',
    currency: 'NGN',
    streets: ['Awolowo Road', 'Broad Street', 'Allen Avenue'],
  },
  KE: {
    name: 'Kenya',
    locale: 'en-KE',
    currency: 'KES',
    streets: ['Moi Avenue', 'Kenyatta Avenue', 'Ngong Road'],
  },
  ID: {
    name: 'Indonesia',
    locale: 'id-ID',
    currency: 'IDR',
    streets: ['Jalan Sudirman', 'Jalan Thamrin', 'Jalan Gatot Subroto'],
  },
  JP: { name: '日本', locale: 'ja-JP', currency: 'JPY', streets: ['Chuo-dori', 'Meiji-dori', 'Omotesando'] },
  CO: {
    name: 'Colombia',
    locale: 'es-CO',
    currency: 'COP',
    streets: ['Carrera Séptima', 'Calle 72', 'Avenida Caracas'],
  },
  SJ: {
    name: 'Svalbard',
    locale: 'nb-NO',
    currency: 'NOK',
    streets: ['Vei 200', 'Vei 230', 'Hilmar Rekstens vei'],
  },
  TO: {
    name: 'Tonga',
    locale: 'en-TO',
    currency: 'TOP',
    streets: ['Taufaʻahau Road', 'Vuna Road', 'Salote Road'],
  },
  CL: {
    name: 'Chile',
    locale: 'es-CL',
    currency: 'CLP',
    streets: ['Avenida Colón', 'Calle Bories', 'Avenida España'],
  },
};

/** The country of a two-letter code; unknown codes are a programming error in a world's catalogue. */
export function countryOf(code: string): Country {
  const found = WORLD[code];
  if (!found) throw new Error(`no country data for ${code}`);
  return found;
}
