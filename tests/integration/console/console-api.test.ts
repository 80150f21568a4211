// The console API on both engines: sign-in, role guard, tenant scoping, queue filters and keyset pages,
// claim/decision as feedback with an audit trail, overview aggregates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUsersStore } from '../../../lib/db/console/users-store';
import { TEST_ENGINES } from '../engines';
import { startTestApi, type TestApi } from '../test-api';
import { signInConsoleUsers, type ConsoleUsers } from './console-users';
import { seedSignups } from './seed-signups';

describe.each(TEST_ENGINES)('console API on %s', (engine) => {
  let t: TestApi;
  let call: ConsoleUsers['call'];
  let otherTenantSignup = '';

  beforeAll(async () => {
    t = await startTestApi(engine);
    const users = makeUsersStore(t.runtime.db);
    const other = await t.runtime.createTenant('other');
    const now = t.clock.now();
    call = (await signInConsoleUsers(t, `${engine}.test`)).call;
    await users.create({ tenantId: other.tenant_id, email: `b@${engine}.test`, role: 'analyst', now });
    await seedSignups(t.runtime.db, t.tenant.tenant_id, 10_000, now - 20_000_000);
    await seedSignups(t.runtime.db, other.tenant_id, 3, now);
    const row = await t.runtime.db
      .selectFrom('signups')
      .select('id')
      .where('tenant_id', '=', other.tenant_id)
      .executeTakeFirstOrThrow();
    otherTenantSignup = row.id;
  });
  afterAll(() => t.close());

  it('refuses wrong passwords, missing tokens and API client tokens', async () => {
    const wrong = await t.api.inject({
      method: 'POST',
      url: '/api/console/v1/session',
      payload: { email: `analyst@${engine}.test`, password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect((await t.api.inject({ method: 'GET', url: '/api/console/v1/signups' })).statusCode).toBe(401);
    const clientToken = await t.api.inject({
      method: 'GET',
      url: '/api/console/v1/signups',
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(clientToken.statusCode).toBe(401);
  });

  it('gates routes by role', async () => {
    expect((await call('GET', '/api/console/v1/overview', 'analyst')).statusCode).toBe(403);
    expect((await call('GET', '/api/console/v1/overview', 'manager')).statusCode).toBe(200);
    expect((await call('GET', '/api/console/v1/settings', 'manager')).statusCode).toBe(403);
    expect((await call('GET', '/api/console/v1/settings', 'admin')).statusCode).toBe(200);
  });

  it('pages through 10,000 signups with filters in SQL, without repeats', async () => {
    const first = await call(
      'GET',
      '/api/console/v1/signups?risk=high_risk,unknown_risk&order=oldest&limit=50',
      'analyst',
    );
    const page1 = first.json<{
      items: { id: string; risk_assessment: string }[];
      total: number;
      next_cursor: string;
    }>();
    expect(page1.total).toBe(6667);
    expect(page1.items).toHaveLength(50);
    expect(page1.items.every((s) => s.risk_assessment !== 'low_risk')).toBe(true);
    const second = await call(
      'GET',
      `/api/console/v1/signups?risk=high_risk,unknown_risk&order=oldest&limit=50&cursor=${page1.next_cursor}`,
      'analyst',
    );
    const page2 = second.json<{ items: { id: string }[] }>();
    const ids = new Set(page1.items.map((s) => s.id));
    expect(page2.items.some((s) => ids.has(s.id))).toBe(false);
    const byReason = await call(
      'GET',
      '/api/console/v1/signups?reason=address_verification&limit=1',
      'analyst',
    );
    expect(byReason.json<{ total: number }>().total).toBe(3334);
    const search = await call(
      'GET',
      '/api/console/v1/signups?q=bulk-42&risk=low_risk,high_risk,unknown_risk',
      'analyst',
    );
    expect(search.json<{ total: number }>().total).toBe(1);
  });

  it('answers 404 for another tenant’s signup', async () => {
    expect((await call('GET', `/api/console/v1/signups/${otherTenantSignup}`, 'analyst')).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', `/api/console/v1/signups/${otherTenantSignup}/claim`, 'analyst', {})).statusCode,
    ).toBe(404);
  });

  it('claims the next case, decides it as feedback and audits both', async () => {
    const next = await call('POST', '/api/console/v1/signups/next', 'analyst', {});
    const id = next.json<{ id: string }>().id;
    expect(id).toBeTruthy();
    expect((await call('POST', `/api/console/v1/signups/${id}/claim`, 'manager', {})).statusCode).toBe(409);
    const missingComment = await call('POST', `/api/console/v1/signups/${id}/decision`, 'analyst', {
      verdict: 'fraud',
      event: 'identity_fraud',
      comment: '',
    });
    expect(missingComment.statusCode).toBe(400);
    const decided = await call('POST', `/api/console/v1/signups/${id}/decision`, 'analyst', {
      verdict: 'fraud',
      event: 'identity_fraud',
      comment: 'far from home',
    });
    expect(decided.statusCode).toBe(200);
    const feedback = await t.runtime.db
      .selectFrom('feedbacks')
      .selectAll()
      .where('signup_id', '=', id)
      .execute();
    expect(feedback).toMatchObject([
      { event: 'identity_fraud', origin: 'console', comment: 'far from home' },
    ]);
    const detail = await call('GET', `/api/console/v1/signups/${id}`, 'analyst');
    const body = detail.json<{ signup: { review_status: string }; audit: { action: string }[] }>();
    expect(body.signup.review_status).toBe('closed');
    expect(body.audit.map((a) => a.action).sort()).toEqual(['signup_claimed', 'signup_decided']);
    expect(
      (
        await call('POST', `/api/console/v1/signups/${id}/decision`, 'analyst', {
          verdict: 'legit',
          event: 'signup_accepted',
          comment: 'again',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('aggregates the overview per day', async () => {
    const overview = await call('GET', '/api/console/v1/overview', 'manager');
    const body = overview.json<{
      signups_by_day: { high_risk: number; low_risk: number; unknown_risk: number }[];
      review_outcomes: unknown[];
    }>();
    const total = body.signups_by_day.reduce((n, d) => n + d.high_risk + d.low_risk + d.unknown_risk, 0);
    expect(total).toBe(10_000);
    expect(body.review_outcomes).toEqual([{ kind: 'signup', outcome: 'fraud', count: 1 }]);
  });

  it('changes a user role, and refuses an empty patch with a 400 that changes nothing', async () => {
    const mine = await makeUsersStore(t.runtime.db).create({
      tenantId: t.tenant.tenant_id,
      email: `patched@${engine}.test`,
      role: 'analyst',
      now: t.clock.now(),
    });
    const empty = await call('PATCH', `/api/console/v1/users/${mine.user.id}`, 'admin', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toHaveLength(1);
    const changed = await call('PATCH', `/api/console/v1/users/${mine.user.id}`, 'admin', {
      role: 'manager',
    });
    expect(changed.statusCode).toBe(200);
    expect((await makeUsersStore(t.runtime.db).findByEmail(`patched@${engine}.test`))?.role).toBe('manager');
  });
});
