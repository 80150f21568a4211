import { generateAccountTakeover } from './generate-account-takeover';
import { generateDeviceFarm } from './generate-device-farm';
import { generateEmulator } from './generate-emulator';
import { generateGpsSpoofing } from './generate-gps-spoofing';
import { generateHonestUser } from './generate-honest-user';
import { generateRemoteSignup } from './generate-remote-signup';
import type { GenerationContext } from './generation-context';
import { isHard } from './realism';
import type { FraudScenario, SimulatedDevice } from './types';

function assertNever(value: never): never {
  throw new Error(`unknown fraud scenario: ${String(value)}`);
}

/**
 * One case of a fraud scenario. Most yield one fraudulent installation; a farm yields up to `budget` of them
 * (at least 2); an account takeover yields its honest victim first, then the attacker.
 */
export function generateFraudCase(
  ctx: GenerationContext,
  scenario: FraudScenario,
  budget: number,
): SimulatedDevice[] {
  switch (scenario) {
    case 'remote_signup_2km':
    case 'remote_signup_20km':
    case 'remote_signup_500km':
      return [generateRemoteSignup(ctx, scenario)];
    case 'gps_spoofing':
      return [generateGpsSpoofing(ctx)];
    case 'emulator':
      return [generateEmulator(ctx)];
    case 'device_farm':
      // Hard population: small farms (2–3 installations) stay under the graph rules' thresholds.
      return generateDeviceFarm(
        ctx,
        Math.max(2, Math.min(budget, isHard(ctx) ? ctx.random.int(2, 3) : ctx.random.int(3, 8))),
      );
    case 'account_takeover': {
      const victim = generateHonestUser(ctx, 'honest');
      return [victim, generateAccountTakeover(ctx, victim)];
    }
    default:
      return assertNever(scenario);
  }
}
