import type { SimulatedDevice, WorldFraudScenario } from '../../types';
import type { WorldContext } from '../world-context';
import { generateWorldDeviceFarm } from './device-farm';
import { generateWorldEmulator } from './emulator';
import { generateWorldRemoteSignup } from './remote-signup';
import { generateWorldSpoofer } from './spoofer';
import { generateWorldTakeover } from './takeover';

function assertNever(value: never): never {
  throw new Error(`unknown world fraud scenario: ${String(value)}`);
}

/**
 * One case of a fraud scenario. Most yield one fraudulent installation; a farm up to `budget` of them (at
 * least 2); a takeover yields its honest victim first, then the attacker.
 */
export function generateWorldFraudCase(
  ctx: WorldContext,
  scenario: WorldFraudScenario,
  budget: number,
): SimulatedDevice[] {
  switch (scenario) {
    case 'remote_signup_neighbour':
    case 'remote_signup_2km':
    case 'remote_signup_20km':
    case 'remote_signup_far':
    case 'visited_once':
      return [generateWorldRemoteSignup(ctx, scenario)];
    case 'emulator':
    case 'emulator_hidden':
      return [generateWorldEmulator(ctx, scenario === 'emulator_hidden')];
    case 'gps_spoofing':
    case 'spoofing_hidden':
      return [generateWorldSpoofer(ctx, scenario === 'spoofing_hidden')];
    case 'device_farm':
      return generateWorldDeviceFarm(ctx, Math.max(2, Math.min(budget, ctx.random.int(2, 5))));
    case 'account_takeover':
    case 'account_takeover_local':
      return generateWorldTakeover(ctx, scenario === 'account_takeover_local');
    default:
      return assertNever(scenario);
  }
}
