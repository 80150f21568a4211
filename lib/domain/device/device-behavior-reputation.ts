import type { Reputation } from '../risk';
import { hasIntegrityProblem, type DeviceIntegrityEvidence } from './device-report';

/** A device with this many events and no integrity problem behaves like a real phone in a real life. */
export const ALLOWED_BEHAVIOR_MIN_EVENTS = 20;

/** How the device behaves, judged from its own signals (not from feedback). */
export function deviceBehaviorReputation(integrity: DeviceIntegrityEvidence, eventCount: number): Reputation {
  if (hasIntegrityProblem(integrity)) return 'suspect';
  if (eventCount >= ALLOWED_BEHAVIOR_MIN_EVENTS) return 'allowed';
  return 'unknown';
}
