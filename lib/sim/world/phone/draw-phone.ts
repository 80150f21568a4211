import { HONEST_DEVICE_FLAGS } from '../../generate-device-info';
import { generateUuid } from '../../generate-ids';
import type { Random } from '../../random';
import type { DeviceInfo } from '../../types';
import { PHONE_KIND_SPECS } from './phone-kinds';
import type { PhoneKind, PhoneProfile } from './phone-profile';

/**
 * About a quarter of phones make wrong jumps, at 1 fix in 80–250 each (a third of them repeating the wrong
 * place for a few fixes): about 1 fix in 300 overall (docs/SIMULATOR.md).
 */
export const OUTLIER_PRONE_SHARE = 0.27;
export const OUTLIER_PRONE_RATE: [number, number] = [1 / 250, 1 / 80];

export interface PhoneDraw {
  kind: PhoneKind;
  /** Share of phones whose SDK fills optional signal fields. */
  signalShare: number;
}

function deviceInfo(random: Random, kind: PhoneKind): DeviceInfo {
  const spec = PHONE_KIND_SPECS[kind];
  const os = spec.os === 'either' ? (random.chance(0.5) ? 'android' : 'ios') : spec.os;
  return {
    model: random.pick(spec.models[os]),
    os,
    os_version: os === 'android' ? String(random.int(9, 15)) : `${random.int(15, 18)}.${random.int(0, 6)}`,
    app_version: `5.${random.int(0, 9)}.${random.int(0, 9)}`,
    ...HONEST_DEVICE_FLAGS,
    probable_root: random.chance(spec.rootedShare),
    from_official_store: !random.chance(spec.sideloadedShare),
  };
}

/**
 * A phone of `kind`: every honest and fraudulent installation of a world draws its phone here, from the
 * world's phone mix, so that source mix, accuracy, cadence, outliers and OS separate nobody.
 */
export function drawPhone(random: Random, draw: PhoneDraw): PhoneProfile {
  const spec = PHONE_KIND_SPECS[draw.kind];
  const device = deviceInfo(random, draw.kind);
  const signals = random.chance(draw.signalShare) ? spec.signalFields.filter(() => random.chance(0.8)) : [];
  return {
    kind: draw.kind,
    device,
    indoor: spec.indoor,
    outdoor: spec.outdoor,
    accuracyScale: random.float(...spec.accuracyScale),
    noiseFactor: random.float(...spec.noiseFactor),
    quantizedAccuracy: device.os === 'ios',
    reportsAccuracy: random.chance(spec.reportsAccuracyShare),
    towerSpacingM: random.float(400, 1800),
    carrier: generateUuid(random).slice(0, 8),
    outlierRate: random.chance(OUTLIER_PRONE_SHARE) ? random.float(...OUTLIER_PRONE_RATE) : 0,
    signals,
    density: random.float(...spec.density),
    significantChangeOnly: device.os === 'ios' && random.chance(0.5),
    burstChance: random.float(0, 0.15),
    duplicateChance: random.chance(0.3) ? random.float(0.002, 0.03) : 0,
    rebootDays: random.float(2, 20),
    bootOffsetMs: random.float(0, 86_400_000),
  };
}
