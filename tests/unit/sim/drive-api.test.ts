import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../../lib/clock/manual-clock';
import { driveApi, type DriveOptions } from '../../../lib/sim/drive-api';
import { generatePopulation } from '../../../lib/sim/generate-population';
import { APP_KEY, CLIENT_ID, CLIENT_SECRET, startFakeLocus, type FakeLocus } from './fake-locus-server';
import { NOW } from './fixtures';

let server: FakeLocus;
beforeEach(async () => {
  server = await startFakeLocus();
});
afterEach(async () => {
  await server.close();
});

const options = (extra: Partial<DriveOptions> = {}): DriveOptions => ({
  baseUrl: server.url,
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  appKey: APP_KEY,
  concurrency: 4,
  ...extra,
});
const small = () => generatePopulation({ seed: 'drive', now: NOW, devices: 24, fraudShare: 0.5, days: 2 });

describe('driveApi against a fake server', () => {
  it('sends every event, signup and payment in the contract shapes and reports one result per assessment', async () => {
    const population = small();
    const progress: number[] = [];
    const report = await driveApi(population, options({ onProgress: (done) => progress.push(done) }));
    expect(server.problems).toEqual([]);
    const events = population.devices.reduce((n, d) => n + d.events.length, 0);
    expect(report.ingestion).toMatchObject({ accepted: events, rejected: 0, failedRequests: 0 });
    const signups = population.devices.filter((d) => d.declaredAddress).length;
    const payments = population.devices.reduce((n, d) => n + d.payments.length, 0);
    expect(report.results.filter((r) => r.kind === 'signup')).toHaveLength(signups);
    expect(report.results.filter((r) => r.kind !== 'signup')).toHaveLength(payments);
    expect(report.results.every((r) => r.status === 200 && r.verdict !== 'error' && r.id)).toBe(true);
    expect(report.results.some((r) => r.label === 'fraud' && r.scenario === 'account_takeover')).toBe(true);
    expect(progress.at(-1)).toBe(population.devices.length);
    expect(report.feedback).toEqual({ sent: 0, failed: 0 });
  });

  it('drives account takeovers after their victims', async () => {
    const population = small();
    await driveApi(population, options());
    const order = server.log.map((entry) => entry.body.installation_id);
    for (const attacker of population.devices.filter((d) => d.phase === 1)) {
      const victims = population.devices.filter((d) => d.phase === 0 && d.accountId === attacker.accountId);
      for (const victim of victims) {
        expect(order.lastIndexOf(victim.installationId)).toBeLessThan(order.indexOf(attacker.installationId));
      }
    }
  });

  it('sends feedback with the ids the service returned, when asked to', async () => {
    const population = small();
    const report = await driveApi(population, options({ sendFeedback: true }));
    const feedbacks = server.log.filter((e) => e.path === '/api/v2/feedbacks');
    expect(report.feedback.sent).toBe(feedbacks.length);
    expect(feedbacks.length).toBeGreaterThan(0);
    const signupIds = new Set(report.results.filter((r) => r.kind === 'signup').map((r) => r.id));
    for (const f of feedbacks.filter((x) => x.body.signup_id)) expect(signupIds).toContain(f.body.signup_id);
    expect(server.problems).toEqual([]);
  });

  it('refreshes the token before it expires and after a 401, and retries a 500', async () => {
    const clock = manualClock(NOW);
    server.tokenLifetimeS = 90;
    server.failNext.set('/api/v2/onboarding/signups', 1);
    const tick: DriveOptions['fetch'] = (url, init) => {
      clock.advance(20_000);
      if (server.tokensIssued === 2) server.revoked.add('tok-2');
      return fetch(url, init);
    };
    const report = await driveApi(small(), options({ clock, fetch: tick, concurrency: 1 }));
    expect(server.tokensIssued).toBeGreaterThan(3);
    expect(server.revoked.has('tok-2')).toBe(true);
    expect(server.failNext.get('/api/v2/onboarding/signups')).toBe(0);
    expect(report.results.every((r) => r.status === 200)).toBe(true);
    expect(server.problems).toEqual([]);
  });

  it('can name installations by the request_token of the last ingestion, as the newest clients do', async () => {
    const report = await driveApi(small(), options({ identifyBy: 'request_token' }));
    const assessments = server.log.filter(
      (e) => e.path.startsWith('/api/v2/onboarding') || e.path.includes('transactions'),
    );
    expect(assessments.length).toBeGreaterThan(0);
    expect(assessments.every((e) => e.body.request_token === `rt-${String(e.body.installation_id)}`)).toBe(
      true,
    );
    expect(report.results.every((r) => r.status === 200)).toBe(true);
    expect(server.problems).toEqual([]);
  });

  it('records a failed assessment instead of stopping the run', async () => {
    const report = await driveApi(small(), options({ baseUrl: `${server.url}/`, clientSecret: 'wrong' }));
    expect(report.results.length).toBeGreaterThan(0);
    expect(report.results.every((r) => r.verdict === 'error' && r.error)).toBe(true);
  });
});
