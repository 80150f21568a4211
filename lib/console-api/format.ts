/** Plain-language formatting for view models; UTC throughout so server and browser render the same text. */

export function formatMetres(m: number | null | undefined): string {
  if (m === null || m === undefined || !Number.isFinite(m)) return '—';
  if (m < 1000) return `${Math.round(m).toLocaleString('en')} m`;
  return `${(m / 1000).toLocaleString('en', { maximumFractionDigits: 1 })} km (${Math.round(m).toLocaleString('en')} m)`;
}

export function formatDateTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** "3 h", "2 d": how long ago, relative to `now` (the caller's clock). */
export function formatAge(ms: number | null, now: number): string {
  if (ms === null) return '—';
  const minutes = Math.max(0, Math.round((now - ms) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.round(hours / 24)} d`;
}

export function formatPercent(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return 'unknown';
  return `${(rate * 100).toLocaleString('en', { maximumFractionDigits: 2 })} %`;
}

const RISK_LABELS: Record<string, string> = {
  high_risk: 'High risk',
  low_risk: 'Low risk',
  unknown_risk: 'Unknown risk',
};
export const riskLabel = (risk: string | null) => (risk ? (RISK_LABELS[risk] ?? risk) : 'Not evaluated');

const STATUS_LABELS: Record<string, string> = { open: 'Open', in_review: 'In review', closed: 'Closed' };
export const statusLabel = (status: string) => STATUS_LABELS[status] ?? status;

const REASON_LABELS: Record<string, string> = {
  address_verification: 'Address not verified by location history',
  trusted_location: 'Away from trusted locations',
  device_integrity: 'Device integrity problem',
  multiple_accounts: 'Many accounts on this device',
  multiple_installations: 'Many installations of the app',
  multiple_address_cities: 'Addresses in several cities',
  multiple_address_streets: 'Addresses on several streets',
  multiple_address_zip_codes: 'Addresses with several postal codes',
  high_density_location: 'High-density location',
  machine_learning_model: 'Machine-learning model',
};
export const reasonLabel = (code: string) => REASON_LABELS[code] ?? code.replaceAll('_', ' ');

/**
 * A case id short enough for a table cell yet telling cases apart: ids are UUIDv7, whose first 8 hex
 * digits are the creation time (the same for every case of the same minute), so the random tail is
 * shown too. The head still works as a search prefix.
 */
export const shortId = (id: string) => (id.length > 13 ? `${id.slice(0, 8)}…${id.slice(-4)}` : id);
