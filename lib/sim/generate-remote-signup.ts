import { chooseMoment } from './choose-moment';
import { finishFraudSignup } from './finish-fraud-signup';
import { generateDeviceInfo } from './generate-device-info';
import { generateIdentity } from './generate-ids';
import { residentAt } from './generate-resident';
import { generateRoutine } from './generate-routine';
import { historyStart, signupWindow, type GenerationContext } from './generation-context';
import { placeAtDistance } from './place-people';
import { livedTruth } from './lived-truth';
import { HARD, isHard } from './realism';
import { visitBriefly } from './visit-briefly';
import { stealAddress } from './steal-address';
import type { FraudScenario, SimulatedDevice } from './types';

export const REMOTE_SIGNUP_DISTANCES_M = {
  remote_signup_2km: 2_000,
  remote_signup_20km: 20_000,
  remote_signup_500km: 500_000,
} as const satisfies Partial<Record<FraudScenario, number>>;

export type RemoteSignupScenario = keyof typeof REMOTE_SIGNUP_DISTANCES_M;

/**
 * Someone living `distance` (±10 %) away from a stolen address signs up with it from their own phone:
 * an ordinary routine around their real home, a correct-looking declared address that is not theirs.
 */
export function generateRemoteSignup(
  ctx: GenerationContext,
  scenario: RemoteSignupScenario,
): SimulatedDevice {
  const { random, now } = ctx;
  const stolen = stealAddress(ctx);
  const hard = isHard(ctx);
  const distanceM =
    REMOTE_SIGNUP_DISTANCES_M[scenario] * (hard ? random.float(0.6, 1.5) : random.float(0.9, 1.1));
  const home = placeAtDistance(random, stolen.address.coordinates, stolen.city, distanceM);
  const resident = residentAt(random, stolen.city, home);
  const identity = generateIdentity(random);
  const device = generateDeviceInfo(random, { probable_root: random.chance(hard ? HARD.rootedShare : 0.15) });
  const from = historyStart(ctx);
  const density = hard ? random.float(...HARD.density) : random.float(0.4, 1.3);
  const routine = generateRoutine(random, { places: resident.places, from, to: now, density });
  const signup = chooseMoment(random, routine, signupWindow(ctx), random.chance(0.7) ? home : null);
  // Hard population: the fraudster went to look at the stolen address once, for a few minutes.
  const events = hard
    ? visitBriefly(random, routine, stolen.address.coordinates, signup.ts - random.float(2, 48) * 3_600_000)
    : routine;
  return finishFraudSignup(ctx, {
    identity,
    device,
    events,
    stolen,
    signupAt: signup.ts,
    scenario,
    maxPayments: 2,
    truth: livedTruth(resident.places, stolen.address.coordinates),
  });
}
