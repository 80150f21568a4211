import type { AppKind } from './app/app-kind';
import type { LifeName } from './lives/life';
import type { PhoneKind } from './phone/phone-profile';
import type { WorldFraudScenario } from '../types';
import type { WorldCity } from './world-city';
import type { StreetCoverage } from './world-streets';

/** Honest people whose lives or phones change around the signup (docs/SIMULATOR.md). */
export const HONEST_VARIANTS = [
  'traveller',
  'moved',
  'shared_device',
  'new_device',
  'reinstall',
  'declares_work',
] as const;
export type HonestVariant = (typeof HONEST_VARIANTS)[number];

export type Weights<K extends string> = Partial<Record<K, number>>;

/**
 * A named world: where people live, which phones and apps they have, how they live, how fraud hides in it.
 * Every installation of the world — honest or not — draws its phone and app from the same mixes.
 */
export interface WorldSpec {
  name: string;
  /** Why the world exists: what it tests that the others do not. */
  why: string;
  cities: readonly WorldCity[];
  phones: Weights<PhoneKind>;
  apps: Weights<AppKind>;
  lives: Weights<LifeName>;
  /** Shares of honest installations living one of the variants; the rest live an ordinary life. */
  honestVariants: Weights<HonestVariant>;
  fraud: Weights<WorldFraudScenario>;
  fraudShare: number;
  historyDays: [number, number];
  /** Share of phones whose SDK sends optional signal fields. */
  signalShare: number;
  /** Share of declared addresses sent with coordinates (the rest are geocoded, often only to the city). */
  coordinatesShare: number;
  /**
   * How much of the world's streets and house numbers its OpenStreetMap extract holds (world-streets.ts),
   * from how mapped such cities are: Spain's and Norway's address imports, sparse numbers in Lagos.
   */
  streetIndex: StreetCoverage;
  /** Where honest people declare: their home, or (the trajectory study) their most visited place. */
  declares: 'home' | 'most_visited';
  /** Payments and logins per installation after its signup. */
  payments: [number, number];
}
