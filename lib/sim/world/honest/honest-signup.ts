import { chooseMoment } from '../../choose-moment';
import { declareAddress } from '../../declare-address';
import { generateIdentity } from '../../generate-ids';
import { haversineMeters } from '../../geo';
import type { LatLng, SimEvent, SimulatedDevice, WorldHonestScenario } from '../../types';
import { finishWorldDevice } from '../finish-world-device';
import type { LifeName } from '../lives/life';
import type { LivedPerson } from '../live-person';
import { mostVisitedPlace } from '../most-visited-place';
import { worldAddress } from '../world-address';
import { worldSignupWindow, type WorldContext } from '../world-context';
import { worldPayments } from '../world-payments';

const SCENARIO_OF_LIFE: Record<LifeName, WorldHonestScenario> = {
  office: 'honest_office',
  night_shift: 'honest_night_shift',
  student: 'honest_student',
  courier: 'honest_courier',
  homebody: 'honest_homebody',
};

export interface HonestSignupOptions {
  /** Default: the person's life. */
  scenario?: WorldHonestScenario;
  /** The place declared; default: home, or the most visited place in a world that declares so. */
  declare?: LatLng;
  identity?: Pick<SimulatedDevice, 'installationId' | 'deviceId' | 'accountId'>;
  /** The fixes this installation sent (default: all the person's). */
  events?: SimEvent[];
  /** Fixes payments happen after (default: this installation's). */
  paymentEvents?: readonly SimEvent[];
}

/** The place an honest person of this world declares when nothing special applies. */
function usualDeclaredPlace(ctx: WorldContext, person: LivedPerson, before: number): LatLng {
  if (ctx.world.declares === 'home') return person.places.home;
  return mostVisitedPlace(person.events.filter((e) => e.ts <= before)) ?? person.places.home;
}

/**
 * An honest person signs up with their own address when they use the app (right after a fix in the signup
 * window, often at the address itself), then logs in and pays as their life goes.
 */
export function honestSignup(
  ctx: WorldContext,
  person: LivedPerson,
  o: HonestSignupOptions = {},
): SimulatedDevice {
  const { random, world } = ctx;
  const window = worldSignupWindow(ctx);
  const place = o.declare ?? usualDeclaredPlace(ctx, person, window[0]);
  const address = worldAddress(ctx, person.city, place);
  const declared = declareAddress(random, address, world.coordinatesShare);
  const events = o.events ?? person.events;
  const signup = chooseMoment(random, events, window, random.chance(0.6) ? place : null);
  const payments = worldPayments(ctx, {
    events: o.paymentEvents ?? events,
    after: signup.ts,
    countryCode: person.city.countryCode,
    home: declared,
    shipping: declared,
    label: 'honest',
    scenario: o.scenario ?? SCENARIO_OF_LIFE[person.life.name],
  });
  return finishWorldDevice(ctx, {
    identity: o.identity ?? generateIdentity(random),
    device: person.phone.device,
    events,
    app: person.app,
    phone: person.phone.kind,
    life: person.life.name,
    zone: person.clock.zone,
    declaredAddress: declared,
    declaredPoint: address.coordinates,
    signupAt: signup.ts,
    payments,
    scenario: o.scenario ?? SCENARIO_OF_LIFE[person.life.name],
    label: 'honest',
    truth: {
      home: person.places.home,
      work: person.places.work,
      leisure: [...person.places.leisure],
      declaredDistanceM: haversineMeters(person.places.home, place),
    },
    phase: 0,
    whereAt: (ts) => person.trajectory.whereAt(ts).point,
  });
}
