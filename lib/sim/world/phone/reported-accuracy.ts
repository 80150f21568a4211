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

/** Accuracy in metres the phone claims for a fix of `source`: 3 m to 1.5 km. */
export function reportedAccuracy(random: Random, source: EventSource, phone: PhoneProfile): number {
  if (source === 'cell') return phone.quantizedAccuracy ? 1414 : Math.round(random.float(300, 1500));
  const t = TYPICAL[source];
  const raw = t.median * phone.accuracyScale * Math.exp(t.spread * random.gaussian());
  const clipped = Math.min(t.range[1], Math.max(t.range[0], raw));
  if (!phone.quantizedAccuracy) return Math.round(clipped * 10) / 10;
  return IOS_STEPS.reduce((best, s) => (Math.abs(s - clipped) < Math.abs(best - clipped) ? s : best));
}
