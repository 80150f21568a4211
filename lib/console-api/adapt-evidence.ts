/**
 * Evidence (SPEC §2.4) in plain language: one line per field the assessment produced, with metres,
 * dates and what the value means for the case. Unknown fields are listed raw at the end.
 */
import { formatDateTime, formatMetres } from './format';

export interface EvidenceLine {
  key: string;
  label: string;
  value: string;
  tone: 'good' | 'bad' | 'neutral';
}

type Evidence = Record<string, unknown>;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown) => (typeof v === 'string' ? v : null);
const iso = (v: unknown) => {
  const s = str(v);
  const ms = s ? Date.parse(s) : NaN;
  return Number.isNaN(ms) ? null : formatDateTime(ms);
};
const flagNames: Record<string, string> = {
  probable_root: 'rooted / jailbroken',
  emulator: 'emulator',
  gps_spoofing: 'GPS spoofing',
  from_official_store: 'installed from the official store',
  location_permission_enabled: 'location permission granted',
  location_sensors_enabled: 'location sensors on',
};

const missingNames: Record<string, string> = {
  from_official_store: 'not installed from the official store',
  location_permission_enabled: 'location permission not granted',
  location_sensors_enabled: 'location sensors off',
};

type Describe = (value: unknown, all: Evidence) => Omit<EvidenceLine, 'key'> | null;

const DESCRIBE: Record<string, Describe> = {
  distance_from_last_location_to_declared_address: (v) => {
    const m = num(v);
    return m === null
      ? null
      : {
          label: 'Last location → declared address',
          value: formatMetres(m),
          tone: m <= 150 ? 'good' : m > 5000 ? 'bad' : 'neutral',
        };
  },
  distance_from_nearest_location_to_declared_address: (v) => {
    const m = num(v);
    return m === null
      ? null
      : {
          label: 'Nearest location ever → declared address',
          value: formatMetres(m),
          tone: m <= 150 ? 'good' : m > 5000 ? 'bad' : 'neutral',
        };
  },
  location_events_near_address: (v, all) => {
    const n = num(v);
    const total = num(all.location_events_quantity);
    return n === null
      ? null
      : {
          label: 'Location events within 150 m of the address',
          value: `${n.toLocaleString('en')}${total !== null ? ` of ${total.toLocaleString('en')}` : ''}`,
          tone: n > 0 ? 'good' : 'bad',
        };
  },
  location_events_quantity: (v) => {
    const n = num(v);
    return n === null
      ? null
      : {
          label: 'Location events of the device',
          value: n.toLocaleString('en'),
          tone: n === 0 ? 'bad' : 'neutral',
        };
  },
  distance_to_trusted_location: (v) => {
    const m = num(v);
    return m === null
      ? null
      : {
          label: 'Current location → nearest trusted place',
          value: formatMetres(m),
          tone: m <= 150 ? 'good' : m > 5000 ? 'bad' : 'neutral',
        };
  },
  last_location_ts: (v) => ({ label: 'Last location seen at', value: iso(v) ?? '—', tone: 'neutral' }),
  known_account: (v) => ({
    label: 'Account already used on this device',
    value: v ? 'yes' : 'no — first time',
    tone: v ? 'good' : 'bad',
  }),
  accessed_accounts: (v) => {
    const n = num(v);
    return n === null
      ? null
      : { label: 'Accounts used on this device', value: String(n), tone: n > 3 ? 'bad' : 'neutral' };
  },
  app_reinstallations: (v) => {
    const n = num(v);
    return n === null
      ? null
      : { label: 'App reinstallations', value: String(n), tone: n > 2 ? 'bad' : 'neutral' };
  },
  different_declared_addresses: (v) => {
    const n = num(v);
    return n === null
      ? null
      : {
          label: 'Different addresses declared from this device',
          value: String(n),
          tone: n > 1 ? 'bad' : 'neutral',
        };
  },
  store: (v) => {
    const store = v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
    if (!store) return null;
    const metres = num(store.distance_to_store);
    const at = store.device_at_store === true;
    return {
      label: 'In-store payment',
      value: `store ${String(store.store_id)}: device ${at ? 'at the store' : 'not at the store'}${
        metres === null ? '' : ` (${formatMetres(metres)} away)`
      }`,
      tone: at ? 'good' : 'bad',
    };
  },
  device_integrity: (v) =>
    flagsLine('Device integrity', v, ['probable_root', 'emulator', 'gps_spoofing'], ['from_official_store']),
  location_services: (v) =>
    flagsLine('Location services', v, [], ['location_permission_enabled', 'location_sensors_enabled']),
  device_fraud_reputation: (v) => ({
    label: 'Device fraud reputation',
    value: String(v),
    tone: v === 'confirmed_fraud' || v === 'suspect' ? 'bad' : v === 'allowed' ? 'good' : 'neutral',
  }),
  device_behavior_reputation: (v) => ({
    label: 'Device behaviour reputation',
    value: String(v),
    tone: v === 'suspect' ? 'bad' : v === 'allowed' ? 'good' : 'neutral',
  }),
  geocode_quality: (v) => ({
    label: 'Geocode quality',
    value: String(v),
    tone: v === 'good' ? 'good' : 'neutral',
  }),
  address_quality: (v) => ({
    label: 'Address quality',
    value: String(v),
    tone: v === 'poor' ? 'bad' : 'neutral',
  }),
  address_match: (v) => ({
    label: 'Address matched down to',
    value: String(v).replaceAll('_', ' '),
    tone: v === 'no_match' ? 'bad' : 'neutral',
  }),
  device_model: (v) => ({ label: 'Device model', value: String(v), tone: 'neutral' }),
  sensor_match_type: (v) => ({
    label: 'Location sensor',
    value: String(v).replace('_', ' '),
    tone: 'neutral',
  }),
  first_device_login: (v) => ({
    label: 'First login of the account on this device',
    value: v ? 'yes' : 'no',
    tone: v ? 'bad' : 'neutral',
  }),
  first_device_login_at: (v) => ({
    label: 'Account first seen on this device',
    value: iso(v) ?? '—',
    tone: 'neutral',
  }),
  device_transaction_sum: (v) => ({
    label: 'Payments from this device',
    value:
      Array.isArray(v) && v.length > 0
        ? v
            .map(
              (m: { amount?: number; currency?: string }) =>
                `${m.amount?.toLocaleString('en')} ${m.currency}`,
            )
            .join(', ')
        : 'none',
    tone: 'neutral',
  }),
  activity_evidence: (v) => {
    if (!v || typeof v !== 'object') return null;
    const a = v as Record<string, unknown>;
    const parts = [
      iso(a.first_known_address_activity) &&
        `first seen at the address ${iso(a.first_known_address_activity)}`,
      iso(a.last_known_address_activity) && `last seen there ${iso(a.last_known_address_activity)}`,
      iso(a.first_address_verification) && `first verified ${iso(a.first_address_verification)}`,
    ].filter(Boolean);
    return {
      label: 'Activity at the address',
      value: parts.length ? parts.join('; ') : 'never seen at the address',
      tone: parts.length ? 'good' : 'bad',
    };
  },
};

