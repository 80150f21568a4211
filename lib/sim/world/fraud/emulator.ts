import { EMULATOR_MODELS } from '../../generate-device-info';
import { generateIdentity } from '../../generate-ids';
import { EMULATOR_DEFAULT_LOCATION } from '../../generate-emulator';
import { clockAt } from '../../time-zone';
import type { SimEvent, SimulatedDevice } from '../../types';
import { pickWeighted } from '../pick-weighted';
import { finishWorldDevice } from '../finish-world-device';
import { drawNewPhone, worldSignupWindow, type WorldContext } from '../world-context';
import { worldPayments } from '../world-payments';
import { fakeFix, fakeSource, type FakeStyle } from './fake-track';
import { stealWorldAddress } from './steal-world-address';

const SECOND_MS = 1000;
const HOUR_MS = 3_600_000;

/** The SDK's own timer on an emulator: no doze, no scheduling jitter — a metronome. */
const INTERVALS_MS = [
  SECOND_MS,
  5 * SECOND_MS,
  30 * SECOND_MS,
  60 * SECOND_MS,
  5 * 60 * SECOND_MS,
  15 * 60 * SECOND_MS,
];

/**
 * A signup from an Android emulator with a stolen address. `emulator`: the emulator says so (device flag,
 * an emulator model name), its fixes parked on the address or left at the default location, or none.
 * `emulator_hidden`: every flag off and an ordinary phone's model (drawn from the world's phones), its fake
 * location parked on the address, parked with scripted noise, or replaying a walk around it. Either way the
 * SDK on it is the world's SDK: same app, same upload habits, same timestamp styles.
 */
export function generateWorldEmulator(ctx: WorldContext, hidden: boolean): SimulatedDevice {
  const { random, now } = ctx;
  const stolen = stealWorldAddress(ctx);
  const cover = drawNewPhone(ctx);
  const device = hidden
    ? cover.device
    : {
        ...cover.device,
        os: 'android' as const,
        model: random.pick(EMULATOR_MODELS),
        emulator: true,
        probable_root: random.chance(0.5),
        from_official_store: random.chance(0.3),
      };
  const [windowFrom, windowTo] = worldSignupWindow(ctx);
  const signupAt = Math.round(random.float(windowFrom, windowTo));
  const style: FakeStyle | 'default_location' | 'none' = hidden
    ? pickWeighted(random, { parked: 0.35, scripted: 0.3, replay: 0.35 })
    : pickWeighted(random, { parked: 0.5, default_location: 0.2, none: 0.3 });
  const events: SimEvent[] = [];
  if (style !== 'none') {
    const target = style === 'default_location' ? EMULATOR_DEFAULT_LOCATION : stolen.address.coordinates;
    const fake = fakeSource(random, style === 'default_location' ? 'parked' : style, target, cover, {
      mock: false,
      emulator: true,
    });
    const start = signupAt - random.float(0.2, 72) * HOUR_MS;
    const interval = random.pick(INTERVALS_MS);
    const limit = Math.min(now, start + 4_000 * interval);
    for (let t = start; t <= limit; t += interval) events.push(fakeFix(random, fake, cover, t, start));
  }
  const payments = worldPayments(ctx, {
    events,
    after: signupAt,
    countryCode: stolen.city.countryCode,
    home: stolen.declared,
    shipping: stolen.declared,
    label: 'fraud',
    scenario: hidden ? 'emulator_hidden' : 'emulator',
  });
  return finishWorldDevice(ctx, {
    identity: generateIdentity(random),
    device,
    events,
    app: pickWeighted(random, ctx.world.apps),
    phone: hidden ? cover.kind : 'emulator',
    life: 'emulator',
    zone: clockAt(stolen.address.coordinates).zone,
    declaredAddress: stolen.declared,
    declaredPoint: stolen.address.coordinates,
    signupAt,
    payments,
    scenario: hidden ? 'emulator_hidden' : 'emulator',
    label: 'fraud',
    truth: { home: null, work: null, leisure: [], declaredDistanceM: null },
    phase: 0,
    whereAt: null,
  });
}
