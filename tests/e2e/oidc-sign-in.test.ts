// OIDC sign-in (issue 12 item 8) against a real OpenID provider running locally (oidc-provider), not a
// stub: the console sends the person to the provider, the provider signs them in, the API verifies the
// ID token against the provider's keys and maps the e-mail to a console user, and the person lands on
// the queue. An identity without a console user comes back to the sign-in page with the reason.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { launchBrowser, screenshot, signedInSession, watchProblems } from './support/browser';
import { startE2eEnvironment, type E2eEnvironment } from './support/e2e-environment';
import { freePort } from './support/free-port';
import { startOidcIssuer, type OidcIssuer } from './support/oidc-issuer';

let env: E2eEnvironment;
let idp: OidcIssuer;
let browser: Browser;
/**
 * Where people open the console in this test. Next.js names its own origin `localhost` in route handlers
 * (the OIDC callback), so the redirect URI the console sends to the provider at sign-in (built from the
 * browser's Host) and the one it sends when redeeming the code must both be localhost to agree.
 */
let consoleOrigin = '';

beforeAll(async () => {
  const consolePort = await freePort();
  consoleOrigin = `http://localhost:${consolePort}`;
  idp = await startOidcIssuer(consoleOrigin);
  env = await startE2eEnvironment({
    consolePort,
    env: {
      AUTH_OIDC_ISSUER: idp.issuer,
      AUTH_OIDC_CLIENT_ID: idp.clientId,
      AUTH_OIDC_CLIENT_SECRET: idp.clientSecret,
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await env?.stop();
  await idp?.stop();
});

/** From the console's sign-in page through the provider's own login page, as `login`. */
async function signInThroughProvider(page: Page, login: string): Promise<void> {
  await page.goto(`${consoleOrigin}/sign-in`);
  await Promise.all([
    page.waitForURL((url) => url.origin === idp.issuer),
    page.getByRole('button', { name: 'Sign in with single sign-on' }).click(),
  ]);
  await page.fill('input[name=login]', login);
  await page.fill('input[name=password]', 'any password: the test provider accepts every login');
  await Promise.all([
    page.waitForURL((url) => url.origin === consoleOrigin),
    page.locator('button[type=submit]').click(),
  ]);
}

describe('OIDC sign-in', () => {
  it('signs an analyst in through the identity provider and lands on the queue', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signInThroughProvider(page, env.users.analyst.email);
    await page.waitForURL(`${consoleOrigin}/signups`);
    await page.getByTestId('queue-table').waitFor();
    await expect(page.getByTestId('signed-in-as').textContent()).resolves.toContain(
      `${env.users.analyst.email} · analyst`,
    );
    const signIns = await env.runtime.db
      .selectFrom('audit_log')
      .innerJoin('users', 'users.id', 'audit_log.actor_user_id')
      .select(['users.email', 'audit_log.after'])
      .where('audit_log.action', '=', 'user_signed_in')
      .execute();
    expect(signIns).toContainEqual({
      email: env.users.analyst.email,
      after: JSON.stringify({ method: 'oidc' }),
    });
    await screenshot(page, 'oidc-landed-on-queue');
    // The provider's own pages (not ours) may log errors of their own, e.g. a web font they cannot fetch.
    expect(problems.filter((p) => p.includes(consoleOrigin))).toEqual([]);
    await context.close();
  });

  it('sends an identity without a console user back to sign-in with the reason, naming the e-mail', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInThroughProvider(page, 'stranger@a.example');
    await page.waitForURL((url) => url.pathname === '/sign-in');
    const alert = page.locator('form p.error[role=alert]');
    await expect(alert.textContent()).resolves.toContain('stranger@a.example');
    await expect(alert.textContent()).resolves.toContain('Ask an admin to add it');
    const cookies = await context.cookies(consoleOrigin);
    expect(cookies.some((c) => c.name.includes('session-token'))).toBe(false);
    expect(await seriousAxeViolations(page, 'oidc-refused')).toEqual([]);
    await screenshot(page, 'oidc-unknown-user');
    await context.close();
  });

  it('shows an admin that single sign-on works, with its issuer', async () => {
    const { context, page, problems } = await signedInSession(browser, env.consoleUrl, env.users.admin);
    await page.goto(`${env.consoleUrl}/settings#sso`);
    await page.getByTestId('sso-ok').waitFor();
    await expect(page.getByTestId('sso-status').textContent()).resolves.toContain(idp.issuer);
    expect(await seriousAxeViolations(page, 'settings-sso')).toEqual([]);
    await screenshot(page, 'settings-sso');
    expect(problems).toEqual([]);
    await context.close();
  });
});
