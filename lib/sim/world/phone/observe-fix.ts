import { roundCoordinates, shiftMeters } from '../../geo';
import type { Random } from '../../random';
import type { EventSource, FixSignals, LatLng, SimEvent } from '../../types';
import { pickWeighted } from '../pick-weighted';
import type { Whereabouts } from '../trajectory';
import { servingTower } from './cell-tower';
import { fixSignals } from './fix-signals';
import type { PhoneProfile } from './phone-profile';
import { reportedAccuracy } from './reported-accuracy';
import { wrongFix, type WrongFix } from './wrong-fix';

/** Turns where a person truly is into the fix their phone reports. */
export type Observer = (where: Whereabouts, ts: number) => SimEvent;

interface Reading {
  at: LatLng;
  accuracyM: number;
  source: EventSource;
  signals: FixSignals;
  outlier: boolean;
}

function toEvent(phone: PhoneProfile, ts: number, r: Reading): SimEvent {
  const p = roundCoordinates(r.at);
  return {
    ts: Math.round(ts),
    lat: p.lat,
    lng: p.lng,
    accuracy_m: phone.reportsAccuracy ? r.accuracyM : null,
    source: r.source,
    mock: false,
    ...r.signals,
    ...(r.outlier ? { outlier: true as const } : {}),
  };
}

/** Where a fix of `source` lands: on the serving tower for a cell fix, else around the truth by `sigma`. */
function located(random: Random, phone: PhoneProfile, truth: LatLng, source: EventSource, accuracyM: number) {
  if (source === 'cell') {
    const spread = phone.towerSpacingM / 3;
    const near = shiftMeters(truth, random.gaussian() * spread, random.gaussian() * spread);
    return servingTower(near, phone.towerSpacingM, phone.carrier);
  }
  const sigma = (Math.min(accuracyM, 200) / 1.5) * phone.noiseFactor;
  return shiftMeters(truth, random.gaussian() * sigma, random.gaussian() * sigma);
}

/**
 * The fixes one phone makes: a source by the phone's mix indoors or out, an accuracy it claims, an error
 * that matches it (× the phone's noise factor), cell fixes on the serving tower, the phone's rate of wrong
 * jumps (some repeating), and the optional fields its SDK fills — wrong jumps included, as a phone cannot
 * tell them apart.
 */
export function createObserver(random: Random, phone: PhoneProfile, elevationM: number): Observer {
  let sticky: WrongFix | null = null;
  let repeats = 0;
  const gnss: EventSource = phone.outdoor.gps ? 'gps' : 'fused';
  return (where, ts) => {
    if (repeats === 0 && random.chance(phone.outlierRate)) {
      sticky = wrongFix(random, where.point, gnss);
      repeats = sticky.repeats + 1;
    }
    if (repeats > 0 && sticky) {
      repeats--;
      const signals = fixSignals(random, phone, where, sticky.source, ts, elevationM);
      return toEvent(phone, ts, { ...sticky, at: sticky.point, signals, outlier: true });
    }
    const source = pickWeighted(random, where.indoors ? phone.indoor : phone.outdoor);
    const accuracyM = reportedAccuracy(random, source, phone);
    const at = located(random, phone, where.point, source, accuracyM);
    const signals = fixSignals(random, phone, where, source, ts, elevationM);
    return toEvent(phone, ts, { at, accuracyM, source, signals, outlier: false });
  };
}
