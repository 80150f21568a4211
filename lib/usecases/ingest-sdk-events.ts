import type { SdkDevice, SdkEventsRequest, SdkEventsResponse } from '../contracts/sdk-events';
import type { DeviceReport } from '../domain/device/device-report';
import type { LocationEvent } from '../domain/location';
import { inTransaction } from '../db/repositories/index';
import type { ChangeListener } from './installation-change';
import { parseSdkEvent } from './parse-sdk-event';
import type { TenantScope, UseCaseDeps } from './usecase-deps';

export type RequestTokenIssuer = (tenantId: string, installationId: string) => Promise<string>;

// POST /api/v2/sdk/events — location events and device facts from the SDK
export function makeIngestSdkEvents(
  deps: Pick<UseCaseDeps, 'db' | 'clock'> & {
    issueRequestToken: RequestTokenIssuer;
    onChange?: ChangeListener;
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
      const deviceId = request.device_id ?? null;
      await inTransaction(deps.db, async (repos) => {
        const { created } = await repos.installations.upsert({
          tenantId: scope.tenantId,
          installationId,
          deviceId,
          device,
          newEvents: accepted,
          at: now,
        });
        await repos.installations.insertEvents(scope.tenantId, installationId, accepted, now);
        // After the upsert: its row lock serialises concurrent batches of this installation.
        await repos.fingerprints.addEvents(scope.tenantId, installationId, accepted, now);
        const linked = request.account_id
          ? await repos.installations.linkAccount(
              scope.tenantId,
              installationId,
              request.account_id,
              deviceId,
              now,
            )
          : false;
        // A new installation of a known device or a new account on it changes the device graph.
        const graph = linked || (created && deviceId !== null);
        const kind = graph ? 'graph' : 'location_events';
        await deps.onChange?.(repos, { kind, tenantId: scope.tenantId, installationId, deviceId, now });
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
