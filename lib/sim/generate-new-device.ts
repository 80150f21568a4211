import { nearestCity } from './cities';
import { generateDeviceInfo } from './generate-device-info';
import { generateFeedback } from './generate-feedback';
import { generateHonestPayments } from './generate-honest-payments';
import { generateIdentity } from './generate-ids';
import { generateCard } from './generate-payment';
import { generateRoutine } from './generate-routine';
import type { GenerationContext } from './generation-context';
import type { SimulatedDevice } from './types';

const HOUR_MS = 3_600_000;

/**
 * The honest counterpart of an account takeover: the same person buys a new phone, installs the app, logs in and
 * pays from home and their usual places. New installation and device, known account, familiar places.
 */
export function generateNewDevice(ctx: GenerationContext, owner: SimulatedDevice): SimulatedDevice {
  const { random, now } = ctx;
  const { home, work, leisure } = owner.truth;
  if (!home) throw new Error('a new phone needs an owner with a known home');
  const switchedAt = now - random.float(4, 18) * HOUR_MS;
  const events = generateRoutine(random, {
    places: { home, work, leisure },
    from: switchedAt,
    to: now,
    density: random.float(0.8, 1.4),
  });
  const card = owner.payments.find((p) => p.payment_methods.length > 0)?.payment_methods[0];
  const countryCode = nearestCity(home).countryCode;
  const payments = generateHonestPayments(random, {
    events,
    after: switchedAt + HOUR_MS,
    now,
    countryCode,
    card: card ?? generateCard(random, countryCode),
    home: owner.declaredAddress ?? {},
    scenario: 'honest_new_device',
    count: random.int(1, 3),
  });
  const device: SimulatedDevice = {
    ...generateIdentity(random),
    accountId: owner.accountId,
    device: generateDeviceInfo(random),
    events,
    declaredAddress: null,
    signupAt: null,
    scenario: 'honest_new_device',
    label: 'honest',
    payments,
    feedback: [],
    truth: { home, work, leisure: [...leisure], declaredDistanceM: null },
    phase: 1,
  };
  device.feedback = generateFeedback(random, device, now);
  return device;
}
