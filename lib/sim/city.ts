import type { LatLng } from './types';

/** A city the simulator places people in: a centre, a radius that stays on land, and names to build addresses. */
export interface City {
  name: string;
  state: string;
  countryCode: 'BR' | 'US';
  centre: LatLng;
  /** People live within this many km of the centre. */
  radiusKm: number;
  /** Postal codes are drawn in [min, max] (as integers: 5 digits in the US, 8 in Brazil). */
  postalRange: [number, number];
  neighborhoods: readonly string[];
  streets: readonly string[];
  /**
   * Bearings (degrees clockwise from north, from → to) along which land continues for hundreds of kilometres,
   * so that a place "500 km away" is not in the sea. [0, 360] for inland cities.
   */
  landBearings: [number, number];
}

export const COUNTRIES = {
  BR: { name: 'Brasil', locale: 'pt-BR', currency: 'BRL' },
  US: { name: 'United States', locale: 'en-US', currency: 'USD' },
} as const;
