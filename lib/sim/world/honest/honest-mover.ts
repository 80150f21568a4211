import type { SimulatedDevice } from '../../types';
import { livePerson } from '../live-person';
import { drawPerson, worldSignupWindow, type WorldContext } from '../world-context';
import { honestSignup } from './honest-signup';
import { joined } from './honest-traveller';

const DAY_MS = 86_400_000;

/**
 * An honest person who moved house 1–3 days before signing up (in the same city 70 % of the time), after two
 * to six weeks at the old place, and declares the NEW address: far more nights at the old home than at
 * the declared one.
 */
export function generateHonestMover(ctx: WorldContext): SimulatedDevice {
  const { random, now } = ctx;
  const before = drawPerson(ctx);
  const [windowFrom] = worldSignupWindow(ctx);
  const movedAt = windowFrom - random.float(1, 3) * DAY_MS;
  const from = Math.max(now - 88 * DAY_MS, movedAt - random.float(14, 42) * DAY_MS);
  const old = livePerson(ctx, before, from, movedAt, undefined, 'old');
  const city = random.chance(0.7) ? before.city : random.pick(ctx.world.cities);
  const places = { ...before.life.places(random, city), work: city === before.city ? old.places.work : null };
  const settled = livePerson(
    ctx,
    { ...before, city },
    movedAt + random.float(1, 4) * 3_600_000,
    now,
    places,
    'new',
  );
  return honestSignup(ctx, joined(old, settled, movedAt), {
    scenario: 'honest_moved',
    declare: settled.places.home,
    paymentEvents: settled.events,
  });
}
