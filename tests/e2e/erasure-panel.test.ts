// An admin erases an end user from the settings page; the API erases it and audits the admin's action.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, signIn, watchProblems } from './support/browser';
import { startE2eEnvironment, type E2eEnvironment } from './support/e2e-environment';

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

describe('erasure from the console', () => {
  it('erases an installation after the id is typed twice, and audits who did it', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 950 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signIn(page, env.consoleUrl, env.users.admin.email, env.users.admin.password);
    await page.goto(`${env.consoleUrl}/settings`);
    const panel = page.getByTestId('erasure-panel');
    const erase = panel.getByRole('button', { name: 'Erase' });
    await panel.locator('input[name=subject_id]').fill('inst-home');
    await panel.locator('input[name=confirmation]').fill('inst-hom');
    expect(await erase.isDisabled()).toBe(true);
    await panel.locator('input[name=confirmation]').fill('inst-home');
    await erase.click();
    const result = page.getByTestId('erasure-result');
    await result.waitFor();
    expect(await result.textContent()).toMatch(/Erased installation inst-home: 40 location events/);
    await screenshot(page, 'settings-erasure');
    expect(problems).toEqual([]);
    await context.close();

    const db = env.runtime.db;
    const left = await db
      .selectFrom('installations')
      .select('installation_id')
      .where('tenant_id', '=', env.tenantA.tenant_id)
      .execute();
    expect(left.map((r) => r.installation_id)).not.toContain('inst-home');
    expect(left.map((r) => r.installation_id)).toContain('inst-remote');
    const admin = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', env.users.admin.email)
      .executeTakeFirstOrThrow();
    const audit = await db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'subject_id'])
      .where('action', '=', 'installation_erased')
      .execute();
    expect(audit).toEqual([{ actor_user_id: admin.id, subject_id: expect.stringMatching(/^hmac-sha256:/) }]);
  });
});
