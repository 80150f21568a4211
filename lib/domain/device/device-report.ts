import { emulatorModel } from './emulator-model';

/** What the SDK last said about the device (PRODUCT.md, SDK ingestion contract). */
export interface DeviceReport {
  model: string | null;
  os: string | null;
  osVersion: string | null;
  appVersion: string | null;
  locationPermissionEnabled: boolean | null;
  locationSensorsEnabled: boolean | null;
  probableRoot: boolean | null;
  emulator: boolean | null;
  gpsSpoofing: boolean | null;
  fromOfficialStore: boolean | null;
}

export interface LocationServicesEvidence {
  location_permission_enabled: boolean;
  location_sensors_enabled: boolean;
}

export interface DeviceIntegrityEvidence {
  probable_root: boolean;
  emulator: boolean;
  gps_spoofing: boolean;
  from_official_store: boolean;
}

export function locationServicesEvidence(device: DeviceReport): LocationServicesEvidence {
  return {
    location_permission_enabled: device.locationPermissionEnabled ?? false,
    location_sensors_enabled: device.locationSensorsEnabled ?? false,
  };
}

/**
 * Integrity flags as evidence, believed when set and checked when not: an emulator that names itself
 * by its model is an emulator; a device that reports mock locations, or whose fixes a script or a faked
 * GPS produced (`fakedSignal`, signal-integrity.ts), is spoofing GPS whatever the SDK's own flag says.
 * Null when there is neither a device report nor a faked signal to report.
 */
export function deviceIntegrityEvidence(
  device: DeviceReport | null,
  mockEvents: number,
  fakedSignal: boolean,
): DeviceIntegrityEvidence | null {
  if (!device && !fakedSignal && mockEvents === 0) return null;
  return {
    probable_root: device?.probableRoot ?? false,
    emulator: (device?.emulator ?? false) || emulatorModel(device?.model ?? null),
    gps_spoofing: (device?.gpsSpoofing ?? false) || mockEvents > 0 || fakedSignal,
    from_official_store: device?.fromOfficialStore ?? false,
  };
}

/** Integrity problems that on their own make an assessment high risk. */
export function hasIntegrityProblem(integrity: DeviceIntegrityEvidence): boolean {
  return integrity.emulator || integrity.gps_spoofing || integrity.probable_root;
}
