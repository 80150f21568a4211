import { HONEST_DEVICE_FLAGS } from '../../../lib/sim/generate-device-info';

/** Drives the public API the way a client and the SDK do: token, SDK events, signups, payments. */
export interface ApiClient {
  ingest(
    installationId: string,
    events: { lat: number; lng: number; ts: number; accuracy_m?: number }[],
    device?: Record<string, unknown>,
  ): Promise<void>;
  signup(
    installationId: string,
    address: { lat: number; lng: number; line: string },
  ): Promise<{ id: string; risk_assessment: string }>;
  payment(
    installationId: string,
    accountId: string,
    address: { lat: number; lng: number },
  ): Promise<{ id: string; risk_assessment: string }>;
  /** Client feedback through POST /api/v2/feedbacks (e.g. `{ event: 'identity_fraud', signup_id }`). */
  feedback(body: Record<string, unknown>): Promise<void>;
}

export async function apiClient(
  baseUrl: string,
  tenant: { client_id: string; client_secret: string; app_key: string },
): Promise<ApiClient> {
  const basic = Buffer.from(`${tenant.client_id}:${tenant.client_secret}`).toString('base64');
  const tokenReply = await fetch(`${baseUrl}/api/v2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}` },
  });
  const { access_token: token } = (await tokenReply.json()) as { access_token: string };
  const post = async (path: string, body: unknown, headers: Record<string, string>) => {
    const r = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${path} → ${r.status} ${await r.text()}`);
    return r.json() as Promise<Record<string, unknown>>;
  };
  return {
    async ingest(installationId, events, device = {}) {
      await post(
        '/api/v2/sdk/events',
        {
          installation_id: installationId,
          device: {
            model: 'Pixel 8',
            os: 'android',
            os_version: '14',
            app_version: '3.2.0',
            ...HONEST_DEVICE_FLAGS,
            ...device,
          },
          events: events.map((e) => ({
            ts: e.ts,
            lat: e.lat,
            lng: e.lng,
            accuracy_m: e.accuracy_m ?? 15,
            source: 'gps',
            mock: false,
          })),
        },
        { 'x-app-key': tenant.app_key },
      );
    },
    async signup(installationId, address) {
      const body = await post(
        '/api/v2/onboarding/signups',
        {
          installation_id: installationId,
          address_line: address.line,
          address_coordinates: { lat: address.lat, lng: address.lng },
        },
        { authorization: `Bearer ${token}` },
      );
      return { id: String(body.id), risk_assessment: String(body.risk_assessment) };
    },
    async payment(installationId, accountId, address) {
      const body = await post(
        '/api/v2/authentication/transactions',
        {
          installation_id: installationId,
          account_id: accountId,
          type: 'payment',
          payment_value: { amount: 250, currency: 'BRL' },
          addresses: [{ type: 'shipping', address_coordinates: address }],
        },
        { authorization: `Bearer ${token}` },
      );
      return { id: String(body.id), risk_assessment: String(body.risk_assessment) };
    },
    async feedback(body) {
      await post('/api/v2/feedbacks', body, { authorization: `Bearer ${token}` });
    },
  };
}

const DAY_MS = 86_400_000;
const SAO_PAULO_UTC_OFFSET_MS = -3 * 3_600_000; // no daylight saving since 2019

/**
 * Local midnight in São Paulo (where every e2e address lies) `days` days before today's. Seeds start
 * there rather than at `Date.now() - days`: whether a device's fixes cover a night decides whether the
 * engine has seen where it sleeps, so a seed anchored to the wall clock judged the same device
 * `high_risk` at one hour of the day and `unknown_risk` at another.
 */
export function saoPauloMidnightDaysAgo(days: number, now = Date.now()): number {
  const local = now + SAO_PAULO_UTC_OFFSET_MS;
  return local - (local % DAY_MS) - SAO_PAULO_UTC_OFFSET_MS - days * DAY_MS;
}

/**
 * Fixes around a point about an hour apart (jittered by ~50 m), minutes off the hour and with several
 * accuracies, as a phone sends them: a metronome is what a script sends, and the engine says so.
 */
export function eventsAround(center: { lat: number; lng: number }, start: number, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    lat: center.lat + Math.sin(i) * 0.0004,
    lng: center.lng + Math.cos(i) * 0.0004,
    ts: start + i * 3_600_000 + ((i * 7_919) % 97) * 12_000,
    accuracy_m: 8 + ((i * 5) % 13),
    source: 'gps',
  }));
}
