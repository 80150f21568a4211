import type { DeviceHistory } from '../domain/device/device-history';
import type { Repos } from '../db/repositories/index';
import type { InstallationRecord } from '../db/repositories/installation-repo';

/**
 * How many recent events an assessment reads. Older history still counts in `eventCount`; the
 * risk engine's incremental fingerprint carries what these events would add.
 */
export const HISTORY_EVENT_LIMIT = 5_000;

/** Gathers what is stored about one installation into the domain's view of it. */
export async function loadDeviceHistory(
  repos: Repos,
  tenantId: string,
  installation: InstallationRecord | null,
  installationId: string,
): Promise<DeviceHistory> {
  const deviceId = installation?.deviceId ?? null;
  const [events, accountsOnDevice, installationsOnDevice, feedback] = await Promise.all([
    installation ? repos.installations.recentEvents(tenantId, installationId, HISTORY_EVENT_LIMIT) : [],
    repos.installations.countAccountsOnDevice(tenantId, installationId, deviceId),
    repos.installations.countInstallationsOfDevice(tenantId, deviceId),
    repos.feedbacks.forInstallation(tenantId, installationId),
  ]);
  return {
    device: installation?.device ?? null,
    events,
    eventCount: installation?.eventCount ?? 0,
    accountsOnDevice,
    installationsOnDevice,
    feedback,
  };
}
