/**
 * Seeded randomness for the simulator: the same seed gives the same population on every machine.
 * sfc32 (Chris Doty-Humphrey's Small Fast Counter, public domain) seeded through a cyrb128 string hash;
 * see https://pracrand.sourceforge.net/ — fast, 128-bit state, passes PractRand to 2^40 bytes.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  float(min: number, max: number): number;
  /** Uniform integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** Standard normal (Box–Muller). */
  gaussian(): number;
  pick<T>(items: readonly T[]): T;
  /**
   * An independent stream named by the parent's seed and a label; it draws nothing from the parent, so adding
   * draws in one place does not shift another. The same label gives the same stream.
   */
  fork(label: string): Random;
}

/** cyrb128: a string hash to four 32-bit words, used to seed sfc32. */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

function sfc32(seed: [number, number, number, number]): () => number {
  let [a, b, c, d] = seed;
  const step = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // The first outputs of a fresh sfc32 are poorly mixed; discard them.
  for (let i = 0; i < 15; i++) step();
  return step;
}

/** A seeded random stream. `createRandom('42')` always yields the same sequence. */
export function createRandom(seed: string | number): Random {
  const label = String(seed);
  const next = sfc32(cyrb128(label));
  const random: Random = {
    next,
    float: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor((max - min + 1) * next()),
    chance: (p) => next() < p,
    gaussian: () => {
      const u = 1 - next();
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    fork: (child) => createRandom(`${label}/${child}`),
  };
  return random;
}
