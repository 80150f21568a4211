import { CITIES } from './cities';
import { chooseMoment } from './choose-moment';
import { finishHonestSignup } from './finish-honest-signup';
import { generateAddress } from './generate-address';
import { generateDeviceInfo } from './generate-device-info';
import { generateIdentity } from './generate-ids';
import { generateResident } from './generate-resident';
import { generateRoutine } from './generate-routine';
import { signupWindow, type GenerationContext } from './generation-context';
import { placeInCity, placeNear } from './place-people';
import type { Places } from './plan-day';
import { HARD } from './realism';
import type { SimulatedDevice } from './types';

const DAY_MS = 86_400_000;

/**
 * An honest user who moved house (hard population): two to six weeks of life at the old home, then the move
 * 1–3 days before the signup (same city in 70 % of the cases), and the NEW address declared. The phone has
 * spent far more nights at the old place than at the declared one.
 */
export function generateHonestMover(ctx: GenerationContext): SimulatedDevice {
  const { random, now } = ctx;
  const before = generateResident(random);
  const city = random.chance(0.7) ? before.city : random.pick(CITIES.filter((c) => c !== before.city));
  const newHome = placeInCity(random, city);
  const newAddress = generateAddress(random, city, newHome);
  const places: Places = {
    home: newHome,
    work:
      city === before.city
        ? before.places.work
        : random.chance(0.7)
          ? placeNear(random, newHome, 8_000)
          : null,
    leisure: [
      placeNear(random, newHome, 3_000),
      ...(city === before.city ? before.places.leisure.slice(0, 1) : []),
    ],
  };
  const identity = generateIdentity(random);
  const device = generateDeviceInfo(random, { probable_root: random.chance(HARD.rootedShare) });
  const [windowFrom, windowTo] = signupWindow(ctx);
  const signupAt = random.float(windowFrom, windowTo);
  const movedAt = signupAt - random.float(1, 3) * DAY_MS;
  const from = Math.max(now - 88 * DAY_MS, movedAt - random.float(14, 42) * DAY_MS);
  const density = random.float(...HARD.density);
  const old = generateRoutine(random, { places: before.places, from, to: movedAt, density });
  const settled = generateRoutine(random, {
    places,
    from: movedAt + random.float(1, 4) * 3_600_000,
    to: now,
    density,
  });
  const events = [...old, ...settled];
  const signup = chooseMoment(random, settled, [signupAt - 3_600_000, signupAt + 3_600_000], newHome);
  return finishHonestSignup(ctx, {
    identity,
    device,
    events,
    paymentEvents: settled,
    signupAt: signup.ts,
    places,
    homeAddress: newAddress,
    countryCode: city.countryCode,
    cardCountry: before.city.countryCode,
    scenario: 'honest_moved',
  });
}
