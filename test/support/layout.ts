import type { Browser, Page } from 'playwright-core';
import { beforeAll, expect } from 'vitest';
import { newContext, screenshot, signedInPage } from './browser';

export type Box = { top: number; left: number; right: number; width: number };

/** An element's box in page coordinates (top) and viewport coordinates (left, right). */
export const boxOf = (page: Page, selector: string): Promise<Box> =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return { top: rect.top + window.scrollY, left: rect.left, right: rect.right, width: rect.width };
    });

/** How far the page reaches past the viewport's right edge (0 when nothing overflows). */
export const horizontalOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Who looks at a page: words for a test's title, a name for its screenshots, and their browser page. */
export type Viewer = { who: string; name: string; page: () => Page };

/**
 * A signed-in user and an anonymous visitor, each with a browser context of their own, opened in
 * a beforeAll of the calling describe block: call it after what starts the server and the browser.
 */
export function signedInAndAnonymous(
  signedIn: { who: string; name: string },
  start: () => { browser: Browser; baseUrl: string; user: { username: string; password: string } },
): Viewer[] {
  const pages: { signedIn?: Page; anonymous?: Page } = {};
  beforeAll(async () => {
    const { browser, baseUrl, user } = start();
    pages.signedIn = await signedInPage(browser, baseUrl, user);
    pages.anonymous = await (await newContext(browser, baseUrl)).newPage();
  });
  const opened = (page: Page | undefined) => {
    if (!page) throw new Error('the viewers open in beforeAll');
    return page;
  };
  return [
    { ...signedIn, page: () => opened(pages.signedIn) },
    { who: 'an anonymous visitor', name: 'anonymous', page: () => opened(pages.anonymous) },
  ];
}

/**
 * Opens `path` for a viewer at a width, waits for `loaded`, saves the screenshot `{name}-{viewer}-{width}`
 * and checks that nothing reaches past the viewport's right edge.
 */
export async function openAt(
  viewer: Viewer,
  width: number,
  path: string,
  { loaded, name }: { loaded: (page: Page) => Promise<unknown>; name: string },
): Promise<Page> {
  const page = viewer.page();
  await page.setViewportSize({ width, height: 900 });
  await page.goto(path);
  await loaded(page);
  await screenshot(page, `${name}-${viewer.name}-${width}`);
  expect(await horizontalOverflow(page)).toBe(0);
  return page;
}
