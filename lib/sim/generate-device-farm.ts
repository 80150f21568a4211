import { CITIES } from './cities';
import { emitEvent } from './emit-event';
import { generateDeviceInfo } from './generate-device-info';
import { generateFeedback } from './generate-feedback';
import { generateFraudPayments } from './generate-fraud-payments';
import { generateIdentity, generateUuid } from './generate-ids';
import type { GenerationContext } from './generation-context';
import { haversineMeters } from './geo';
import { placeInCity } from './place-people';
import { fraudPaymentStyle } from './realism';
import type { Random } from './random';
import { stealAddress } from './steal-address';
import type { LatLng, SimEvent, SimulatedDevice } from './types';

const HOUR_MS = 3_600_000;

/** A phone on a rack: indoor fixes at one spot, every 20–90 minutes, day and night. */
function rackEvents(random: Random, at: LatLng, from: number, to: number): SimEvent[] {
  const events: SimEvent[] = [];
  for (let ts = from + random.float(1, 20) * 60_000; ts <= to; ts += random.float(20, 90) * 60_000) {
    events.push(emitEvent(random, at, ts, random.chance(0.7) ? 'wifi' : 'gps'));
  }
  return events;
}

/**
 * One physical phone in a device farm, reinstalling the app again and again: every installation opens a new
 * account with a different stolen address, while the device id (which survives reinstalls) stays the same.
 */
export function generateDeviceFarm(ctx: GenerationContext, installations: number): SimulatedDevice[] {
  const { random, now } = ctx;
  const city = random.pick(CITIES);
  const rack = placeInCity(random, city);
  const deviceId = generateUuid(random);
  const device = generateDeviceInfo(random, { os: 'android', probable_root: random.chance(0.6) });
  let installedAt = now - random.float(2, 7) * 24 * HOUR_MS;
  const step = (now - 2 * HOUR_MS - installedAt) / installations;
  return Array.from({ length: installations }, (_, i) => {
    const start = installedAt;
    installedAt += step;
    const signupAt = Math.round(start + random.float(0.1, 0.8) * step);
    const stolen = stealAddress(ctx, random.chance(0.5) ? city : undefined);
    const events = rackEvents(
      random,
      rack,
      start,
      Math.min(now, start + step * (i === installations - 1 ? 1 : 1.2)),
    );
    const payments = generateFraudPayments(random, {
      events,
      after: signupAt,
      now: Math.min(now, start + step),
      countryCode: stolen.city.countryCode,
      shipping: stolen.declared,
      scenario: 'device_farm',
      count: random.int(0, 1),
      ...fraudPaymentStyle(ctx),
    });
    const simulated: SimulatedDevice = {
      ...generateIdentity(random),
      deviceId,
      device,
      events,
      declaredAddress: stolen.declared,
      signupAt,
      scenario: 'device_farm',
      label: 'fraud',
      payments,
      feedback: [],
      truth: {
        home: rack,
        work: null,
        leisure: [],
        declaredDistanceM: haversineMeters(rack, stolen.address.coordinates),
      },
      phase: 0,
    };
    simulated.feedback = generateFeedback(random, simulated, now);
    return simulated;
  });
}
