// Every person can use the console (issue 12 item 7): every screen at a phone's 390 px without sideways
// scrolling, with sign-out and (on cases) the map and the decision in reach; zero serious or critical
// axe-core violations on every screen at both widths; decisions by keyboard with focus that follows the
// work; and a webhook receiver on this machine refused with a styled message naming the way out.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import {
  decisionFormHydrated,
  DESKTOP,
  launchBrowser,
  PHONE,
  screenshot,
  signedInSession,
} from './support/browser';
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

/** Every screen of the console, with what must have drawn before it is judged. */
function screens(): { name: string; path: string; ready: string }[] {
  return [
    { name: 'signup-queue', path: '/signups', ready: '[data-testid=queue-table]' },
    { name: 'signup-detail', path: `/signups/${env.signups.remote}`, ready: '[data-map-status=ready]' },
    { name: 'payment-queue', path: '/payments?risk=all', ready: '[data-testid=queue-table]' },
    { name: 'payment-detail', path: `/payments/${env.payment}`, ready: '[data-map-status=ready]' },
    { name: 'device', path: '/devices/inst-remote', ready: 'h1' },
    { name: 'account', path: '/accounts/acct-remote', ready: 'h1' },
    { name: 'search', path: '/search?q=acct-remote', ready: 'h1' },
    { name: 'overview', path: '/overview', ready: '.recharts-surface' },
    { name: 'audit', path: '/audit', ready: '[data-testid=audit-log]' },
    { name: 'settings', path: '/settings', ready: '[data-testid=webhook-panel]' },
    { name: 'not-found', path: `/signups/${env.signups.otherTenant}`, ready: '[data-testid=not-found]' },
  ];
}

/** How far the page scrolls sideways (0 when everything fits the viewport's width). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** True when the element is drawn and lies within the viewport's width. */
async function withinWidth(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.width > 0 && box.x >= 0 && box.x + box.width <= width + 0.5;
}

