import type { GlobalDeviceRepo } from '../db/global-signals/global-device-repo';
import { NO_GLOBAL_SIGNALS, type GlobalDeviceSignals } from '../domain/graph/device-graph';
import {
  GLOBAL_SIGNAL_RULE,
  globalDeviceSignals,
  type OwnDevice,
} from '../domain/graph/global-device-signals';

/**
 * Other tenants' signals about an installation's device (docs/RISK.md "Global signals"). Most devices
 * are claimed by fewer than `minTenants` other tenants (`otherTenantCount`, read with the device's own
 * history): then nothing more is read.
 */
export async function loadGlobalSignals(
  repo: GlobalDeviceRepo,
  tenantId: string,
  claimed: { deviceId: string | null; otherTenantCount: number },
  own: () => Promise<OwnDevice>,
  now: number,
): Promise<GlobalDeviceSignals> {
  const { deviceId } = claimed;
  if (!deviceId || claimed.otherTenantCount < GLOBAL_SIGNAL_RULE.minTenants) return NO_GLOBAL_SIGNALS;
  const [device, others] = await Promise.all([own(), repo.otherInstallations(tenantId, deviceId)]);
  return globalDeviceSignals(device, others, now);
}
