// Working the queue on both engines: order by last assessment change, client feedback shown and
// filterable, keyset pages on the new order, bulk assign/close under the single-case rules, saved filters.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRepos } from '../../../lib/db/repositories/index';
import { TEST_ENGINES } from '../engines';
import { startTestApi, type TestApi } from '../test-api';
import { signInConsoleUsers, type ConsoleUsers } from './console-users';

const HOUR = 3_600_000;
type Item = { id: string; client_feedback: string[]; review_status: string };
type Page = { items: Item[]; total: number; next_cursor: string | null };

const EVIDENCE = {
  location_events_quantity: 3,
  device_fraud_reputation: 'unknown',
  device_behavior_reputation: 'unknown',
  accessed_accounts: 1,
  app_reinstallations: 0,
  different_declared_addresses: 1,
} as const;

/** A high-risk signup written straight through the repository. */
async function highRiskSignup(t: TestApi, createdAt: number, updatedAt: number): Promise<string> {
  const id = randomUUID();
  await makeRepos(t.runtime.db).signups.insert({
    id,
    tenantId: t.tenant.tenant_id,
    installationId: `inst-${id}`,
    deviceId: null,
    requestId: randomUUID(),
    declaredAddress: { address_line: 'Rua Augusta 100, São Paulo' },
    declared: null,
    riskAssessment: 'high_risk',
    reasons: [{ code: 'address_verification', source: 'local' }],
    evidence: EVIDENCE,
    createdAt,
    updatedAt,
    reassessUntil: createdAt + 48 * HOUR,
  });
  return id;
}

