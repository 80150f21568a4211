import { declareAddress } from '../../declare-address';
import { generateIdentity } from '../../generate-ids';
import { destinationPoint, haversineMeters } from '../../geo';
import { placeInCity, placeNear } from '../../place-people';
import type { SimulatedDevice } from '../../types';
import { accountDevice } from '../account-device';
import { generateHonestPerson } from '../honest/honest-person';
import { livePerson } from '../live-person';
import { worldAddress } from '../world-address';
import type { WorldCity } from '../world-city';
import { drawPerson, type WorldContext } from '../world-context';
import { farCity } from './steal-world-address';

const HOUR_MS = 3_600_000;

/**
 * An attacker with an honest victim's credentials: a new installation on a new phone (drawn from the
 * world's mix), the victim's account, logins and payments with the card on file, shipped to a drop near
 * the attacker (60 %) or to the victim. `account_takeover`: the attacker lives in another city;
 * `account_takeover_local`: in the victim's own city, 2–15 km from the victim's home.
 */
export function generateWorldTakeover(ctx: WorldContext, local: boolean): SimulatedDevice[] {
  const { random, now } = ctx;
  const victim = generateHonestPerson(ctx);
  const victimHome = victim.truth.home!;
  const dist = (c: WorldCity) => haversineMeters(c.centre, victimHome);
  const victimCity = ctx.world.cities.reduce((best, c) => (dist(c) < dist(best) ? c : best));
  const city = local ? victimCity : farCity(ctx, victimHome);
  const draw = drawPerson(ctx, city);
  const lair = local
    ? destinationPoint(victimHome, random.float(0, 360), random.float(2_000, 15_000))
    : placeInCity(random, city);
  const places = { ...draw.life.places(random, city), home: lair };
  const arrivedAt = (victim.signupAt ?? now - 24 * HOUR_MS) + random.float(0.5, 4) * HOUR_MS;
  const attacker = livePerson(ctx, draw, arrivedAt, now, places, 'attacker');
  const drop = declareAddress(
    random,
    worldAddress(ctx, city, placeNear(random, lair, 2000)),
    ctx.world.coordinatesShare,
  );
  const device = accountDevice(ctx, {
    owner: victim,
    identity: generateIdentity(random),
    device: draw.phone.device,
    phoneKind: draw.phone.kind,
    holder: attacker,
    events: attacker.events,
    after: arrivedAt + HOUR_MS / 2,
    scenario: local ? 'account_takeover_local' : 'account_takeover',
    label: 'fraud',
    shipping: random.chance(0.6) ? drop : victim.declaredAddress,
  });
  return [victim, device];
}
