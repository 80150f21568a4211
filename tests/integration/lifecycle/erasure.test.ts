// Erasure of an installation and of an account on both engines, proven by a scan of every table and
// column the catalog lists: afterwards nothing of the tenant holds the id, the coordinates or the
// address, the other tenant's rows with the very same ids are untouched, and a second erase succeeds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErasureSummary, SubjectExport } from '../../../lib/contracts/subject-data';
import { TEST_ENGINES } from '../engines';
import { startTestApi, type WorkerTestApi } from '../test-api';
import { WEBHOOK_TEST_ENV } from '../webhooks/webhook-suite';
import { findNeedles, tenantRows } from './catalog-scan';
import {
  BYSTANDER,
  SUBJECT,
  seedSubject,
  tenantClient,
  type SeededSubject,
  type TenantClient,
} from './subject-fixture';

const PERSONAL = {
  texts: [SUBJECT.installationId, SUBJECT.deviceId, 'zzyzx', 'erasmo'],
  coordinates: [SUBJECT.home.lat, SUBJECT.home.lng],
};

describe.each(TEST_ENGINES)('erasure on %s', (engine) => {
  let t: WorkerTestApi;
  let a: TenantClient;
  let b: TenantClient;
  let seededA: SeededSubject;
  let seededB: SeededSubject;

  beforeAll(async () => {
    t = await startTestApi(engine, { env: WEBHOOK_TEST_ENV, worker: {} });
    a = tenantClient(t, t.tenant);
    b = tenantClient(t, await t.runtime.createTenant('tenant b'));
    seededA = await seedSubject(t, a, () => t.worker.drain());
    seededB = await seedSubject(t, b, () => t.worker.drain());
  });
  afterAll(() => t.close());

  const rowsOf = (tenantId: string) => tenantRows(t.runtime.handle, tenantId);
  /** The tenant's own rows (tables with a tenant_id), for comparing one tenant before and after. */
  const ownRowsOf = (tenantId: string) => tenantRows(t.runtime.handle, tenantId, { ownOnly: true });

  it('seeds what an erasure must find: a pending webhook, a decision comment, a device link', async () => {
    const found = findNeedles(await rowsOf(a.tenant.tenant_id), PERSONAL);
    const tables = new Set(found.map((f) => f.table));
    for (const table of [
      'installations',
      'location_events',
      'location_fingerprints',
      'installation_accounts',
      'signups',
      'transactions',
      'webhook_events',
      'audit_log',
      'console_saved_filters',
    ]) {
      expect(tables, table).toContain(table);
    }
    const pending = await t.runtime.db
      .selectFrom('webhook_events')
      .select('status')
      .where('signup_id', '=', seededA.signupId)
      .execute();
    expect(pending.map((p) => p.status)).toContain('pending');
  });

  it('erases the installation everywhere in its tenant and nowhere else', async () => {
    const otherTenantBefore = await ownRowsOf(b.tenant.tenant_id);
    const bystanderBefore = await exportOf(a, 'installations', BYSTANDER.installationId);

    const reply = await a.request('DELETE', `/api/v2/admin/installations/${SUBJECT.installationId}`);
    expect(reply.statusCode).toBe(200);
    const summary = reply.json<ErasureSummary>();
    expect(summary).toMatchObject({ status: 'completed', subject_id: SUBJECT.installationId });
    expect(summary.deleted).toMatchObject({
      location_events: 300,
      installations: 1,
      location_fingerprints: 1,
      console_saved_filters: 2,
    });
    expect(summary.scrubbed).toMatchObject({ signups: 1, transactions: 1, audit_log: 1 });
    expect(summary.scrubbed.signup_assessments).toBeGreaterThan(1);
    expect(summary.webhooks_cancelled).toBeGreaterThan(0);
    const statuses = await t.runtime.db
      .selectFrom('webhook_events')
      .select('status')
      .where('signup_id', '=', seededA.signupId)
      .execute();
    expect(statuses.map((s) => s.status)).not.toContain('pending');

    expect(findNeedles(await rowsOf(a.tenant.tenant_id), PERSONAL)).toEqual([]);
    expect(await ownRowsOf(b.tenant.tenant_id)).toEqual(otherTenantBefore);
    expect(await exportOf(a, 'installations', BYSTANDER.installationId)).toEqual({
      ...bystanderBefore,
      exported_at: expect.any(String),
    });
  });

  it('keeps the signup and payment verdicts, without address or evidence location', async () => {
    const signup = await a.request('GET', `/api/v2/onboarding/signups/${seededA.signupId}`);
    expect(signup.statusCode).toBe(200);
    const body = signup.json<{ risk_assessment: string; evidence: Record<string, unknown> }>();
    expect(body.risk_assessment).toMatch(/_risk$/);
    expect(Object.keys(body.evidence)).not.toContain('distance_from_last_location_to_declared_address');
    expect(Object.keys(body.evidence)).not.toContain('activity_evidence');
    expect(findNeedles(new Map([['reply', [{ body: signup.body }]]]), PERSONAL)).toEqual([]);
    const payment = await a.request('GET', `/api/v2/authentication/transactions/${seededA.paymentId}`);
    expect(payment.statusCode).toBe(200);
    expect(findNeedles(new Map([['reply', [{ body: payment.body }]]]), PERSONAL)).toEqual([]);
    expect(
      (await a.request('PUT', `/api/v2/onboarding/signups/${seededA.signupId}`, { address_line: 'x' }))
        .statusCode,
    ).toBe(400);
  });

  it('leaves the installation unknown, and a second erase succeeds', async () => {
    const signup = await a.request('POST', '/api/v2/onboarding/signups', {
      installation_id: SUBJECT.installationId,
    });
    expect(signup.statusCode).toBe(404);
    const exported = await exportOf(a, 'installations', SUBJECT.installationId);
    expect(exported).toMatchObject({
      installation: null,
      location_events: [],
      signups: [],
      transactions: [],
    });

    const again = await a.request('DELETE', `/api/v2/admin/installations/${SUBJECT.installationId}`);
    expect(again.statusCode).toBe(200);
    expect(again.json<ErasureSummary>()).toMatchObject({
      status: 'completed',
      deleted: {},
      scrubbed: {},
      previously_erased_at: expect.any(String),
    });
    const audit = await t.runtime.db
      .selectFrom('audit_log')
      .select(['subject_id', 'after'])
      .where('tenant_id', '=', a.tenant.tenant_id)
      .where('action', '=', 'installation_erased')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]?.subject_id).toMatch(/^hmac-sha256:/);
  });

  it('erases an account: its payments, links and feedback, not the other tenant', async () => {
    const otherTenantBefore = await ownRowsOf(b.tenant.tenant_id);
    const reply = await a.request('DELETE', `/api/v2/admin/accounts/${BYSTANDER.accountId}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.json<ErasureSummary>().scrubbed).toMatchObject({ transactions: 1 });
    const rows = await rowsOf(a.tenant.tenant_id);
    expect(findNeedles(rows, { texts: [BYSTANDER.accountId], coordinates: [] })).toEqual([]);
    // The device stays: only the account was erased.
    expect(rows.get('installations')?.map((r) => r.installation_id)).toContain(BYSTANDER.installationId);
    expect(await ownRowsOf(b.tenant.tenant_id)).toEqual(otherTenantBefore);
    expect(seededB.paymentId).not.toBe(seededA.paymentId);
  });

  it('is documented in the OpenAPI document', () => {
    const paths = t.api.swagger().paths ?? {};
    for (const path of [
      '/api/v2/admin/installations/{installation_id}',
      '/api/v2/admin/accounts/{account_id}',
    ])
      expect(Object.keys(paths[path] ?? {}), path).toContain('delete');
    for (const path of [
      '/api/v2/admin/installations/{installation_id}/export',
      '/api/v2/admin/accounts/{account_id}/export',
    ])
      expect(Object.keys(paths[path] ?? {}), path).toContain('get');
  });

  it('is admin-scoped', async () => {
    const { client_id, client_secret } = await t.runtime.createTenant('no admin', ['onboarding']);
    const narrow = tenantClient(t, { ...t.tenant, client_id, client_secret });
    expect((await narrow.request('DELETE', `/api/v2/admin/accounts/${SUBJECT.accountId}`)).statusCode).toBe(
      403,
    );
    expect(
      (await narrow.request('GET', `/api/v2/admin/accounts/${SUBJECT.accountId}/export`)).statusCode,
    ).toBe(403);
  });
});

async function exportOf(
  c: TenantClient,
  kind: 'installations' | 'accounts',
  id: string,
): Promise<SubjectExport> {
  const reply = await c.request('GET', `/api/v2/admin/${kind}/${id}/export`);
  expect(reply.statusCode).toBe(200);
  return reply.json<SubjectExport>();
}
