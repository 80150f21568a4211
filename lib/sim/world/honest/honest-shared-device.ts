import { generateIdentity, generateUuid } from '../../generate-ids';
import type { SimulatedDevice } from '../../types';
import { livePerson } from '../live-person';
import { homebody } from '../lives/homebody';
import type { Life } from '../lives/life';
import { drawPhone } from '../phone/draw-phone';
import { drawPerson, worldHistoryStart, worldSignupWindow, type WorldContext } from '../world-context';
import { honestSignup } from './honest-signup';

const DAY_MS = 86_400_000;

/** A family tablet: it never leaves home. */
const atHomeDevice: Life = { ...homebody, trips: () => [] };

/**
 * A family tablet (wifi only, always at home) with two accounts: the owner signs up, and another member of
 * the household installs the app and signs up with the same home address a few days later. One device id,
 * two installations and two accounts — and nothing dishonest.
 */
export function generateHonestSharedDevice(ctx: WorldContext): SimulatedDevice[] {
  const { random } = ctx;
  const draw = drawPerson(ctx);
  const tablet = drawPhone(random, { kind: 'wifi_tablet', signalShare: ctx.world.signalShare });
  const from = worldHistoryStart(ctx) - 2 * DAY_MS;
  const person = livePerson(
    ctx,
    { ...draw, life: atHomeDevice, phone: tablet, app: 'background' },
    from,
    ctx.now,
  );
  const deviceId = generateUuid(random);
  const home = person.places.home;
  const secondFrom = random.float(from + DAY_MS, worldSignupWindow(ctx)[0] - DAY_MS);
  return [
    honestSignup(ctx, person, {
      scenario: 'honest_shared_device',
      declare: home,
      identity: { ...generateIdentity(random), deviceId },
    }),
    honestSignup(ctx, person, {
      scenario: 'honest_shared_device',
      declare: home,
      identity: { ...generateIdentity(random), deviceId },
      events: person.events.filter((e) => e.ts >= secondFrom),
    }),
  ];
}
