import type { Random } from '../../random';
import type { EventSource } from '../../types';
import type { PhoneProfile } from './phone-profile';

/** Typical accuracy per source: a median and a log-normal spread, clipped to what phones report. */
const TYPICAL: Record<
  Exclude<EventSource, 'cell'>,
  { median: number; spread: number; range: [number, number] }
> = {
  gps: { median: 7, spread: 0.5, range: [3, 60] },
  fused: { median: 11, spread: 0.6, range: [3, 120] },
  wifi: { median: 30, spread: 0.5, range: [8, 250] },
};

/** The steps iOS reports horizontal accuracy in. */
const IOS_STEPS = [5, 10, 16, 30, 35, 50, 65, 100, 165, 200, 1414];

/**
 * A cell fix claims about its cell's reach: the serving tower is within 0.72 × the tower spacing of the
 * phone two times in three (cell-tower.ts), so the claim is 0.6–1.0 × the spacing, 300 m to 1.5 km.
 */
function cellAccuracy(random: Random, phone: PhoneProfile): number {
  if (phone.quantizedAccuracy) return 1414;
  return Math.round(Math.min(1500, Math.max(300, phone.towerSpacingM * random.float(0.6, 1))));
}

/** Accuracy in metres the phone claims for a fix of `source`: 3 m to 1.5 km. */
export function reportedAccuracy(random: Random, source: EventSource, phone: PhoneProfile): number {
  if (source === 'cell') return cellAccuracy(random, phone);
  const t = TYPICAL[source];
  const raw = t.median * phone.accuracyScale * Math.exp(t.spread * random.gaussian());
  const clipped = Math.min(t.range[1], Math.max(t.range[0], raw));
  if (!phone.quantizedAccuracy) return Math.round(clipped * 10) / 10;
  return IOS_STEPS.reduce((best, s) => (Math.abs(s - clipped) < Math.abs(best - clipped) ? s : best));
}