function flagsLine(
  label: string,
  v: unknown,
  badWhenTrue: string[],
  badWhenFalse: string[],
): Omit<EvidenceLine, 'key'> | null {
  if (!v || typeof v !== 'object') return null;
  const flags = v as Record<string, unknown>;
  const problems = [
    ...badWhenTrue.filter((k) => flags[k] === true).map((k) => flagNames[k] ?? k),
    ...badWhenFalse.filter((k) => flags[k] === false).map((k) => missingNames[k] ?? `no ${k}`),
  ];
  return {
    label,
    value: problems.length ? problems.join(', ') : 'no problem reported',
    tone: problems.length ? 'bad' : 'good',
  };
}

/** Fields shown elsewhere (addresses on the map and their own table). */
const SHOWN_ELSEWHERE = new Set(['addresses']);

export function adaptEvidence(evidence: Evidence): EvidenceLine[] {
  const lines: EvidenceLine[] = [];
  for (const [key, describe] of Object.entries(DESCRIBE)) {
    if (!(key in evidence)) continue;
    const line = describe(evidence[key], evidence);
    if (line) lines.push({ key, ...line });
  }
  for (const [key, value] of Object.entries(evidence)) {
    if (key in DESCRIBE || SHOWN_ELSEWHERE.has(key)) continue;
    lines.push({
      key,
      label: key.replaceAll('_', ' '),
      value: typeof value === 'object' ? JSON.stringify(value) : String(value),
      tone: 'neutral',
    });
  }
  return lines;
}
