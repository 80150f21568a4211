import type { DeviceInfo, EventSource, FixSignals } from '../../types';

export const PHONE_KINDS = [
  'flagship_android',
  'budget_android',
  'iphone',
  'gps_logger',
  'wifi_tablet',
] as const;
export type PhoneKind = (typeof PHONE_KINDS)[number];

export type SourceWeights = Partial<Record<EventSource, number>>;
export type SignalField = keyof FixSignals;

/**
 * One physical phone and the SDK on it: how it locates itself, how wrong it is, what it reports. Honest and
 * fraudulent installations draw it from the same distribution (draw-phone.ts): the phone says nothing about
 * who holds it.
 */
export interface PhoneProfile {
  kind: PhoneKind;
  device: DeviceInfo;
  indoor: SourceWeights;
  outdoor: SourceWeights;
  /** Multiplies the typical accuracy of GPS, fused and wifi fixes (a cheap chip, a poor antenna). */
  accuracyScale: number;
  /** True error ÷ what the reported accuracy promises (1 = honest reporting). */
  noiseFactor: number;
  /** iOS reports horizontal accuracy in a few fixed steps (5, 10, 65, 1414 m …). */
  quantizedAccuracy: boolean;
  /** False: the SDK sends no accuracy at all (a GPS logger's track file). */
  reportsAccuracy: boolean;
  /** Spacing of the carrier's towers (0.4–1.8 km): cell fixes land on a tower, not on the phone. */
  towerSpacingM: number;
  /** Seeds where this carrier's towers stand. */
  carrier: string;
  /** Share of fixes that are wrong jumps (a bad wifi geolocation, a GNSS spike). */
  outlierRate: number;
  /** The optional signal fields this SDK fills (often none). */
  signals: readonly SignalField[];
  /** Background reporting rate: 1 ≈ 30 fixes a day. */
  density: number;
  /** iOS background location wakes on significant moves, not on a timer. */
  significantChangeOnly: boolean;
  /** A planned fix comes as a burst of 2–4 within seconds (the fused provider refining). */
  burstChance: number;
  /** The SDK stores the same fix twice. */
  duplicateChance: number;
  /** Days between reboots (the monotonic clock restarts). */
  rebootDays: number;
  bootOffsetMs: number;
}
