import type { SdkDevice, SdkEventsRequest, SdkEventsResponse } from '../contracts/sdk-events';
import type { DeviceReport } from '../domain/device/device-report';
import type { LocationEvent } from '../domain/location';
import { inTransaction, type Repos } from '../db/repositories/index';
import { parseSdkEvent } from './parse-sdk-event';
import type { TenantScope, UseCaseDeps } from './usecase-deps';

/** Runs inside the ingestion transaction once events are stored (e.g. to schedule reassessments). */
export type EventsListener = (
  repos: Repos,
  tenantId: string,
  installationId: string,
  now: number,
) => Promise<void>;

export type RequestTokenIssuer = (tenantId: string, installationId: string) => Promise<string>;

// POST /api/v2/sdk/events — location events and device facts from the SDK
export function makeIngestSdkEvents(
  deps: Pick<UseCaseDeps, 'db' | 'clock'> & {
    issueRequestToken: RequestTokenIssuer;
    onEvents?: EventsListener;
  },
) {
  return async function ingestSdkEvents(
    scope: TenantScope,
    request: SdkEventsRequest,
  ): Promise<SdkEventsResponse> {
    const now = deps.clock.now();
    const accepted: LocationEvent[] = [];
    const rejected: SdkEventsResponse['rejected'] = [];
    (request.events ?? []).forEach((raw, index) => {
      const parsed = parseSdkEvent(raw, now);
      if (parsed.ok) accepted.push(parsed.event);
      else rejected.push({ index, error: parsed.error });
    });
    const installationId = request.installation_id;
    const device = request.device ? toDeviceReport(request.device) : null;
    // No device record and no events: the SDK told us nothing, so the installation stays unknown.
    if (device || accepted.length > 0) {
      await inTransaction(deps.db, async (repos) => {
        await repos.installations.upsert({
          tenantId: scope.tenantId,
          installationId,
          deviceId: request.device_id ?? null,
          device,
          newEvents: accepted,
          at: now,
        });
        await repos.installations.insertEvents(scope.tenantId, installationId, accepted, now);
        // After the upsert: its row lock serialises concurrent batches of this installation.
        await repos.fingerprints.addEvents(scope.tenantId, installationId, accepted, now);
        if (request.account_id) {
          await repos.installations.linkAccount(
            scope.tenantId,
            installationId,
            request.account_id,
            request.device_id ?? null,
            now,
          );
        }
        if (accepted.length > 0) await deps.onEvents?.(repos, scope.tenantId, installationId, now);
      });
    }
    return {
      accepted: accepted.length,
      rejected,
      request_token: await deps.issueRequestToken(scope.tenantId, installationId),
    };
  };
}

function toDeviceReport(d: SdkDevice): DeviceReport {
  return {
    model: d.model ?? null,
    os: d.os ?? null,
    osVersion: d.os_version ?? null,
    appVersion: d.app_version ?? null,
    locationPermissionEnabled: d.location_permission_enabled ?? null,
    locationSensorsEnabled: d.location_sensors_enabled ?? null,
    probableRoot: d.probable_root ?? null,
    emulator: d.emulator ?? null,
    gpsSpoofing: d.gps_spoofing ?? null,
    fromOfficialStore: d.from_official_store ?? null,
  };
}
