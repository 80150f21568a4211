import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const SCREENSHOT_DIR = path.resolve('artifacts/screenshots');

/** Debian's Chromium, never a downloaded browser (.ci/run installs it). */
export function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(executablePath))
    throw new Error(`${executablePath} is missing: apt-get install -y chromium`);
  return chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Console errors and failed requests of a page, so tests can assert a clean render. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()} (${page.url()})`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

/** Saves `artifacts/screenshots/<name>.png`: the whole page, or with `fullPage: false` what the viewport shows. */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}.png`),
    fullPage: options.fullPage ?? true,
  });
}

export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/sign-in`);
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', password);
  await Promise.all([
    page.waitForURL((url) => !url.pathname.startsWith('/sign-in')),
    page.click('button[type=submit]'),
  ]);
}

/** A phone's viewport (iPhone 12–15): the console must work at this width without sideways scrolling. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1400, height: 950 };

export interface SignedInSession {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

/** A fresh browser context signed in as `user`, watching for console errors. */
export async function signedInSession(
  browser: Browser,
  baseUrl: string,
  user: { email: string; password: string },
  viewport: { width: number; height: number } = DESKTOP,
): Promise<SignedInSession> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await signIn(page, baseUrl, user.email, user.password);
  return { context, page, problems };
}

/** Waits until React has hydrated the decision form (its DOM node carries React's fiber): keys work then. */
export async function decisionFormHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const form = document.querySelector('[data-testid=decision-form]');
    return form !== null && Object.keys(form).some((k) => k.startsWith('__reactFiber'));
  });
}
