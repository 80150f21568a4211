import { describe, expect, it } from 'vitest';
import { armsNothingFor } from '../../../lib/runtime/schedule-reassessment';
import type { InstallationChange, SignupChange } from '../../../lib/usecases/installation-change';

const NOW = 1_700_000_000_000;
const WINDOW_END = NOW + 48 * 3_600_000;

const signup = (over: Partial<SignupChange> = {}): SignupChange => ({
  kind: 'signup',
  tenantId: 't',
  installationId: 'i',
  deviceId: 'd',
  now: NOW,
  signupId: 's',
  newAddress: false,
  openBefore: null,
  accountLinked: false,
  recheckAt: null,
  reassessUntil: WINDOW_END,
  ...over,
});

// A signup written without a transaction must be one that scheduleReassessment would not arm anything for.
describe('armsNothingFor', () => {
  it('holds for a signup with no new address, no new account and no recheck in its window', () => {
    expect(armsNothingFor(signup())).toBe(true);
    expect(armsNothingFor(signup({ recheckAt: WINDOW_END + 1 }))).toBe(true);
  });

  it('fails for a signup that may arm a reassessment', () => {
    expect(armsNothingFor(signup({ newAddress: true }))).toBe(false);
    expect(armsNothingFor(signup({ accountLinked: true }))).toBe(false);
    expect(armsNothingFor(signup({ recheckAt: NOW + 3_600_000 }))).toBe(false);
    expect(armsNothingFor(signup({ recheckAt: WINDOW_END }))).toBe(false);
  });

  it('holds for a new address only when the insert found no open signups around it', () => {
    const none = { own: 0, onDevice: [] };
    expect(armsNothingFor(signup({ newAddress: true, openBefore: none }))).toBe(true);
    expect(armsNothingFor(signup({ newAddress: true, openBefore: { own: 1, onDevice: [] } }))).toBe(false);
    const sibling = { tenantId: 't', installationId: 'other', open: 2 };
    expect(armsNothingFor(signup({ newAddress: true, openBefore: { own: 0, onDevice: [sibling] } }))).toBe(
      false,
    );
    expect(armsNothingFor(signup({ newAddress: true, openBefore: none, recheckAt: NOW + 1 }))).toBe(false);
  });

  it('fails for every other kind of change', () => {
    for (const kind of ['location_events', 'feedback', 'graph'] as const) {
      const change: InstallationChange = {
        kind,
        tenantId: 't',
        installationId: 'i',
        deviceId: 'd',
        now: NOW,
      };
      expect(armsNothingFor(change)).toBe(false);
    }
  });
});
