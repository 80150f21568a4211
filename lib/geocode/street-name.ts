import { foldText } from './text-normalize.ts';

/**
 * Street-name normalisation per country, so that "R. Sto. Antônio" and "Rua Santo Antonio", or
 * "N Main St" and "North Main Street", compare equal. Brazil and Spanish-speaking countries put the street
 * type first ("Calle Mayor": core "mayor"), the US last.
 */
export interface StreetName {
  /** Folded and expanded: "rua santo antonio". */
  full: string;
  /** Without the street type and Portuguese linking words: "santo antonio". Fuzzy matching runs on this. */
  core: string;
  /** Expanded street type, when recognised: "rua", "avenida", "street"… */
  type: string | null;
}

const BR_TYPES: Record<string, string> = {
  r: 'rua',
  rua: 'rua',
  av: 'avenida',
  ave: 'avenida',
  avda: 'avenida',
  avenida: 'avenida',
  al: 'alameda',
  alam: 'alameda',
  alameda: 'alameda',
  tv: 'travessa',
  trav: 'travessa',
  travessa: 'travessa',
  pc: 'praca',
  pca: 'praca',
  praca: 'praca',
  rod: 'rodovia',
  rodovia: 'rodovia',
  est: 'estrada',
  estr: 'estrada',
  estrada: 'estrada',
  lg: 'largo',
  largo: 'largo',
  lad: 'ladeira',
  ladeira: 'ladeira',
  vd: 'viaduto',
  viaduto: 'viaduto',
  bc: 'beco',
  beco: 'beco',
  pq: 'parque',
  parque: 'parque',
};

const BR_WORDS: Record<string, string> = {
  dr: 'doutor',
  dra: 'doutora',
  prof: 'professor',
  profa: 'professora',
  eng: 'engenheiro',
  gen: 'general',
  cel: 'coronel',
  sen: 'senador',
  dep: 'deputado',
  pres: 'presidente',
  brig: 'brigadeiro',
  mal: 'marechal',
  alm: 'almirante',
  cap: 'capitao',
  ten: 'tenente',
  pe: 'padre',
  fr: 'frei',
  sta: 'santa',
  sto: 'santo',
  gov: 'governador',
  min: 'ministro',
  cons: 'conselheiro',
  ver: 'vereador',
  jd: 'jardim',
  vl: 'vila',
  n: 'nossa',
  sra: 'senhora',
};

const BR_LINKING_WORDS = new Set(['de', 'da', 'do', 'das', 'dos', 'e']);

/** Spanish street types, written first as in Portuguese ("Calle Mayor", "Av. de Mayo", "Cra. 7"). */
const ES_TYPES: Record<string, string> = {
  cl: 'calle',
  calle: 'calle',
  av: 'avenida',
  avda: 'avenida',
  avenida: 'avenida',
  pso: 'paseo',
  paseo: 'paseo',
  pl: 'plaza',
  pza: 'plaza',
  plaza: 'plaza',
  cra: 'carrera',
  kr: 'carrera',
  carrera: 'carrera',
  ctra: 'carretera',
  carretera: 'carretera',
  cno: 'camino',
  camino: 'camino',
  ronda: 'ronda',
  trav: 'travesia',
  travesia: 'travesia',
  pje: 'pasaje',
  pasaje: 'pasaje',
};

const ES_LINKING_WORDS = new Set(['de', 'del', 'la', 'las', 'los', 'el', 'y']);

/** Transliterated Russian street types ("ulitsa Lenina", "pr. Mira"). */
const RU_TYPES: Record<string, string> = {
  ul: 'ulitsa',
  ulitsa: 'ulitsa',
  prosp: 'prospekt',
  prospekt: 'prospekt',
  per: 'pereulok',
  pereulok: 'pereulok',
  shosse: 'shosse',
  nab: 'naberezhnaya',
  naberezhnaya: 'naberezhnaya',
};

/** Indonesian and Malay street types ("Jl. Sudirman"). */
const ID_TYPES: Record<string, string> = {
  jl: 'jalan',
  jln: 'jalan',
  jalan: 'jalan',
  gg: 'gang',
  gang: 'gang',
};
/** Countries whose streets are named in Spanish. */
const SPANISH_SPEAKING = new Set([
  'ES',
  'AR',
  'MX',
  'CO',
  'CL',
  'PE',
  'VE',
  'EC',
  'BO',
  'UY',
  'PY',
  'CR',
  'PA',
  'GT',
  'HN',
  'SV',
  'NI',
  'DO',
  'CU',
]);

