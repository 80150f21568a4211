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
 * Integrity flags as evidence. A device that reports mock locations is spoofing GPS even when the
 * SDK's own flag says otherwise, so mock events count too.
 */
export function deviceIntegrityEvidence(device: DeviceReport, mockEvents: number): DeviceIntegrityEvidence {
  return {
    probable_root: device.probableRoot ?? false,
    emulator: device.emulator ?? false,
    gps_spoofing: (device.gpsSpoofing ?? false) || mockEvents > 0,
    from_official_store: device.fromOfficialStore ?? false,
  };
}

/** Integrity problems that on their own make an assessment high risk. */
export function hasIntegrityProblem(integrity: DeviceIntegrityEvidence): boolean {
  return integrity.emulator || integrity.gps_spoofing || integrity.probable_root;
}
