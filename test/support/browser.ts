import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, inject } from 'vitest';
import { watchAccessibility } from './accessibility';
import { watchBrowser } from './failure-report';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type LaunchOptions,
  type Locator,
  type Page,
} from 'playwright-core';

export const screenshotsDir = path.resolve('test-results/screenshots');

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export const chromiumOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
} satisfies LaunchOptions;

/**
 * A Chromium of one's own: in the browser suite, a connection to the run's one Chromium
 * (test/support/browser-server.ts), whose `close()` closes only the contexts it opened; elsewhere
 * (benches) a Chromium launched for the caller.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = process.env.VITEST ? inject('chromiumEndpoint') : undefined;
  const browser = endpoint ? await chromium.connect(endpoint) : await chromium.launch(chromiumOptions);
  return watchBrowser(browser);
}

/**
 * How long a test waits for a change made elsewhere (another browser, the API) to show without a
 * reload. The polls that stand in for the live socket come every 10 s (the widget) and 15 s (the
 * notes), so a change seen within this came live. How fast it comes is measured by
 * `npm run bench` (notes-fanout, against the 1 s target), not here: with CI's two lanes sharing
 * two cores the browser does not always paint within a second, and the test would fail for the
 * machine's sake.
 */
export const LIVE = { timeout: 3_000 };

/** Makes a change, then waits for the watching page to show it (see LIVE). */
export async function seenLive(change: () => Promise<unknown>, seen: () => Promise<unknown>): Promise<void> {
  await change();
  await seen();
}

/**
 * A page in the suite's browser, which asks for reduced motion as a user may. Primer's CSS honours
 * that; its overlays' 200 ms slide (Element.animate) does not, so here it ends as it starts. Under
 * load Playwright can find a sliding menu still for two frames and click it mid-slide, where the
 * press and the release fall on different elements and the pick is lost (CI run of 6e078ac).
 */
export async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
  });
  await context.addInitScript(() => {
    type Animate = (this: Element, ...args: Parameters<Element['animate']>) => Animation;
    const animate = Object.getOwnPropertyDescriptor(Element.prototype, 'animate')!.value as Animate;
    Element.prototype.animate = function (...args) {
      const animation = animate.apply(this, args);
      if (animation.effect?.getTiming().iterations !== Infinity) animation.finish();
      return animation;
    };
  });
  // In the browser suite every page is scanned for accessibility (test/support/accessibility.ts);
  // the benches' pages are not, so that no scan is timed.
  if (process.env.VITEST) watchAccessibility(context);
  return context;
}

/**
 * Screenshots are for people to open: CI's clean clone throws them away, and a full page took
 * 0.5-2.6 s to encode on two loaded cores (about 250 of them in a run), so CI takes them only
 * when asked (`SCREENSHOTS=1`).
 */
const takeScreenshots = !process.env.CI || process.env.SCREENSHOTS === '1';

/**
 * Saves a screenshot under test-results/screenshots/{name}.png: of a page, the full page, or with
 * `fullPage: false` what the viewport shows (where sticky elements sit while scrolled); of a
 * locator, its element alone.
 */
export async function screenshot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  const file = path.join(screenshotsDir, `${name}.png`);
  if (!takeScreenshots) return file;
  await mkdir(screenshotsDir, { recursive: true });
  if ('goto' in target) await target.screenshot({ path: file, fullPage: options.fullPage ?? true });
  else await target.screenshot({ path: file });
  return file;
}

/** Signs in through the real sign-in form. */
export async function signIn(page: Page, login: string, password: string): Promise<void> {
  await page.goto('/users/sign_in');
  await page.getByLabel('Username or primary email').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/users/sign_in'));
}

/** A page of its own browser context (its own cookies), signed in as `user`. */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  user: { username: string; password: string },
): Promise<Page> {
  const page = await (await newContext(browser, baseURL)).newPage();
  await signIn(page, user.username, user.password);
  return page;
}

/**
 * Assigns `name` from the sidebar's Assignees menu, found by `search`. The click waits for the
 * searched list (that one person): the list before it answers has other people where it will be.
 */
export async function assignFromSidebar(page: Page, search: string, name: string): Promise<void> {
  const assignees = page.getByRole('region', { name: 'Assignees' });
  await assignees.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Search users' }).fill(search);
  const items = page.getByRole('menuitemcheckbox');
  await expect.poll(() => items.count()).toBe(1);
  await items.filter({ hasText: name }).click();
  await page.keyboard.press('Escape');
  await assignees.getByRole('list', { name: 'Assigned' }).getByText(name).waitFor();
}
