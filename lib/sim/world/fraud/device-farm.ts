import { generateIdentity, generateUuid } from '../../generate-ids';
import { haversineMeters } from '../../geo';
import { placeInCity } from '../../place-people';
import type { SimulatedDevice } from '../../types';
import { finishWorldDevice } from '../finish-world-device';
import { livePerson } from '../live-person';
import { homebody } from '../lives/homebody';
import type { Life } from '../lives/life';
import { drawPerson, type WorldContext } from '../world-context';
import { worldPayments } from '../world-payments';
import { stealWorldAddress } from './steal-world-address';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A phone on a rack never goes anywhere. */
const onTheRack: Life = { ...homebody, sleep: [0, 0], trips: () => [] };

/**
 * One phone of a device farm (an ordinary phone of the world's mix, every flag off) reinstalls the app
 * 2–5 times over 2–10 days: each installation opens a new account with a different stolen address, the
 * device id survives the reinstalls, and the phone records from its rack, day and night.
 */
export function generateWorldDeviceFarm(ctx: WorldContext, installations: number): SimulatedDevice[] {
  const { random, now } = ctx;
  const draw = drawPerson(ctx);
  const rack = placeInCity(random, draw.city);
  const start = now - random.float(2, 10) * DAY_MS;
  const places = { city: draw.city, home: rack, work: null, leisure: [], errands: [] };
  const farm = livePerson(ctx, { ...draw, life: onTheRack }, start, now, places);
  const deviceId = generateUuid(random);
  const step = (now - 2 * HOUR_MS - start) / installations;
  return Array.from({ length: installations }, (_, i) => {
    const from = start + i * step;
    const to = i === installations - 1 ? now : from + step;
    const signupAt = Math.round(from + random.float(0.1, 0.8) * step);
    const stolen = stealWorldAddress(ctx, random.chance(0.5) ? draw.city : undefined);
    const events = farm.events.filter((e) => e.ts >= from && e.ts <= to);
    const payments = worldPayments(ctx, {
      events,
      after: signupAt,
      countryCode: stolen.city.countryCode,
      home: stolen.declared,
      shipping: stolen.declared,
      label: 'fraud',
      scenario: 'device_farm',
    });
    return finishWorldDevice(ctx, {
      identity: { ...generateIdentity(random), deviceId },
      device: draw.phone.device,
      events,
      app: draw.app,
      phone: draw.phone.kind,
      life: 'rack',
      zone: farm.clock.zone,
      declaredAddress: stolen.declared,
      declaredPoint: stolen.address.coordinates,
      signupAt,
      payments: payments.filter((p) => p.ts <= to),
      scenario: 'device_farm',
      label: 'fraud',
      truth: {
        home: rack,
        work: null,
        leisure: [],
        declaredDistanceM: haversineMeters(rack, stolen.address.coordinates),
      },
      phase: 0,
      whereAt: () => rack,
    });
  });
}
