import type { DeviceHistory } from '../device/device-history';

/**
 * The first moment after `now` at which elapsed time alone — no new event, feedback or graph change —
 * can change what `assessSignup` says about this history, or null when nothing in it ages.
 *
 * Every input of a signup assessment that reads the clock must be listed here, because the worker
 * reassesses an unchanged signup only at these moments (docs/ARCHITECTURE.md, "When a signup is
 * reassessed"). Today one does:
 * - feedback expiry: `deviceFraudReputation` ignores feedback whose `expiresAt` has passed, so a
 *   `confirmed_fraud` or `suspect` device may turn `unknown` (or `allowed`) at that instant.
 * The fingerprint's places, presence at the address, the device graph and the model read no clock:
 * they change only with new data, which triggers its own reassessment.
 */
export function signupRecheckAt(history: Pick<DeviceHistory, 'feedback'>, now: number): number | null {
  let next: number | null = null;
  for (const f of history.feedback) {
    if (f.expiresAt !== null && f.expiresAt > now && (next === null || f.expiresAt < next))
      next = f.expiresAt;
  }
  return next;
}