const US_TYPES: Record<string, string> = {
  st: 'street',
  str: 'street',
  street: 'street',
  ave: 'avenue',
  av: 'avenue',
  avenue: 'avenue',
  blvd: 'boulevard',
  boulevard: 'boulevard',
  rd: 'road',
  road: 'road',
  dr: 'drive',
  drive: 'drive',
  ln: 'lane',
  lane: 'lane',
  ct: 'court',
  court: 'court',
  pl: 'place',
  place: 'place',
  pkwy: 'parkway',
  parkway: 'parkway',
  hwy: 'highway',
  highway: 'highway',
  ter: 'terrace',
  terrace: 'terrace',
  cir: 'circle',
  circle: 'circle',
  sq: 'square',
  square: 'square',
  trl: 'trail',
  trail: 'trail',
  way: 'way',
  expy: 'expressway',
  expressway: 'expressway',
  fwy: 'freeway',
  freeway: 'freeway',
};

const US_DIRECTIONS: Record<string, string> = {
  n: 'north',
  s: 'south',
  e: 'east',
  w: 'west',
  ne: 'northeast',
  nw: 'northwest',
  se: 'southeast',
  sw: 'southwest',
  north: 'north',
  south: 'south',
  east: 'east',
  west: 'west',
};

/** Words that start a Brazilian street name; used to guess the country of a bare address line. */
export function isBrazilianStreetType(word: string): boolean {
  return foldText(word) in BR_TYPES;
}

export function isUsStreetType(word: string): boolean {
  return foldText(word) in US_TYPES;
}

/** Rules of languages that write the street type first (Portuguese, Spanish). */
interface TypeFirstRules {
  types: Record<string, string>;
  words: Record<string, string>;
  linking: ReadonlySet<string>;
}

const BRAZILIAN: TypeFirstRules = { types: BR_TYPES, words: BR_WORDS, linking: BR_LINKING_WORDS };
const SPANISH: TypeFirstRules = { types: ES_TYPES, words: {}, linking: ES_LINKING_WORDS };
const RUSSIAN: TypeFirstRules = { types: RU_TYPES, words: {}, linking: new Set() };
const MALAY: TypeFirstRules = { types: ID_TYPES, words: {}, linking: new Set() };

/** Rules by country for the languages that write the street type first. */
function typeFirstRules(countryCode: string): TypeFirstRules | null {
  if (countryCode === 'BR' || countryCode === 'PT') return BRAZILIAN;
  if (SPANISH_SPEAKING.has(countryCode)) return SPANISH;
  if (countryCode === 'RU' || countryCode === 'BY' || countryCode === 'KZ') return RUSSIAN;
  if (countryCode === 'ID' || countryCode === 'MY') return MALAY;
  return null;
}

/** A word that starts a street name in a language writing the type first ("Rua", "Calle", "ulitsa", "Jl"). */
export function isTypeFirstStreetWord(word: string): boolean {
  const folded = foldText(word);
  return [BRAZILIAN, SPANISH, RUSSIAN, MALAY].some((rules) => folded in rules.types);
}

function normalizeTypeFirst(words: string[], rules: TypeFirstRules): StreetName {
  const [first, ...rest] = words;
  const type = first !== undefined ? (rules.types[first] ?? null) : null;
  const body = (type ? rest : words).map((w) => rules.words[w] ?? w);
  const core = body.filter((w) => !rules.linking.has(w)).join(' ');
  return { full: [type, ...body].filter(Boolean).join(' '), core, type };
}

function normalizeUs(words: string[]): StreetName {
  const expanded = words.map((w) => US_DIRECTIONS[w] ?? w);
  // The type is the last word that is a street type, ignoring a trailing direction ("Main St NW").
  let typeIndex = -1;
  for (let i = expanded.length - 1; i > 0; i--) {
    const w = words[i] ?? '';
    if (w in US_TYPES) {
      typeIndex = i;
      break;
    }
    if (!(w in US_DIRECTIONS)) break;
  }
  const type = typeIndex >= 0 ? (US_TYPES[words[typeIndex] ?? ''] ?? null) : null;
  const full = expanded.map((w, i) => (i === typeIndex ? type : w)).join(' ');
  const core = expanded.filter((_, i) => i !== typeIndex).join(' ');
  return { full, core, type };
}

/**
 * Normalises a street name for a country (ISO 3166-1 alpha-2). Countries without rules of their own
 * follow the Brazilian rules when the name starts with a Portuguese street type, the US rules otherwise.
 */
export function normalizeStreetName(name: string, countryCode: string | null): StreetName {
  const words = foldText(name).split(' ').filter(Boolean);
  if (words.length === 0) return { full: '', core: '', type: null };
  const cc = countryCode?.toUpperCase() ?? null;
  const rules = cc === null ? null : typeFirstRules(cc);
  if (rules) return normalizeTypeFirst(words, rules);
  if (cc === 'US' || cc === 'CA') return normalizeUs(words);
  return (words[0] ?? '') in BR_TYPES ? normalizeTypeFirst(words, BRAZILIAN) : normalizeUs(words);
}
