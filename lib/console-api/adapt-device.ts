import type { Device } from '../contracts/console/index';
import { formatDateTime } from './format';

export interface DevicePanelView {
  installationId: string;
  deviceId: string | null;
  model: string;
  platform: string;
  appVersion: string;
  flags: { label: string; on: boolean; bad: boolean }[];
  firstSeen: string;
  lastSeen: string;
  eventCount: string;
  accounts: string[];
  otherInstallations: number;
}

const FLAG_LABELS: { key: string; label: string; badWhen: boolean }[] = [
  { key: 'probable_root', label: 'Rooted / jailbroken', badWhen: true },
  { key: 'emulator', label: 'Emulator', badWhen: true },
  { key: 'gps_spoofing', label: 'GPS spoofing', badWhen: true },
  { key: 'from_official_store', label: 'From the official store', badWhen: false },
  { key: 'location_permission_enabled', label: 'Location permission', badWhen: false },
  { key: 'location_sensors_enabled', label: 'Location sensors', badWhen: false },
];

export function adaptDevice(device: Device | null): DevicePanelView | null {
  if (!device) return null;
  const all = { ...device.location_services, ...device.integrity };
  return {
    installationId: device.installation_id,
    deviceId: device.device_id,
    model: device.model ?? 'unknown model',
    platform: [device.os, device.os_version].filter(Boolean).join(' ') || 'unknown OS',
    appVersion: device.app_version ?? '—',
    flags: FLAG_LABELS.filter((f) => f.key in all).map((f) => ({
      label: f.label,
      on: all[f.key] === true,
      bad: all[f.key] === f.badWhen,
    })),
    firstSeen: formatDateTime(device.first_seen_at),
    lastSeen: formatDateTime(device.last_seen_at),
    eventCount: device.event_count.toLocaleString('en'),
    accounts: device.accounts,
    otherInstallations: device.other_installations,
  };
}
