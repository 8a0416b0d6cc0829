import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { ctrlFLeftToBrowser, endsBatches, openChangesTab, type ChangesTab } from '../support/changes-tab';

const FILES = 6;
/** 30 lines, of which every third changes: each file is taller than a third of the viewport. */
const body = (n: number, version: number) =>
  Array.from({ length: 30 }, (_, i) => `export const file${n}line${i} = ${i % 3 === 0 ? version : 0};`).join(
    '\n',
  ) + '\n';

describe('the Changes tab of a six-file merge request', () => {
  let tab: ChangesTab;
  let page: Page;

  beforeAll(async () => {
    const paths = Array.from({ length: FILES }, (_, n) => `src/part${n}.ts`);
    tab = await openChangesTab({
      base: paths.map((path, n) => ({ action: 'create' as const, path, content: body(n, 1) })),
      changes: paths.map((path, n) => ({ action: 'update' as const, path, content: body(n, 2) })),
    });
    page = tab.page;
  });
  afterAll(async () => {
    await tab?.close();
  });

  it('has every file and every line in the page without scrolling, for find, printing and screen readers', async () => {
    const allIn = page.waitForResponse(endsBatches);
    await page.goto(tab.url);
    await allIn;
    // The files run far below the 900 px viewport, and the page was never scrolled.
    const last = page.getByRole('region', { name: 'src/part5.ts', exact: true });
    await last.locator('.diff-line--new', { hasText: 'file5line27 = 2;' }).waitFor({ state: 'attached' });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect((await last.boundingBox())!.y).toBeGreaterThan(900);
    for (let n = 0; n < FILES; n++) {
      const file = page.getByRole('region', { name: `src/part${n}.ts`, exact: true });
      expect(await file.locator('tr.diff-line--new').count()).toBe(10);
      expect(await file.locator('tr.diff-line--old').count()).toBe(10);
    }
    // The browser's own find reaches the last file's lines from the top of the page.
    // (`window.find`, Chromium's find-in-page for scripts; not in TypeScript's DOM types.)
    const find = () => (window as unknown as { find: (text: string) => boolean }).find('file5line27 = 2;');
    expect(await page.evaluate(find)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));

    // So Ctrl-F is left to the browser: "Find in changes" does not take it.
    expect(await ctrlFLeftToBrowser(page)).toBe(true);
    await screenshot(page, 'diffs-six-files-whole');
  });

  it('opens a file from the tree below the sticky toolbar, as in a long list', async () => {
    await page.goto(tab.url);
    const tree = page.getByRole('navigation', { name: 'Changed files' });
    await tree.getByLabel('Search files').fill('part4');
    await tree.getByRole('button', { name: 'src/part4.ts' }).click();
    const file = page.getByRole('region', { name: 'src/part4.ts', exact: true });
    const toolbar = page.locator('.diffs-toolbar');
    await expect
      .poll(async () => {
        const top = (await file.boundingBox())?.y ?? -1;
        const bar = await toolbar.boundingBox();
        return bar ? Math.round(top - (bar.y + bar.height)) : null;
      })
      .toBeGreaterThanOrEqual(0);
    expect((await file.boundingBox())!.y).toBeLessThan(200);
    expect(new URL(page.url()).hash).toMatch(/^#diff-content-[0-9a-f]{40}$/);
  });
});
