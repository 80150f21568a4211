import { addAddressTypos } from './add-address-typos';
import { declareAddress } from './declare-address';
import { generateFeedback } from './generate-feedback';
import { generateHonestPayments } from './generate-honest-payments';
import { generateCard } from './generate-payment';
import type { GenerationContext } from './generation-context';
import { livedTruth } from './lived-truth';
import type { Places } from './plan-day';
import { honestPaymentStyle } from './realism';
import type {
  Address,
  DeviceInfo,
  HardHonestScenario,
  HonestScenario,
  SimEvent,
  SimulatedDevice,
} from './types';

export interface HonestSignup {
  identity: Pick<SimulatedDevice, 'installationId' | 'deviceId' | 'accountId'>;
  device: DeviceInfo;
  events: SimEvent[];
  /** Where the payments happen (default: all of `events`), e.g. only the trip or only the new home. */
  paymentEvents?: readonly SimEvent[];
  signupAt: number;
  /** Where the person really lives, and the address they declare. */
  places: Places;
  homeAddress: Address;
  /** Declare the address with typos (the stored home on the payments stays clean). */
  typos?: boolean;
  countryCode: 'BR' | 'US';
  /** Country of the card on file (default: `countryCode`); a mover keeps their old bank. */
  cardCountry?: 'BR' | 'US';
  scenario: HonestScenario | HardHonestScenario;
}

/**
 * The common end of an honest signup: the declared home address, everyday payments, then the labelled device
 * and its feedback. Draws in this order: declaration, typos, card, payment count, payments, feedback (the seeded
 * output relies on it).
 */
export function finishHonestSignup(ctx: GenerationContext, signup: HonestSignup): SimulatedDevice {
  const { random, now } = ctx;
  const { identity, device, events, signupAt, homeAddress, countryCode, scenario } = signup;
  const declared = declareAddress(random, homeAddress, ctx.coordinatesShare);
  const declaredAddress = signup.typos ? addAddressTypos(random, homeAddress, declared) : declared;
  const payments = generateHonestPayments(random, {
    events: signup.paymentEvents ?? events,
    after: signupAt,
    now,
    countryCode,
    card: generateCard(random, signup.cardCountry ?? countryCode),
    home: declared,
    scenario,
    count: random.int(1, 3),
    ...honestPaymentStyle(ctx),
  });
  const simulated: SimulatedDevice = {
    ...identity,
    device,
    events,
    declaredAddress,
    signupAt,
    scenario,
    label: 'honest',
    payments,
    feedback: [],
    truth: livedTruth(signup.places, homeAddress.coordinates),
    phase: 0,
  };
  simulated.feedback = generateFeedback(random, simulated, now);
  return simulated;
}
