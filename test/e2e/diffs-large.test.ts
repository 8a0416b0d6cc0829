import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { endsBatches, openChangesTab, type ChangesTab } from '../support/changes-tab';

const FILES = 1000;
const body = (n: number, version: number) =>
  Array.from(
    { length: 20 },
    (_, i) => `export const value${i} = ${i % 4 === 0 ? (n + 1) * version : i};`,
  ).join('\n') + '\n';

describe('the Changes tab on a merge request of 1,000 files', () => {
  let tab: ChangesTab;
  let page: Page;
  let url: string;

  beforeAll(async () => {
    const paths = Array.from({ length: FILES }, (_, n) => `pkg${Math.floor(n / 50)}/module${n}.ts`);
    tab = await openChangesTab({
      base: paths.map((path, n) => ({ action: 'create' as const, path, content: body(n, 1) })),
      changes: paths.map((path, n) => ({ action: 'update' as const, path, content: body(n, 2) })),
      title: 'Touch every module',
    });
    ({ page, url } = tab);
  });
  afterAll(async () => {
    await tab?.close();
  });

  it('lists every file, paints the first diff rows fast and keeps the DOM small once all are loaded', async () => {
    const started = Date.now();
    await page.goto(url);
    await page.locator('.diff-line--new').first().waitFor();
    const firstRowMs = Date.now() - started;
    const stats = await page.getByRole('status').getAttribute('aria-label');
    expect(stats).toBe('1,000 files. Added 5000 lines. Removed 5000 lines.');
    // Every batch in: the last file's tree entry is no longer loading.
    await page.waitForResponse(endsBatches);
    const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    const heapMb = await page.evaluate(
      () =>
        ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0) /
        2 ** 20,
    );
    console.log(
      `1,000 files: first diff row after ${firstRowMs} ms, ${nodes} DOM nodes, ${heapMb.toFixed(0)} MB JS heap`,
    );
    expect(nodes).toBeLessThan(25_000);
    // Virtualized: only the files about the viewport are in the DOM, not the thousand.
    expect(await page.locator('section.diff-file').count()).toBeLessThan(10);

    // The last file is reachable from the tree's finder, and its diff is there when it is.
    const tree = page.getByRole('navigation', { name: 'Changed files' });
    await tree.getByLabel('Search files').fill('module999.ts');
    await tree.getByRole('button', { name: 'pkg19/module999.ts' }).click();
    await page
      .getByRole('region', { name: 'pkg19/module999.ts' })
      .locator('.diff-line--new')
      .first()
      .waitFor();
    // Find in changes reaches a line that is not in the DOM until it is scrolled to.
    await page.getByLabel('Find in changes').fill('value4 = 1998;');
    await page.getByText('1 of 1').waitFor();
    const found = page.locator('.diff-line--target');
    await found.waitFor();
    expect(await found.innerText()).toContain('value4 = 1998;');
    expect(
      await page.getByRole('region', { name: 'pkg19/module998.ts' }).locator('.diff-line--target').count(),
    ).toBe(1);
    await expect.poll(async () => (await found.boundingBox())?.y ?? -1).toBeGreaterThan(0);
    // The viewport only: the full page of a thousand files is taller than an image can be.
    await screenshot(page, 'diffs-1000-files', { fullPage: false });
  });

  it('answers Ctrl-F with "Find in changes", which finds a line out of the DOM and scrolls to it', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = page.getByLabel('Find in changes');
    // module500's new line: far below the viewport, so the virtualized list has not rendered it.
    const line = page.locator('.diff-line--new', { hasText: 'value8 = 1002;' });
    await expect.poll(() => line.count()).toBe(0);
    // Focus leaves the box, as when the reader has been reading the diff.
    await box.blur();

    await page.keyboard.press('Control+F');
    expect(await box.evaluate((input) => input === document.activeElement)).toBe(true);
    // The previous search is selected, so typing replaces it.
    expect(
      await box.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd]),
    ).toEqual([0, 'value4 = 1998;'.length]);
    await page.keyboard.type('value8 = 1002;');
    expect(await box.inputValue()).toBe('value8 = 1002;');
    await page.getByText('1 of 1').waitFor();

    const found = page
      .getByRole('region', { name: 'pkg10/module500.ts' })
      .locator('.diff-line--target', { hasText: 'value8 = 1002;' });
    await found.waitFor();
    await expect
      .poll(async () => {
        const box = await found.boundingBox();
        return box !== null && box.y > 0 && box.y + box.height < 900;
      })
      .toBe(true);
    await screenshot(page, 'diffs-find-shortcut', { fullPage: false });
  });
});
