import { addAddressTypos } from './add-address-typos';
import { chooseMoment } from './choose-moment';
import { declareAddress } from './declare-address';
import { generateDeviceInfo } from './generate-device-info';
import { generateFeedback } from './generate-feedback';
import { generateHonestPayments } from './generate-honest-payments';
import { generateIdentity } from './generate-ids';
import { generateCard } from './generate-payment';
import { generateResident, type Resident } from './generate-resident';
import { generateRoutine } from './generate-routine';
import { historyStart, signupWindow, type GenerationContext } from './generation-context';
import { haversineMeters } from './geo';
import { HARD, honestPaymentStyle, isHard } from './realism';
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
  const declared = declareAddress(random, resident.homeAddress, ctx.coordinatesShare);
  const declaredAddress =
    variant === 'honest_address_typos' ? addAddressTypos(random, resident.homeAddress, declared) : declared;
  const payments = generateHonestPayments(random, {
    events,
    after: signup.ts,
    now,
    countryCode: resident.city.countryCode,
    card: generateCard(random, resident.city.countryCode),
    home: declared,
    scenario: variant,
    count: random.int(1, 3),
    ...honestPaymentStyle(ctx),
  });
  const simulated: SimulatedDevice = {
    ...identity,
    device,
    events,
    declaredAddress,
    signupAt: signup.ts,
    scenario: variant,
    label: 'honest',
    payments,
    feedback: [],
    truth: {
      ...resident.places,
      leisure: [...resident.places.leisure],
      declaredDistanceM: haversineMeters(home, resident.homeAddress.coordinates),
    },
    phase: 0,
  };
  simulated.feedback = generateFeedback(random, simulated, now);
  return simulated;
}
