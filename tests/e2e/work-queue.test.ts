// The signup queue as a work list (issue 12 item 3), in Chromium against the real API: score, age with
// its SLA band, last change and the client's feedback in every row; "no feedback yet" hides the cases the
// client already reported; saved filters are the user's own; a manager assigns and closes in bulk.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { launchBrowser, screenshot, signedInSession } from './support/browser';
import { startE2eEnvironment, type E2eEnvironment } from './support/e2e-environment';
import { apiClient, eventsAround, saoPauloMidnightDaysAgo } from './support/seed-through-api';

let env: E2eEnvironment;
let browser: Browser;
const reported: string[] = []; // flagged signups the client sent feedback about
const quiet: string[] = []; // flagged signups without client feedback

const HOME = { lat: -23.5614, lng: -46.6559, line: 'Avenida Paulista 1578, São Paulo, SP, BR' };
const FAR = { lat: -23.29, lng: -46.73 };

beforeAll(async () => {
  env = await startE2eEnvironment();
  browser = await launchBrowser();
  const client = await apiClient(env.apiUrl, env.tenantA);
  const start = saoPauloMidnightDaysAgo(2);
  for (let i = 0; i < 6; i++) {
    await client.ingest(`inst-queue-${i}`, eventsAround(FAR, start, 30));
    const signup = await client.signup(`inst-queue-${i}`, HOME);
    expect(signup.risk_assessment).toBe('high_risk');
    if (i % 2 === 0) {
      await client.feedback({ event: 'identity_fraud', signup_id: signup.id });
      reported.push(signup.id);
    } else quiet.push(signup.id);
  }
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

const rowIds = (page: Page) =>
  page.getByTestId('queue-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-case-id') ?? ''));

/** Flagged, undecided signups of tenant A with and without client feedback, counted in the database. */
async function flaggedInDatabase() {
  const rows = await env.runtime.db
    .selectFrom('signups')
    .select(['id', 'updated_at'])
    .where('tenant_id', '=', env.tenantA.tenant_id)
    .where('risk_assessment', 'in', ['high_risk', 'unknown_risk'])
    .where('review_status', 'in', ['open', 'in_review'])
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const feedback = await env.runtime.db
    .selectFrom('feedbacks')
    .select('signup_id')
    .where('tenant_id', '=', env.tenantA.tenant_id)
    .where('origin', '=', 'api')
    .execute();
  const withFeedback = new Set(feedback.map((f) => f.signup_id));
  return {
    ordered: rows.map((r) => r.id),
    withoutFeedback: rows.filter((r) => !withFeedback.has(r.id)).map((r) => r.id),
    withFeedback: rows.filter((r) => withFeedback.has(r.id)).map((r) => r.id),
  };
}