describe('every person', () => {
  it('fits every screen into 390 px: no sideways scroll, sign-out visible, zero serious axe findings', async () => {
    const { context, page, problems } = await signedInSession(
      browser,
      env.consoleUrl,
      env.users.admin,
      PHONE,
    );
    const measured: string[] = [];
    for (const screen of screens()) {
      await page.goto(`${env.consoleUrl}${screen.path}`);
      await page.locator(screen.ready).first().waitFor({ timeout: 30_000 });
      expect([screen.name, await sidewaysOverflow(page)]).toEqual([screen.name, 0]);
      expect([screen.name, await withinWidth(page, 'button:has-text("Sign out")')]).toEqual([
        screen.name,
        true,
      ]);
      expect(await seriousAxeViolations(page, `phone-${screen.name}`)).toEqual([]);
      await screenshot(page, `phone-${screen.name}`);
      if (screen.name.endsWith('-detail')) {
        await screenshot(page, `phone-${screen.name}-first-screen`, { fullPage: false });
        expect([screen.name, await withinWidth(page, '[data-testid=evidence-map] canvas')]).toEqual([
          screen.name,
          true,
        ]);
        const decisionTop = (await page.locator('#decision').boundingBox())?.y ?? Infinity;
        measured.push(`${screen.name}: decision starts ${Math.round(decisionTop)} px down`);
        // Near the top: within the first screen and a half of a phone, not 1,500 px down.
        expect(decisionTop).toBeLessThan(PHONE.height * 1.5);
        // And one tap away from the first screen: the "Decision" button stays at its bottom.
        const jump = page.getByTestId('decide-jump');
        const jumpBox = await jump.boundingBox();
        expect([screen.name, jumpBox !== null && jumpBox.y + jumpBox.height <= PHONE.height]).toEqual([
          screen.name,
          true,
        ]);
        expect([screen.name, await withinWidth(page, '[data-testid=decide-jump]')]).toEqual([
          screen.name,
          true,
        ]);
        await jump.click();
        await page.waitForFunction(() => {
          const top = document.getElementById('decision')?.getBoundingClientRect().top;
          return top !== undefined && top >= 0 && top < window.innerHeight / 2;
        });
      }
    }
    console.log(`390 px: ${measured.join('; ')}`);
    expect(problems.filter((p) => !p.includes(env.signups.otherTenant))).toEqual([]);
    await context.close();

    const signIn = await (await browser.newContext({ viewport: PHONE })).newPage();
    await signIn.goto(`${env.consoleUrl}/sign-in`);
    expect(await sidewaysOverflow(signIn)).toBe(0);
    expect(await seriousAxeViolations(signIn, 'phone-sign-in')).toEqual([]);
    await screenshot(signIn, 'phone-sign-in');
    await signIn.context().close();
  });

  it('has zero serious or critical axe findings on every screen at desktop width, for every role', async () => {
    const admin = await signedInSession(browser, env.consoleUrl, env.users.admin, DESKTOP);
    for (const screen of screens()) {
      await admin.page.goto(`${env.consoleUrl}${screen.path}`);
      await admin.page.locator(screen.ready).first().waitFor({ timeout: 30_000 });
      expect(await seriousAxeViolations(admin.page, `desktop-${screen.name}`)).toEqual([]);
    }
    // The not-found screen's 404 is the one expected failed request.
    expect(admin.problems.filter((p) => !p.includes(env.signups.otherTenant))).toEqual([]);
    await admin.context.close();

    const analyst = await signedInSession(browser, env.consoleUrl, env.users.analyst, DESKTOP);
    await analyst.page.goto(`${env.consoleUrl}/overview`);
    await analyst.page.getByTestId('forbidden').waitFor();
    expect(await seriousAxeViolations(analyst.page, 'desktop-forbidden')).toEqual([]);
    await analyst.context.close();

    const signIn = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await signIn.goto(`${env.consoleUrl}/sign-in`);
    expect(await seriousAxeViolations(signIn, 'desktop-sign-in')).toEqual([]);
    await signIn.context().close();
  });

  it('decides a case by keyboard; focus moves to the comment, then to the next case, which opens ready to decide', async () => {
    const { context, page, problems } = await signedInSession(
      browser,
      env.consoleUrl,
      env.users.analyst,
      DESKTOP,
    );
    await page.goto(`${env.consoleUrl}/signups/${env.signups.remote}`);
    // Keys pressed before hydration would land on the server-rendered page without its focus handling.
    await decisionFormHydrated(page);
    // The skip link is the first stop of the keyboard and lands on the first verdict: two keys, not 11 Tabs.
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Skip to the decision');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toMatch(/^verdict-/);

    await page.keyboard.press('f');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('comment');
    await page.keyboard.type('Thirty kilometres from the address for two days.');
    await page.keyboard.press('Control+Enter');
    await page.getByTestId('decision-done').waitFor();
    const feedback = await env.runtime.db
      .selectFrom('feedbacks')
      .select(['event', 'origin', 'author'])
      .where('signup_id', '=', env.signups.remote)
      .where('origin', '=', 'console')
      .execute();
    expect(feedback).toEqual([
      { event: 'identity_fraud', origin: 'console', author: env.users.analyst.email },
    ]);
    // Focus moved on to the next case.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('next-case-after-decision');
    await Promise.all([
      page.waitForURL(
        (url) => /\/signups\/[0-9a-f-]+/.test(url.pathname) && !url.pathname.endsWith(env.signups.remote),
      ),
      page.keyboard.press('n'),
    ]);
    await page.getByTestId('decision-form').waitFor();
    await page.waitForFunction(() =>
      document.activeElement?.getAttribute('data-testid')?.startsWith('verdict-'),
    );
    await screenshot(page, 'keyboard-next-case');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('refuses a webhook receiver on this machine with a styled message that names LOCUS_WEBHOOK_ALLOW_PRIVATE', async () => {
    const { context, page, problems } = await signedInSession(browser, env.consoleUrl, env.users.admin);
    await page.goto(`${env.consoleUrl}/settings`);
    const panel = page.getByTestId('webhook-panel');
    await panel.getByLabel('URL', { exact: true }).fill('https://127.0.0.1:9/hook');
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    const message = panel.getByTestId('webhook-error');
    await message.waitFor();
    await expect(message.textContent()).resolves.toContain('LOCUS_WEBHOOK_ALLOW_PRIVATE');
    const styled = await message.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(styled).not.toBe('rgba(0, 0, 0, 0)');
    expect(await seriousAxeViolations(page, 'settings-webhook-refused')).toEqual([]);
    await screenshot(page, 'settings-webhook-refused');
    expect(problems).toEqual([]);
    await context.close();
  });
});
