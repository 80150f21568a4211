// Playwright journeys through the analyst console against the real API and a production build.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSignups } from '../integration/console/seed-signups';
import { launchBrowser, screenshot, signIn, watchProblems } from './support/browser';
import { startE2eEnvironment, type E2eEnvironment, type SeededUser } from './support/e2e-environment';

let env: E2eEnvironment;
let browser: Browser;

beforeAll(async () => {
  env = await startE2eEnvironment();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

async function session(
  user: SeededUser,
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 950 } });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await signIn(page, env.consoleUrl, user.email, user.password);
  return { context, page, problems };
}

const navLabels = (page: Page) => page.locator('nav[aria-label=Main] a').allTextContents();

describe('console', () => {
  it('signs in each role and shows the screens that role may use', async () => {
    const expected = {
      analyst: ['Signup queue', 'Payment review'],
      manager: ['Signup queue', 'Payment review', 'Overview'],
      admin: ['Signup queue', 'Payment review', 'Overview', 'Audit log', 'Settings'],
    } as const;
    for (const role of ['analyst', 'manager', 'admin'] as const) {
      const { context, page, problems } = await session(env.users[role]);
      expect(await navLabels(page)).toEqual(expected[role]);
      await expect(page.getByTestId('signed-in-as').textContent()).resolves.toContain(role);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('refuses a role a screen it may not use', async () => {
    const { context, page } = await session(env.users.analyst);
    for (const path of ['/overview', '/settings']) {
      const response = await page.goto(`${env.consoleUrl}${path}`);
      expect(response?.status()).toBe(403);
      await page.getByTestId('forbidden').waitFor();
    }
    await screenshot(page, 'forbidden');
    await context.close();
  });

  it('works a case from the queue to a decision that reaches the API as feedback', async () => {
    const { context, page, problems } = await session(env.users.analyst);
    await page.goto(`${env.consoleUrl}/signups`);
    await page.getByTestId('queue-table').waitFor();
    await screenshot(page, 'signup-queue');
    const queued = await page
      .getByTestId('queue-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-case-id')));
    expect(queued).toContain(env.signups.remote);
    expect(queued).not.toContain(env.signups.home); // low risk is not flagged

    await Promise.all([page.waitForURL(/\/signups\/[0-9a-f-]+$/), page.getByTestId('next-case').click()]);
    const caseId = page.url().split('/').pop() ?? '';
    await expect(page.getByTestId('case-assignment').textContent()).resolves.toContain(
      env.users.analyst.email,
    );

    await page.getByTestId('verdict-fraud').click();
    await page.selectOption('select[name=event]', 'identity_fraud');
    const submit = page.getByRole('button', { name: 'Record decision' });
    expect(await submit.isDisabled()).toBe(true); // the comment is mandatory
    await page.fill(
      'textarea[name=comment]',
      'Device never near the declared address; 30 km away for two days.',
    );
    await submit.click();
    await page.getByTestId('decision-done').waitFor();
    await page.getByTestId('review-status').filter({ hasText: 'fraud' }).waitFor();

    const feedback = await env.runtime.db
      .selectFrom('feedbacks')
      .selectAll()
      .where('tenant_id', '=', env.tenantA.tenant_id)
      .where('signup_id', '=', caseId)
      .execute();
    expect(feedback).toHaveLength(1);
    expect(feedback[0]).toMatchObject({
      event: 'identity_fraud',
      origin: 'console',
      author: env.users.analyst.email,
    });
    const signup = await env.runtime.db
      .selectFrom('signups')
      .select(['review_status'])
      .where('id', '=', caseId)
      .executeTakeFirstOrThrow();
    expect(signup.review_status).toBe('closed');
    await page.getByTestId('audit-list').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows a signup on the map with the declared address, rings and its webhook attempts', async () => {
    const { context, page, problems } = await session(env.users.analyst);
    await page.goto(`${env.consoleUrl}/signups/${env.signups.remote}`);
    const map = page.locator('[data-testid=evidence-map][data-map-status=ready]');
    await map.waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-testid=evidence-map] canvas').count()).toBeGreaterThan(0);
    await page.getByTestId('declared-address-marker').waitFor();
    const ringPx = ((await map.getAttribute('data-ring-px')) ?? '').split(',').map(Number);
    expect(ringPx).toHaveLength(3);
    for (const px of ringPx) expect(px).toBeGreaterThan(8);
    expect(await page.getByTestId('map-ring').count()).toBe(3);
    await expect(page.getByTestId('map-line-last').textContent()).resolves.toMatch(/km/);
    const attempts = page.getByTestId('webhook-attempt');
    expect(await attempts.count()).toBe(2);
    await expect(attempts.nth(0).textContent()).resolves.toContain('HTTP 500');
    await expect(attempts.nth(1).textContent()).resolves.toContain('HTTP 200');
    await screenshot(page, 'signup-detail');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the payment step-up queue and a payment with its chargeback rings', async () => {
    const { context, page, problems } = await session(env.users.analyst);
    await page.goto(`${env.consoleUrl}/payments?risk=all`);
    await page.getByTestId('queue-table').waitFor();
    await screenshot(page, 'payment-queue');
    await page.goto(`${env.consoleUrl}/payments/${env.payment}`);
    await page.locator('[data-testid=evidence-map][data-map-status=ready]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('map-ring').count()).toBe(3);
    await page.getByTestId('payment-addresses').waitFor();
    await screenshot(page, 'payment-detail');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the manager overview and the admin settings', async () => {
    const manager = await session(env.users.manager);
    await manager.page.goto(`${env.consoleUrl}/overview`);
    await manager.page.getByTestId('overview-totals').waitFor();
    await manager.page.locator('.recharts-surface').first().waitFor();
    await screenshot(manager.page, 'overview');
    expect(manager.problems).toEqual([]);
    await manager.context.close();

    const admin = await session(env.users.admin);
    await admin.page.goto(`${env.consoleUrl}/settings`);
    await admin.page.getByTestId('credentials').waitFor();
    await admin.page.getByRole('button', { name: 'Create credential' }).click();
    await admin.page.getByTestId('new-secret').waitFor();
    await admin.page.getByTestId('webhook-panel').waitFor();
    await screenshot(admin.page, 'settings');
    expect(admin.problems).toEqual([]);
    await admin.context.close();
  });

  it('keeps tenant B’s signup away from tenant A’s analyst', async () => {
    const { context, page } = await session(env.users.analyst);
    const response = await page.goto(`${env.consoleUrl}/signups/${env.signups.otherTenant}`);
    expect(response?.status()).toBe(404);
    await page.getByTestId('not-found').waitFor();
    await page.goto(`${env.consoleUrl}/signups?q=${env.signups.otherTenant}&risk=all&status=all`);
    expect(await page.getByTestId('queue-row').count()).toBe(0);
    await context.close();
  });

  it('refuses unauthenticated page and server-action requests', async () => {
    const page = await fetch(`${env.consoleUrl}/signups`, { redirect: 'manual' });
    expect([302, 303, 307]).toContain(page.status);
    expect(page.headers.get('location')).toContain('/sign-in');

    // Capture a real server action (claiming a case) from a signed-in browser, then replay it without the cookie.
    const { context, page: browserPage } = await session(env.users.analyst);
    await browserPage.goto(`${env.consoleUrl}/signups/${env.signups.noData}`);
    const action = new Promise<Request>((resolve) =>
      browserPage.on('request', (r) => {
        if (r.method() === 'POST' && r.headers()['next-action']) resolve(r);
      }),
    );
    await env.runtime.db
      .updateTable('signups')
      .set({ review_status: 'open', assigned_to: null })
      .where('id', '=', env.signups.noData)
      .execute();
    await browserPage.getByTestId('case-assignment').getByRole('button', { name: 'Claim' }).click();
    const captured = await action;
    await captured.response(); // let the signed-in claim finish before undoing it
    await env.runtime.db
      .updateTable('signups')
      .set({ review_status: 'open', assigned_to: null })
      .where('id', '=', env.signups.noData)
      .execute();
    const headers = { ...captured.headers() };
    delete headers.cookie;
    const replay = await fetch(captured.url(), { method: 'POST', headers, body: captured.postData() ?? '' });
    expect(await replay.text()).toContain('unauthenticated');
    const after = await env.runtime.db
      .selectFrom('signups')
      .select(['assigned_to'])
      .where('id', '=', env.signups.noData)
      .executeTakeFirstOrThrow();
    expect(after.assigned_to).toBeNull();
    await context.close();
  });

  // Last: it adds 10,000 signups to tenant A.
  it('paginates a queue of 10,000 signups on the server', async () => {
    await seedSignups(env.runtime.db, env.tenantA.tenant_id, 10_000, Date.now() - 30_000_000);
    const { context, page, problems } = await session(env.users.analyst);
    await page.goto(`${env.consoleUrl}/signups?status=all`);
    await expect(page.getByTestId('queue-total').textContent()).resolves.toMatch(
      /25 shown of 6,66\d matching/,
    );
    const firstPage = await page
      .getByTestId('queue-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-case-id')));
    await Promise.all([page.waitForURL(/cursor=/), page.getByTestId('next-page').click()]);
    await page.getByTestId('queue-table').waitFor();
    const secondPage = await page
      .getByTestId('queue-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-case-id')));
    expect(secondPage).toHaveLength(25);
    expect(secondPage.some((id) => firstPage.includes(id))).toBe(false);
    // Keyboard: j moves the selection, Enter opens the selected case.
    await page.keyboard.press('j');
    await Promise.all([page.waitForURL(/\/signups\/[0-9a-f-]+$/), page.keyboard.press('Enter')]);
    expect(page.url()).toContain(secondPage[1] ?? 'missing');
    await screenshot(page, 'signup-queue-10k');
    expect(problems).toEqual([]);
    await context.close();
  });
});