describe('work queue', () => {
  it('shows score, age with its SLA band, last change and the client feedback, newest change first', async () => {
    const { context, page, problems } = await signedInSession(browser, env.consoleUrl, env.users.analyst);
    await page.goto(`${env.consoleUrl}/signups`);
    await page.getByTestId('queue-table').waitFor();
    const expected = await flaggedInDatabase();
    expect(await rowIds(page)).toEqual(expected.ordered); // default order: last assessment change
    const headers = await page.locator('[data-testid=queue-table] thead th').allTextContents();
    for (const column of ['Risk', 'Age', 'Last change', 'Client feedback']) expect(headers).toContain(column);

    const firstReported = page.locator(`[data-case-id="${reported[0]}"]`);
    await expect(firstReported.getByTestId('queue-feedback').textContent()).resolves.toContain(
      'identity fraud',
    );
    await expect(firstReported.getByTestId('queue-score').textContent()).resolves.toMatch(/score \d+ %/);
    await expect(firstReported.getByTestId('queue-age').textContent()).resolves.toMatch(/on time/);
    await expect(
      page.locator(`[data-case-id="${quiet[0]}"]`).getByTestId('queue-feedback').textContent(),
    ).resolves.toBe('none yet');
    expect(await seriousAxeViolations(page, 'work-queue')).toEqual([]);
    await screenshot(page, 'work-queue');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('hides the cases with client feedback under "No feedback yet", and the filter is saved per user', async () => {
    const { context, page, problems } = await signedInSession(browser, env.consoleUrl, env.users.analyst);
    await page.goto(`${env.consoleUrl}/signups`);
    await page.getByTestId('queue-table').waitFor();
    await page.selectOption('select[name=feedback]', 'none');
    await Promise.all([
      page.waitForURL(/feedback=none/),
      page.getByTestId('queue-filters').getByRole('button', { name: 'Apply' }).click(),
    ]);
    await page.getByTestId('queue-table').waitFor();
    const shown = await rowIds(page);
    const expected = await flaggedInDatabase();
    expect(shown).toEqual(expected.withoutFeedback);
    for (const id of reported) expect(shown).not.toContain(id);
    for (const id of quiet) expect(shown).toContain(id);
    for (const cell of await page.getByTestId('queue-feedback').allTextContents())
      expect(cell).toBe('none yet');
    await expect(page.getByTestId('queue-total').textContent()).resolves.toContain(
      `${expected.withoutFeedback.length} shown of ${expected.withoutFeedback.length} matching`,
    );

    await page.getByLabel('Name of the filter to save').fill('Not reported yet');
    await page.getByRole('button', { name: 'Save filters' }).click();
    const savedLink = page.getByTestId('saved-filters').getByRole('link', { name: 'Not reported yet' });
    await savedLink.waitFor();
    await page.goto(`${env.consoleUrl}/signups`);
    await Promise.all([page.waitForURL(/feedback=none/), savedLink.click()]);
    expect(await rowIds(page)).toEqual(expected.withoutFeedback);
    await screenshot(page, 'work-queue-no-feedback');
    expect(problems).toEqual([]);
    await context.close();

    // Another user does not see it.
    const manager = await signedInSession(browser, env.consoleUrl, env.users.manager);
    await manager.page.goto(`${env.consoleUrl}/signups`);
    await manager.page.getByTestId('saved-filters').waitFor();
    expect(await manager.page.getByRole('link', { name: 'Not reported yet' }).count()).toBe(0);
    await manager.context.close();
  });

  it('lets a manager assign cases in bulk and close the reported ones with a comment', async () => {
    const { context, page, problems } = await signedInSession(browser, env.consoleUrl, env.users.manager);
    await page.goto(`${env.consoleUrl}/signups?feedback=received`);
    await page.getByTestId('queue-table').waitFor();
    expect((await rowIds(page)).sort()).toEqual([...reported].sort());
    const bar = page.getByTestId('bulk-bar');

    // Assign two quiet cases to the analyst.
    await page.goto(`${env.consoleUrl}/signups?feedback=none`);
    await page.getByTestId('queue-table').waitFor();
    for (const id of quiet.slice(0, 2))
      await page.locator(`[data-case-id="${id}"] input[type=checkbox]`).check();
    await expect(bar.locator('strong').textContent()).resolves.toBe('2 selected');
    const analyst = await env.runtime.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', env.users.analyst.email)
      .executeTakeFirstOrThrow();
    await bar.getByLabel('Assign to').selectOption(analyst.id);
    await bar.getByRole('button', { name: 'Assign' }).click();
    await bar.getByTestId('bulk-result').filter({ hasText: '2 of 2 done' }).waitFor();
    for (const id of quiet.slice(0, 2))
      await page.locator(`[data-case-id="${id}"]`).getByText(env.users.analyst.email).waitFor();

    // Close every reported case without a verdict, with a comment.
    await page.goto(`${env.consoleUrl}/signups?feedback=received`);
    await page.getByTestId('queue-table').waitFor();
    await page.getByLabel('Select every case on this page').check();
    await expect(bar.locator('strong').textContent()).resolves.toBe(`${reported.length} selected`);
    const close = bar.getByRole('button', { name: 'Close without verdict' });
    expect(await close.isDisabled()).toBe(true); // the comment is mandatory
    await bar.getByLabel('Comment for closing').fill('The client already reported these as identity fraud.');
    await close.click();
    await bar
      .getByTestId('bulk-result')
      .filter({ hasText: `${reported.length} of ${reported.length} done` })
      .waitFor();
    await page.getByText('No cases match these filters.').waitFor();

    const rows = await env.runtime.db
      .selectFrom('signups')
      .select(['id', 'review_status', 'assigned_to'])
      .where('id', 'in', [...reported, ...quiet])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of reported) expect(byId.get(id)?.review_status).toBe('closed');
    for (const id of quiet.slice(0, 2))
      expect(byId.get(id)).toMatchObject({ review_status: 'in_review', assigned_to: analyst.id });
    const audit = await env.runtime.db
      .selectFrom('audit_log')
      .select(['subject_id', 'after'])
      .where('action', '=', 'signup_closed')
      .execute();
    expect(audit.map((a) => a.subject_id).sort()).toEqual([...reported].sort());
    for (const a of audit) expect(a.after).toContain('The client already reported these');
    expect(await seriousAxeViolations(page, 'work-queue-bulk')).toEqual([]);
    await screenshot(page, 'work-queue-bulk-closed');
    expect(problems).toEqual([]);
    await context.close();
  });
});
