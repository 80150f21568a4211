import { generateIdentity } from '../../generate-ids';
import type { SimulatedDevice } from '../../types';
import { accountDevice } from '../account-device';
import { livePerson } from '../live-person';
import { drawNewPhone, drawPerson, worldHistoryStart, type WorldContext } from '../world-context';
import { honestSignup } from './honest-signup';

const HOUR_MS = 3_600_000;

/**
 * An honest person and a second installation on their account: a NEW PHONE bought 4–18 h ago (new device
 * id, same places), or a REINSTALL of the app on the same phone after the signup (same device id, new
 * installation). Either logs in and pays from the person's usual places.
 */
export function generateHonestSecondDevice(
  ctx: WorldContext,
  kind: 'new_device' | 'reinstall',
): SimulatedDevice[] {
  const { random, now } = ctx;
  const draw = drawPerson(ctx);
  const person = livePerson(ctx, draw, worldHistoryStart(ctx), now);
  const switchAt = now - random.float(4, 18) * HOUR_MS;
  const scenario = kind === 'new_device' ? 'honest_new_device' : 'honest_reinstall';
  const before = person.events.filter((e) => e.ts < switchAt);
  const owner = honestSignup(ctx, person, {
    ...(kind === 'reinstall' ? { scenario } : {}),
    events: before,
  });
  const phone = kind === 'new_device' ? drawNewPhone(ctx) : draw.phone;
  const holder =
    kind === 'new_device'
      ? livePerson(ctx, { ...draw, phone }, switchAt, now, person.places, 'new-phone')
      : person;
  const second = accountDevice(ctx, {
    owner,
    identity: {
      installationId: generateIdentity(random).installationId,
      deviceId: kind === 'new_device' ? generateIdentity(random).deviceId : owner.deviceId,
    },
    device: phone.device,
    phoneKind: phone.kind,
    holder,
    events: holder.events.filter((e) => e.ts >= switchAt),
    after: switchAt + HOUR_MS / 2,
    scenario,
    label: 'honest',
  });
  return [owner, second];
}