describe.each(TEST_ENGINES)('console work queue on %s', (engine) => {
  let t: TestApi;
  let users: ConsoleUsers;
  const ids = { early: '', lateChange: '', recent: '' };

  const signup = (createdAt: number, updatedAt: number) => highRiskSignup(t, createdAt, updatedAt);
  const queue = async (query: string, role: 'analyst' | 'manager' = 'analyst') =>
    (await users.call('GET', `/api/console/v1/signups?${query}`, role)).json<Page>();

  beforeAll(async () => {
    t = await startTestApi(engine);
    users = await signInConsoleUsers(t, `queue.${engine}.test`);
    const now = t.clock.now();
    ids.early = await signup(now - 5 * HOUR, now - 5 * HOUR);
    // Created ten days ago, turned high risk an hour ago: it must not be buried under its creation day.
    ids.lateChange = await signup(now - 240 * HOUR, now - HOUR);
    ids.recent = await signup(now - 3 * HOUR, now - 3 * HOUR);
    const feedback = await t.request('POST', '/api/v2/feedbacks', {
      event: 'identity_fraud',
      signup_id: ids.early,
    });
    expect(feedback.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('orders by the last assessment change by default and pages on it without repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await queue(`limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([ids.lateChange, ids.recent, ids.early]);
    expect((await queue('order=newest')).items.map((i) => i.id)).toEqual([
      ids.recent,
      ids.early,
      ids.lateChange,
    ]);
  });

  it('shows the client feedback of each case and filters cases with and without it', async () => {
    const all = await queue('');
    expect(all.items.find((i) => i.id === ids.early)?.client_feedback).toEqual(['identity_fraud']);
    expect(all.items.find((i) => i.id === ids.recent)?.client_feedback).toEqual([]);
    const none = await queue('feedback=none');
    expect(none.total).toBe(2);
    expect(none.items.map((i) => i.id)).not.toContain(ids.early);
    expect((await queue('feedback=received')).items.map((i) => i.id)).toEqual([ids.early]);
  });

  it('assigns and closes in bulk (managers only), case by case, each audited', async () => {
    const refused = await users.call('POST', '/api/console/v1/signups/bulk', 'analyst', {
      action: 'close',
      ids: [ids.early],
      comment: 'client confirmed',
    });
    expect(refused.statusCode).toBe(403);
    const assigned = await users.call('POST', '/api/console/v1/signups/bulk', 'manager', {
      action: 'assign',
      ids: [ids.recent, ids.lateChange],
      user_id: users.ids.analyst,
    });
    expect(assigned.json()).toEqual({
      results: [
        { id: ids.recent, ok: true, error: null },
        { id: ids.lateChange, ok: true, error: null },
      ],
    });
    expect((await queue('assigned=me')).total).toBe(2);

    const closed = await users.call('POST', '/api/console/v1/signups/bulk', 'manager', {
      action: 'close',
      ids: [ids.early, 'no-such-case'],
      comment: 'the client already reported identity fraud',
    });
    expect(closed.json()).toEqual({
      results: [
        { id: ids.early, ok: true, error: null },
        { id: 'no-such-case', ok: false, error: 'not found' },
      ],
    });
    const row = await t.runtime.db
      .selectFrom('signups')
      .select(['review_status', 'review_outcome'])
      .where('id', '=', ids.early)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ review_status: 'closed', review_outcome: 'dismissed' });
    const audit = await t.runtime.db
      .selectFrom('audit_log')
      .select(['action', 'after', 'actor_user_id'])
      .where('subject_id', '=', ids.early)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'signup_closed', actor_user_id: users.ids.manager });
    expect(JSON.parse(audit[0]?.after ?? '{}').comment).toBe('the client already reported identity fraud');
    const again = await users.call('POST', '/api/console/v1/signups/bulk', 'manager', {
      action: 'close',
      ids: [ids.early],
      comment: 'twice',
    });
    expect(again.json().results[0]).toMatchObject({ ok: false, error: 'this case is already closed' });
  });

  it('keeps saved filters per user', async () => {
    const saved = await users.call('POST', '/api/console/v1/saved-filters', 'analyst', {
      kind: 'signups',
      name: 'No feedback yet',
      query: { feedback: 'none', risk: 'high_risk' },
    });
    expect(saved.statusCode).toBe(200);
    const id = saved.json<{ id: string }>().id;
    const mine = await users.call('GET', '/api/console/v1/saved-filters?kind=signups', 'analyst');
    expect(mine.json()).toMatchObject({
      items: [{ id, name: 'No feedback yet', query: { feedback: 'none' } }],
    });
    const theirs = await users.call('GET', '/api/console/v1/saved-filters?kind=signups', 'manager');
    expect(theirs.json()).toEqual({ items: [] });
    expect((await users.call('DELETE', `/api/console/v1/saved-filters/${id}`, 'manager')).statusCode).toBe(
      404,
    );
    expect((await users.call('DELETE', `/api/console/v1/saved-filters/${id}`, 'analyst')).statusCode).toBe(
      200,
    );
    const bad = await users.call('POST', '/api/console/v1/saved-filters', 'analyst', {
      kind: 'signups',
      name: '',
      query: {},
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe.each(TEST_ENGINES)('console SLA clock on %s', (engine) => {
  let t: TestApi;
  let users: ConsoleUsers;

  beforeAll(async () => {
    t = await startTestApi(engine);
    users = await signInConsoleUsers(t, `sla.${engine}.test`);
  });
  afterAll(() => t.close());

  it('runs a case’s wait from when it became high risk, not from its creation', async () => {
    const now = t.clock.now();
    const repos = makeRepos(t.runtime.db);
    const signup = (createdAt: number) => highRiskSignup(t, createdAt, now - HOUR / 2);
    const assessed = (signupId: string, riskAssessment: 'low_risk' | 'high_risk', at: number) =>
      repos.signups.insertAssessment({
        id: randomUUID(),
        tenantId: t.tenant.tenant_id,
        signupId,
        riskAssessment,
        reasons: [],
        evidence: { ...EVIDENCE, location_events_quantity: at },
        trigger: 'location_events',
        assessedAt: at,
      });
    // Created ten days ago at low risk, high since two hours ago, reassessed high again half an hour ago.
    const turned = await signup(now - 240 * HOUR);
    await assessed(turned, 'low_risk', now - 240 * HOUR);
    await assessed(turned, 'high_risk', now - 2 * HOUR);
    await assessed(turned, 'high_risk', now - HOUR / 2);
    // High from its first assessment: its wait runs from its creation.
    const always = await signup(now - 30 * HOUR);
    await assessed(always, 'high_risk', now - 30 * HOUR);

    const page = (await users.call('GET', '/api/console/v1/signups?limit=50', 'analyst')).json<{
      items: { id: string; flagged_at: number; created_at: number }[];
    }>();
    const flagged = new Map(page.items.map((i) => [i.id, i.flagged_at]));
    expect(flagged.get(turned)).toBe(now - 2 * HOUR);
    expect(flagged.get(always)).toBe(now - 30 * HOUR);
    const detail = (await users.call('GET', `/api/console/v1/signups/${turned}`, 'analyst')).json<{
      signup: { flagged_at: number };
    }>();
    expect(detail.signup.flagged_at).toBe(now - 2 * HOUR);
  });
});
