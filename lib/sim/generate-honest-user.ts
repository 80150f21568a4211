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
import type { SimulatedDevice } from './types';

export type HonestVariant = 'honest' | 'honest_sparse' | 'honest_no_permission' | 'honest_address_typos';

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
  const device = generateDeviceInfo(random, locationOff ? { location_permission_enabled: false } : {});
  const density = variant === 'honest_sparse' ? random.float(0.05, 0.12) : random.float(0.7, 1.4);
  const from = historyStart(ctx);
  const events = locationOff
    ? []
    : generateRoutine(random, { places: resident.places, from, to: now, density });
  const home = resident.places.home;
  const signup = chooseMoment(random, events, signupWindow(ctx), random.chance(0.8) ? home : null);
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
