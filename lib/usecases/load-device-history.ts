import type { DeviceHistory } from '../domain/device/device-history';
import {
  emptyFingerprint,
  updateFingerprint,
  type LocationFingerprint,
} from '../domain/fingerprint/location-fingerprint';
import type { Repos } from '../db/repositories/index';
import type { InstallationRecord } from '../db/repositories/installation-repo';

/** Installations stored before fingerprints existed are folded once from this many recent events. */
export const BACKFILL_EVENT_LIMIT = 5_000;

/**
 * Gathers what is stored about one installation into the domain's view of it: the fingerprint row
 * (bounded, whatever the number of stored events), the device graph and the feedback.
 */
export async function loadDeviceHistory(
  repos: Repos,
  tenantId: string,
  installation: InstallationRecord | null,
  installationId: string,
): Promise<DeviceHistory> {
  const deviceId = installation?.deviceId ?? null;
  const [fingerprint, accountsOnDevice, installationsOnDevice, global, feedback] = await Promise.all([
    installation ? fingerprintOf(repos, tenantId, installation) : emptyFingerprint(),
    repos.installations.countAccountsOnDevice(tenantId, installationId, deviceId),
    repos.installations.countInstallationsOfDevice(tenantId, deviceId),
    repos.deviceGraph.globalSignals(tenantId, deviceId),
    repos.feedbacks.forInstallation(tenantId, installationId),
  ]);
  return {
    device: installation?.device ?? null,
    fingerprint,
    eventCount: installation?.eventCount ?? 0,
    graph: { accountsOnDevice, installationsOnDevice, global },
    feedback,
  };
}

async function fingerprintOf(
  repos: Repos,
  tenantId: string,
  installation: InstallationRecord,
): Promise<LocationFingerprint> {
  const stored = await repos.fingerprints.get(tenantId, installation.installationId);
  if (stored || installation.eventCount === 0) return stored ?? emptyFingerprint();
  // Lazy backfill for data ingested before the risk engine's migration; saved so it happens once.
  const events = await repos.installations.recentEvents(
    tenantId,
    installation.installationId,
    BACKFILL_EVENT_LIMIT,
  );
  const built = updateFingerprint(emptyFingerprint(), events);
  await repos.fingerprints.save(tenantId, installation.installationId, built, installation.lastEventAt ?? 0);
  return built;
}
