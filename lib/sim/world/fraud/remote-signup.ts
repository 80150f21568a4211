import { chooseMoment } from '../../choose-moment';
import { generateIdentity } from '../../generate-ids';
import { haversineMeters } from '../../geo';
import { placeInCity } from '../../place-people';
import type { LatLng, SimulatedDevice, WorldFraudScenario } from '../../types';
import { finishWorldDevice } from '../finish-world-device';
import { livePerson } from '../live-person';
import type { Life, Trip } from '../lives/life';
import { mostVisitedPlace } from '../most-visited-place';
import { drawPerson, worldHistoryStart, worldSignupWindow, type WorldContext } from '../world-context';
import { worldPayments } from '../world-payments';
import { farCity, stealNear, stolenAt, type StolenWorldAddress } from './steal-world-address';

const HOUR_MS = 3_600_000;

export type RemoteScenario = Extract<
  WorldFraudScenario,
  | 'remote_signup_neighbour'
  | 'remote_signup_2km'
  | 'remote_signup_20km'
  | 'remote_signup_far'
  | 'visited_once'
>;

/** How far the stolen address lies from the fraudster's own main place. */
const DISTANCES_M: Record<Exclude<RemoteScenario, 'remote_signup_far'>, [number, number]> = {
  remote_signup_neighbour: [500, 1_000],
  remote_signup_2km: [1_000, 5_000],
  remote_signup_20km: [5_000, 50_000],
  visited_once: [1_000, 20_000],
};

/** `life`, with one more stop: to `place` at `at` for `minutes`, then home. */
function withVisit(life: Life, place: LatLng, at: number, minutes: number): Life {
  return {
    ...life,
    trips: (random, places, clock, day) => {
      const trips = life.trips(random, places, clock, day);
      if (clock.day(at) !== day) return trips;
      const hour = clock.hour(at);
      const back = hour + minutes / 60;
      const visit: Trip[] = [
        { at: hour, to: place, label: 'leisure', indoors: false },
        { at: back, to: places.home, label: 'home' },
      ];
      return [...trips.filter((t) => t.at < hour || t.at > back + 0.5), ...visit].sort((a, b) => a.at - b.at);
    },
  };
}

/**
 * A real person — life, phone and app drawn like everybody's — signs up with somebody else's address: a
 * neighbour's 0.5–1 km away, 1–5 km, 5–50 km, in another city, or (`visited_once`) 1–20 km away after going
 * to look at it once, for 10–60 minutes, up to two days before (sometimes signing up right there). The
 * distance is from the place the world's honest people declare (home, or the most visited place).
 */
export function generateWorldRemoteSignup(ctx: WorldContext, scenario: RemoteScenario): SimulatedDevice {
  const { random, now } = ctx;
  const draw = drawPerson(ctx);
  const places = draw.life.places(random, draw.city);
  const from = worldHistoryStart(ctx);
  const [windowFrom, windowTo] = worldSignupWindow(ctx);
  const lived = livePerson(ctx, draw, from, now, places);
  const reference =
    ctx.world.declares === 'most_visited'
      ? (mostVisitedPlace(lived.events.filter((e) => e.ts < windowFrom)) ?? places.home)
      : places.home;
  let person = lived;
  let stolen: StolenWorldAddress;
  if (scenario === 'remote_signup_far') {
    const city = farCity(ctx, reference);
    stolen = stolenAt(ctx, city, placeInCity(random, city));
  } else stolen = stealNear(ctx, places, reference, DISTANCES_M[scenario]);
  let near: LatLng = places.home;
  if (scenario === 'visited_once') {
    const visitAt = windowFrom - random.float(-6, 48) * HOUR_MS;
    const life = withVisit(draw.life, stolen.address.coordinates, visitAt, random.float(10, 60));
    person = livePerson(ctx, { ...draw, life }, from, now, places, 'visited');
    if (visitAt >= windowFrom) near = stolen.address.coordinates;
  }
  const signup = chooseMoment(
    random,
    person.events,
    [windowFrom, windowTo],
    random.chance(0.7) ? near : null,
  );
  const payments = worldPayments(ctx, {
    events: person.events,
    after: signup.ts,
    countryCode: stolen.city.countryCode,
    home: stolen.declared,
    shipping: stolen.declared,
    label: 'fraud',
    scenario,
  });
  return finishWorldDevice(ctx, {
    identity: generateIdentity(random),
    device: draw.phone.device,
    events: person.events,
    app: draw.app,
    phone: draw.phone.kind,
    life: draw.life.name,
    zone: person.clock.zone,
    declaredAddress: stolen.declared,
    declaredPoint: stolen.address.coordinates,
    signupAt: signup.ts,
    payments,
    scenario,
    label: 'fraud',
    truth: {
      home: places.home,
      work: places.work,
      leisure: [...places.leisure],
      declaredDistanceM: haversineMeters(reference, stolen.address.coordinates),
    },
    phase: 0,
    whereAt: (ts) => person.trajectory.whereAt(ts).point,
  });
}
