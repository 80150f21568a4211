import { CITIES } from './cities';
import { chooseMoment } from './choose-moment';
import { finishHonestSignup } from './finish-honest-signup';
import { generateDeviceInfo } from './generate-device-info';
import { generateIdentity } from './generate-ids';
import { generateResident } from './generate-resident';
import { generateRoutine } from './generate-routine';
import { historyStart, signupWindow, type GenerationContext } from './generation-context';
import { haversineMeters } from './geo';
import { placeAtDistance, placeInCity, placeNear } from './place-people';
import { HARD } from './realism';
import type { SimulatedDevice } from './types';

const DAY_MS = 86_400_000;
/** A trip far enough that the traveller is nowhere near any place of their own. */
export const TRIP_MIN_M = 300_000;

/**
 * An honest user on a trip (hard population): a life at home, then 0.5–5 days before the signup a trip to a
 * place 300+ km away; the signup and the payments happen on the trip, with the home address declared.
 */
export function generateHonestTraveller(ctx: GenerationContext): SimulatedDevice {
  const { random, now } = ctx;
  const resident = generateResident(random);
  const home = resident.places.home;
  const identity = generateIdentity(random);
  const device = generateDeviceInfo(random, { probable_root: random.chance(HARD.rootedShare) });
  const [windowFrom] = signupWindow(ctx);
  const tripStart = windowFrom - random.float(0.5, 5) * DAY_MS;
  // At least three days at home before leaving: a phone never seen at home cannot be told from a fraudster's.
  const from = Math.min(historyStart(ctx), tripStart - 3 * DAY_MS);
  const far = CITIES.filter((c) => haversineMeters(c.centre, home) >= TRIP_MIN_M);
  const hotel =
    far.length > 0 && random.chance(0.7)
      ? placeInCity(random, random.pick(far))
      : placeAtDistance(random, home, resident.city, random.float(TRIP_MIN_M, 1_200_000));
  const density = random.float(...HARD.density);
  const atHome = generateRoutine(random, { places: resident.places, from, to: tripStart, density });
  // A flight or a long drive: no fixes on the way, then days around the hotel.
  const away = generateRoutine(random, {
    places: {
      home: hotel,
      work: random.chance(0.5) ? placeNear(random, hotel, 6_000) : null,
      leisure: [placeNear(random, hotel, 4_000)],
    },
    from: tripStart + random.float(3, 9) * 3_600_000,
    to: now,
    density,
  });
  const events = [...atHome, ...away];
  const signup = chooseMoment(random, away, signupWindow(ctx));
  return finishHonestSignup(ctx, {
    identity,
    device,
    events,
    paymentEvents: away,
    signupAt: signup.ts,
    places: resident.places,
    homeAddress: resident.homeAddress,
    countryCode: resident.city.countryCode,
    scenario: 'honest_traveller',
  });
}
