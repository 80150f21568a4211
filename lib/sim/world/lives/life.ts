import type { Random } from '../../random';
import type { LocalClock } from '../../time-zone';
import type { LatLng } from '../../types';
import type { WorldCity } from '../world-city';

export type PlaceLabel = 'home' | 'work' | 'leisure' | 'errand' | 'stop';

/** The places of one person's life. */
export interface LifePlaces {
  city: WorldCity;
  home: LatLng;
  /** Office, campus, lab, hospital, depot; null for people without one. */
  work: LatLng | null;
  leisure: LatLng[];
  /** Shops and services a short walk from home. */
  errands: LatLng[];
}

/** "At `at` local hours of the day, leave for `to`" (hours may run past 24 into the next morning). */
export interface Trip {
  at: number;
  to: LatLng;
  label: PlaceLabel;
  /** Default true: people spend their stays inside buildings; a courier waits at the kerb. */
  indoors?: boolean;
}

/**
 * A way of living. `trips` plans one local day from its own random stream (the same day always plans the
 * same way); the person starts every day wherever the last trip left them.
 */
export interface Life {
  name: LifeName;
  places(random: Random, city: WorldCity): LifePlaces;
  trips(random: Random, places: LifePlaces, clock: LocalClock, day: number): Trip[];
  /** Local hours asleep at home, [from, to) wrapping midnight, before the city's `lateHours`. */
  sleep: [number, number];
}

export const LIVES = ['office', 'night_shift', 'student', 'courier', 'homebody'] as const;
export type LifeName = (typeof LIVES)[number];

/** A weekday (Monday–Friday) of the local calendar. */
export const isWorkday = (clock: LocalClock, day: number): boolean => {
  const w = clock.weekday(day);
  return w >= 1 && w <= 5;
};
