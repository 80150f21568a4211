import type { Settings } from '../contracts/console/index';
import { formatDateTime } from './format';

export interface SettingsView {
  tenant: string;
  credentials: { clientId: string; label: string; scopes: string; created: string; revoked: string | null }[];
  appKeys: { key: string; created: string; revoked: string | null }[];
  users: {
    id: string;
    email: string;
    role: string;
    created: string;
    lastSignIn: string;
    disabled: boolean;
  }[];
}

export function adaptSettings(s: Settings): SettingsView {
  return {
    tenant: s.tenant.name,
    credentials: s.credentials.map((c) => ({
      clientId: c.client_id,
      label: c.label ?? '—',
      scopes: c.scopes.join(', '),
      created: formatDateTime(c.created_at),
      revoked: c.revoked_at === null ? null : formatDateTime(c.revoked_at),
    })),
    appKeys: s.app_keys.map((k) => ({
      key: k.key,
      created: formatDateTime(k.created_at),
      revoked: k.revoked_at === null ? null : formatDateTime(k.revoked_at),
    })),
    users: s.users.map((u) => ({
      id: u.id,
      email: u.email,
      role: u.role,
      created: formatDateTime(u.created_at),
      lastSignIn: formatDateTime(u.last_sign_in_at),
      disabled: u.disabled_at !== null,
    })),
  };
}
