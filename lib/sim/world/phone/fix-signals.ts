import type { Random } from '../../random';
import type { EventSource, FixSignals } from '../../types';
import type { Whereabouts } from '../trajectory';
import type { PhoneProfile } from './phone-profile';

const DAY_MS = 86_400_000;

/** The monotonic clock: milliseconds since the phone last booted (it reboots every `rebootDays`). */
export function elapsedRealtime(phone: PhoneProfile, ts: number): number {
  const period = phone.rebootDays * DAY_MS;
  return Math.round((((ts - phone.bootOffsetMs) % period) + period) % period);
}

/**
 * The optional fields the phone's SDK fills for one fix, from the truth: speed and bearing only where a
 * satellite or fused fix measures them, altitude with a vertical error, counts of networks in view.
 */
export function fixSignals(
  random: Random,
  phone: PhoneProfile,
  where: Whereabouts,
  source: EventSource,
  ts: number,
  elevationM: number,
): FixSignals {
  const signals: FixSignals = {};
  const satellite = source === 'gps' || source === 'fused';
  for (const field of phone.signals) {
    if (field === 'speed_mps' && satellite)
      signals.speed_mps = Math.max(0, Math.round((where.speedMps + random.gaussian() * 0.4) * 10) / 10);
    if (field === 'bearing_deg' && satellite && where.speedMps > 1)
      signals.bearing_deg = Math.round((((where.headingDeg + random.gaussian() * 8) % 360) + 360) % 360);
    if (field === 'altitude_m' && satellite)
      signals.altitude_m = Math.round(
        elevationM + (where.indoors ? random.float(0, 30) : 1.5) + random.gaussian() * 8,
      );
    if (field === 'vertical_accuracy_m' && satellite)
      signals.vertical_accuracy_m = Math.round(random.float(3, 25));
    if (field === 'elapsed_realtime_ms') signals.elapsed_realtime_ms = elapsedRealtime(phone, ts);
    if (field === 'wifi_networks')
      signals.wifi_networks = where.indoors
        ? random.int(2, 35)
        : where.speedMps > 3
          ? random.int(0, 6)
          : random.int(0, 15);
    if (field === 'cell_networks') signals.cell_networks = random.int(1, 6);
  }
  return signals;
}
