import { haversineMeters } from '../../geo';
import { placeNear } from '../../place-people';
import type { SimulatedDevice } from '../../types';
import { livePerson, type LivedPerson } from '../live-person';
import { office } from '../lives/office';
import { WORLD_CITIES, type WorldCity } from '../world-city';
import { drawPerson, worldHistoryStart, worldSignupWindow, type WorldContext } from '../world-context';
import { honestSignup } from './honest-signup';

const DAY_MS = 86_400_000;
const TRIP_MIN_M = 300_000;

/** A city 300+ km from home, of this world when it has one, else of any. */
function tripCity(ctx: WorldContext, from: WorldCity): WorldCity {
  const far = (cities: readonly WorldCity[]) =>
    cities.filter((c) => haversineMeters(c.centre, from.centre) >= TRIP_MIN_M);
  const own = far(ctx.world.cities);
  return ctx.random.pick(own.length > 0 ? own : far(Object.values(WORLD_CITIES)));
}

/** One timeline out of two stretches of a life: `first` until `switchAt`, `second` after. */
export function joined(first: LivedPerson, second: LivedPerson, switchAt: number): LivedPerson {
  const whereAt = (ts: number) => (ts < switchAt ? first : second).trajectory.whereAt(ts);
  return {
    ...first,
    events: [
      ...first.events.filter((e) => e.ts < switchAt),
      ...second.events.filter((e) => e.ts >= switchAt),
    ],
    trajectory: { ...first.trajectory, whereAt },
  };
}

/**
 * An honest person on a trip: their life at home, then 0.5–5 days before the signup a trip 300+ km away
 * (a flight or a long drive: no fixes on the way); they sign up and pay from the trip, with their home
 * address.
 */
export function generateHonestTraveller(ctx: WorldContext): SimulatedDevice {
  const { random, now } = ctx;
  const draw = drawPerson(ctx);
  const [windowFrom] = worldSignupWindow(ctx);
  const leave = windowFrom - random.float(0.5, 5) * DAY_MS;
  const from = Math.min(worldHistoryStart(ctx), leave - 3 * DAY_MS);
  const atHome = livePerson(ctx, draw, from, leave);
  const city = tripCity(ctx, draw.city);
  const hotel = placeNear(random, city.centre, city.radiusKm * 500);
  const arrive = leave + random.float(3, 9) * 3_600_000;
  const trip = livePerson(
    ctx,
    { ...draw, city, life: office },
    arrive,
    now,
    {
      city,
      home: hotel,
      work: random.chance(0.5) ? placeNear(random, hotel, 6000) : null,
      leisure: [placeNear(random, hotel, 4000)],
      errands: [placeNear(random, hotel, 600)],
    },
    'trip',
  );
  const person = joined(atHome, trip, arrive);
  return honestSignup(ctx, person, {
    scenario: 'honest_traveller',
    declare: atHome.places.home,
    paymentEvents: trip.events,
  });
}
