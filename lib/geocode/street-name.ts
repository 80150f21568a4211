import { foldText } from './text-normalize.ts';

/**
 * Street-name normalisation per country, so that "R. Sto. Antônio" and "Rua Santo Antonio", or
 * "N Main St" and "North Main Street", compare equal. Brazil puts the street type first, the US last.
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

function normalizeBrazilian(words: string[]): StreetName {
  const [first, ...rest] = words;
  const type = first !== undefined ? (BR_TYPES[first] ?? null) : null;
  const body = (type ? rest : words).map((w) => BR_WORDS[w] ?? w);
  const core = body.filter((w) => !BR_LINKING_WORDS.has(w)).join(' ');
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
  if (cc === 'BR' || cc === 'PT') return normalizeBrazilian(words);
  if (cc === 'US' || cc === 'CA') return normalizeUs(words);
  return (words[0] ?? '') in BR_TYPES ? normalizeBrazilian(words) : normalizeUs(words);
}
