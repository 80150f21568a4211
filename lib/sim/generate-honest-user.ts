import { chooseMoment } from './choose-moment';
import { finishHonestSignup } from './finish-honest-signup';
import { generateDeviceInfo } from './generate-device-info';
import { generateIdentity } from './generate-ids';
import { generateResident, type Resident } from './generate-resident';
import { generateRoutine } from './generate-routine';
import { historyStart, signupWindow, type GenerationContext } from './generation-context';
import { HARD, isHard } from './realism';
import type { Random } from './random';
import type { SensorProfile } from './emit-event';
import type { SimulatedDevice } from './types';

export type HonestVariant =
  'honest' | 'honest_sparse' | 'honest_no_permission' | 'honest_address_typos' | 'honest_noisy_sensors';

/** A phone that mostly locates by wifi or by cell towers, with more error than it reports (hard population). */
export function noisySensors(random: Random): SensorProfile {
  return random.chance(0.5)
    ? {
        indoorWifi: random.float(0.7, 0.95),
        cell: random.float(0.02, 0.1),
        noiseFactor: random.float(1.5, 3),
      }
    : {
        indoorWifi: random.float(0.1, 0.4),
        cell: random.float(0.25, 0.6),
        noiseFactor: random.float(1.5, 3),
      };
}

/**
 * A real person signing up from the life they live: history of home/work/outings, the signup usually at home,
 * their own home address declared, then everyday payments. Variants: few fixes, location off, a sloppy address.
 */
export function generateHonestUser(
  ctx: GenerationContext,
  variant: HonestVariant = 'honest',
): SimulatedDevice {
  const { random, now } = ctx;
  const resident: Resident = generateResident(random);
  const identity = generateIdentity(random);
  const locationOff = variant === 'honest_no_permission';
  const hard = isHard(ctx);
  const device = generateDeviceInfo(random, {
    ...(locationOff ? { location_permission_enabled: false } : {}),
    ...(hard ? { probable_root: random.chance(HARD.rootedShare) } : {}),
  });
  const density =
    variant === 'honest_sparse'
      ? hard
        ? random.float(...HARD.sparseDensity)
        : random.float(0.05, 0.12)
      : hard
        ? random.float(...HARD.density)
        : random.float(0.7, 1.4);
  const from = historyStart(ctx);
  const sensors = variant === 'honest_noisy_sensors' ? noisySensors(random) : undefined;
  const events = locationOff
    ? []
    : generateRoutine(random, {
        places: resident.places,
        from,
        to: now,
        density,
        ...(sensors ? { sensors } : {}),
      });
  const home = resident.places.home;
  const atHome = random.chance(hard ? HARD.signupAtHomeShare : 0.8);
  const signup = chooseMoment(random, events, signupWindow(ctx), atHome ? home : null);
  return finishHonestSignup(ctx, {
    identity,
    device,
    events,
    signupAt: signup.ts,
    places: resident.places,
    homeAddress: resident.homeAddress,
    typos: variant === 'honest_address_typos',
    countryCode: resident.city.countryCode,
    scenario: variant,
  });
}
