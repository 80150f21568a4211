import { randomUUID } from 'node:crypto';
import type { CreatedTenant } from '../../../lib/usecases/create-tenant';

const HOME = { lat: -23.5614, lng: -46.6559 };

/** What the service acknowledged (2xx) during a run: all of it must be in the database afterwards. */
export interface Acknowledged {
  /** Accepted events per installation. */
  events: Map<string, number>;
  signups: string[];
  payments: string[];
}

export interface TrafficReport {
  statuses: Map<number, number>;
  /** Requests that got no HTTP answer at all (connection refused or reset: the process died). */
  unanswered: string[];
  acknowledged: Acknowledged;
}

/**
 * SDK ingestion, signups and payments from `concurrency` loops against a running API until `stop()`:
 * what real clients would send, with every answer counted. Installations are new ones, reported first
 * by the SDK, so that each signup and payment has a device behind it.
 */
export function startTraffic(baseUrl: string, tenant: CreatedTenant, concurrency = 6) {
  const report: TrafficReport = {
    statuses: new Map(),
    unanswered: [],
    acknowledged: { events: new Map(), signups: [], payments: [] },
  };
  let running = true;
  let token: string | null = null;

  async function call(method: string, path: string, body: unknown, headers: Record<string, string>) {
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      report.statuses.set(response.status, (report.statuses.get(response.status) ?? 0) + 1);
      const text = await response.text();
      return { status: response.status, json: () => JSON.parse(text) as Record<string, unknown> };
    } catch (error) {
      report.unanswered.push(`${method} ${path}: ${String(error)}`);
      return null;
    }
  }

  async function bearer(): Promise<string | null> {
    if (token) return token;
    const basic = Buffer.from(`${tenant.client_id}:${tenant.client_secret}`).toString('base64');
    const reply = await call('POST', '/api/v2/token', {}, { authorization: `Basic ${basic}` });
    if (reply?.status === 200) token = String(reply.json().access_token);
    return token;
  }

  async function oneDevice(loop: number, round: number): Promise<void> {
    const installation = `fault-${loop}-${round}-${randomUUID().slice(0, 8)}`;
    const now = Date.now();
    const events = Array.from({ length: 5 }, (_, i) => ({
      ts: now - (i + 1) * 60_000,
      lat: HOME.lat + i * 0.00001,
      lng: HOME.lng,
      accuracy_m: 10,
      source: 'gps',
    }));
    const ingested = await call(
      'POST',
      '/api/v2/sdk/events',
      { installation_id: installation, device: { model: 'Pixel 8', os: 'android' }, events },
      { 'x-app-key': tenant.app_key },
    );
    if (ingested?.status !== 202) return;
    const accepted = Number(ingested.json().accepted);
    report.acknowledged.events.set(installation, accepted);
    const auth = await bearer();
    if (!auth) return;
    const headers = { authorization: `Bearer ${auth}` };
    const signup = await call(
      'POST',
      '/api/v2/onboarding/signups',
      { installation_id: installation, address_coordinates: HOME },
      headers,
    );
    if (signup?.status === 200) report.acknowledged.signups.push(String(signup.json().id));
    const payment = await call(
      'POST',
      '/api/v2/authentication/transactions',
      { installation_id: installation, account_id: `acct-${installation}`, type: 'payment' },
      headers,
    );
    if (payment?.status === 200) report.acknowledged.payments.push(String(payment.json().id));
  }

  const loops = Array.from({ length: concurrency }, async (_, loop) => {
    for (let round = 0; running; round++) await oneDevice(loop, round);
  });

  return {
    report,
    async stop(): Promise<TrafficReport> {
      running = false;
      await Promise.all(loops);
      return report;
    },
  };
}
