import type { DeviceHistory } from '../domain/device/device-history';
import {
  emptyFingerprint,
  updateFingerprint,
  type LocationFingerprint,
} from '../domain/fingerprint/location-fingerprint';
import type { DeviceHistoryRow } from '../db/repositories/device-history-repo';
import type { Repos } from '../db/repositories/index';
import type { InstallationRecord } from '../db/repositories/installation-repo';
import { loadGlobalSignals } from './load-global-signals';

/** Installations stored before fingerprints existed are folded once from this many recent events. */
export const BACKFILL_EVENT_LIMIT = 5_000;

/**
 * Gathers what is stored about one installation into the domain's view of it: the fingerprint row
 * (bounded, whatever the number of stored events), the device graph, the feedback and what other
 * tenants corroborate about the device. `stored` is the installation's history row when the caller
 * read it already (a signup reads it with the device's declared addresses).
 */
export async function loadDeviceHistory(
  repos: Repos,
  tenantId: string,
  installation: InstallationRecord | null,
  installationId: string,
  now: number,
  stored?: DeviceHistoryRow,
): Promise<DeviceHistory> {
  const deviceId = installation?.deviceId ?? null;
  // One statement for the fingerprint, the device graph and the count of other tenants claiming the
  // device; the feedback rows only when there are some, other tenants' data only when enough claim it.
  stored ??= await repos.deviceHistory.load(tenantId, installationId, deviceId);
  const own = Promise.all([
    installation ? fingerprintOf(repos, tenantId, installation, stored.fingerprint) : emptyFingerprint(),
    stored.feedbackCount > 0 ? repos.feedbacks.forInstallation(tenantId, installationId) : [],
  ]);
  const global = loadGlobalSignals(
    repos.globalDevice,
    tenantId,
    { deviceId, otherTenantCount: stored.otherTenantCount },
    async () => {
      const [fingerprint, feedback] = await own;
      return { fingerprint, feedback };
    },
    now,
  );
  const [[fingerprint, feedback], globalSignals] = await Promise.all([own, global]);
  return {
    device: installation?.device ?? null,
    fingerprint,
    eventCount: installation?.eventCount ?? 0,
    // Written out: a spread copy that then gains a field is promoted by V8 (docs/BENCHMARKS.md, "Soak").
    graph: {
      accountsOnDevice: stored.graph.accountsOnDevice,
      installationsOnDevice: stored.graph.installationsOnDevice,
      global: globalSignals,
    },
    feedback,
  };
}

/** The stored fingerprint, or for an installation stored before fingerprints existed one folded (and saved) from its events. */
export async function fingerprintOf(
  repos: Repos,
  tenantId: string,
  installation: InstallationRecord,
  stored: LocationFingerprint | null,
): Promise<LocationFingerprint> {
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
