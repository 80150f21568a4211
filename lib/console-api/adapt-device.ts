import type { Device, InstallationSummary } from '../contracts/console/index';
import { accountHref, deviceHref } from './adapt-case-refs';
import { formatDateTime } from './format';

export interface InstallationView {
  installationId: string;
  deviceId: string | null;
  href: string;
  model: string;
  platform: string;
  appVersion: string;
  flags: { label: string; on: boolean; bad: boolean }[];
  /** When the device recorded its location events (device time). */
  eventSpan: string;
  /** When the server received its reports. */
  received: string;
  eventCount: string;
}

export interface DevicePanelView extends InstallationView {
  accounts: { id: string; href: string }[];
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

export function integrityChips(flags: Record<string, boolean>): InstallationView['flags'] {
  return FLAG_LABELS.filter((f) => f.key in flags).map((f) => ({
    label: f.label,
    on: flags[f.key] === true,
    bad: flags[f.key] === f.badWhen,
  }));
}

const span = (from: number | null, to: number | null) =>
  from === null || to === null ? 'no location events' : `${formatDateTime(from)} → ${formatDateTime(to)}`;

export function adaptInstallation(i: InstallationSummary): InstallationView {
  return {
    installationId: i.installation_id,
    deviceId: i.device_id,
    href: deviceHref(i.installation_id),
    model: i.model ?? 'unknown model',
    platform: i.platform ?? 'unknown OS',
    appVersion: i.app_version ?? '—',
    flags: integrityChips({ ...i.location_services, ...i.integrity }),
    eventSpan: span(i.first_event_at, i.last_event_at),
    received: span(i.first_seen_at, i.last_seen_at),
    eventCount: i.event_count.toLocaleString('en'),
  };
}

export function adaptDevice(device: Device | null): DevicePanelView | null {
  if (!device) return null;
  return {
    ...adaptInstallation(device),
    accounts: device.accounts.map((id) => ({ id, href: accountHref(id) })),
    otherInstallations: device.other_installations,
  };
}
