import { createHash } from 'node:crypto';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { endsBatches, openChangesTab, type ChangesTab } from '../support/changes-tab';

const FILES = 64;
const TARGET = 'pkg/module50.ts';
const OTHER = 'pkg/module40.ts';
const fileHash = (path: string) => createHash('sha1').update(path).digest('hex');
const modulePath = (n: number) => `pkg/module${n}.ts`;

/**
 * 120 lines, of which every thirtieth changes on the branch: four hunks with their context, so a
 * file is about twice as tall as the list guesses from its line counts, and each batch that
 * arrives above a target moves it down.
 */
const body = (n: number, version: number) =>
  Array.from({ length: 120 }, (_, i) => `export const v${i} = ${i % 30 === 9 ? n * version : i};`).join(
    '\n',
  ) + '\n';

describe('deep links on a merge request of 64 files whose batches arrive after the page scrolled', () => {
  let tab: ChangesTab;
  let page: Page;
  let url: string;

  beforeAll(async () => {
    const paths = Array.from({ length: FILES }, (_, n) => modulePath(n));
    tab = await openChangesTab({
      base: paths.map((path, n) => ({ action: 'create' as const, path, content: body(n, 1) })),
      changes: paths.map((path, n) => ({ action: 'update' as const, path, content: body(n, 2) })),
    });
    ({ page, url } = tab);
    await page.setViewportSize({ width: 1280, height: 700 });
    // Every batch comes late, so the files above the target load (and grow) after the page scrolled to it.
    await page.route('**/diffs_batch.json**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 250));
      await route.continue();
    });
  });
  afterAll(async () => {
    await tab?.close();
  });

  const region = (path: string) => page.getByRole('region', { name: path, exact: true });
  /**
   * How far the file's top is from the bottom of the sticky toolbar in the frame the page painted
   * once it settled (two frames, then a task: after that frame's layout and paint), or null when
   * it had no box. Read in one go in the page: read from outside, the element found could be
   * replaced before its box was asked for.
   */
  const offsetBelowToolbar = (path: string) =>
    page.evaluate(
      (id) =>
        new Promise<number | null>((done) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() =>
              setTimeout(() => {
                const toolbar = document.querySelector('.diffs-toolbar')!.getBoundingClientRect();
                const file = document.getElementById(id);
                done(
                  file && file.getClientRects().length > 0
                    ? Math.round(file.getBoundingClientRect().top - toolbar.bottom)
                    : null,
                );
              }),
            ),
          ),
        ),
      `diff-content-${fileHash(path)}`,
    );
  /** The offsets more than 2 px from the toolbar, with the batch each came after (all listed when one fails). */
  const offsetsAway = (offsets: Array<number | null>) =>
    offsets.flatMap((offset, batch) => (offset === null || Math.abs(offset) > 2 ? [{ batch, offset }] : []));
  const lastBatch = () => page.waitForResponse(endsBatches);
  /**
   * The file's offset below the toolbar after each batch that arrives, until the last, from the
   * moment the page first showed it (a slow machine can take two batches to lay out the page).
   */
  const offsetsWhileLoading = (path: string) =>
    new Promise<Array<number | null>>((resolve, reject) => {
      const offsets: Array<Promise<number | null>> = [];
      const shown = region(path).waitFor();
      const onResponse = (response: Response) => {
        if (!response.url().includes('diffs_batch.json')) return;
        offsets.push(
          endsBatches(response).then(async (last) => {
            await shown;
            const offset = await offsetBelowToolbar(path);
            if (last) {
              page.off('response', onResponse);
              Promise.all(offsets).then(resolve, reject);
            }
            return offset;
          }),
        );
      };
      page.on('response', onResponse);
    });

  it('keeps #diff-content-{file hash} under the toolbar while every batch above it loads', async () => {
    await page.goto('/');
    const loading = offsetsWhileLoading(TARGET);
    await page.goto(`${url}#diff-content-${fileHash(TARGET)}`);
    const offsets = await loading;
    // Batch after batch, most of them landing above the target.
    expect(offsets.length).toBeGreaterThanOrEqual(5);
    expect(offsetsAway(offsets)).toEqual([]);
    await region(TARGET).locator('.diff-line--new').first().waitFor();
    expect(Math.abs((await offsetBelowToolbar(TARGET))!)).toBeLessThanOrEqual(2);
    // The viewport only: what the reader sees, the linked file right under the toolbar.
    await screenshot(page, 'diffs-deep-link-64-files', { fullPage: false });
  });

  it('keeps the ?file= target in view the same way', async () => {
    await page.goto('/');
    const loading = offsetsWhileLoading(TARGET);
    await page.goto(`${url}?file=${fileHash(TARGET)}`);
    expect(offsetsAway(await loading)).toEqual([]);
  });

  it('follows the file the reader opens from the tree instead of the link', async () => {
    await page.goto('/');
    const done = lastBatch();
    await page.goto(`${url}#diff-content-${fileHash(TARGET)}`);
    await region(TARGET).waitFor();
    const tree = page.getByRole('navigation', { name: 'Changed files' });
    await tree.getByLabel('Search files').fill('module40.ts');
    await tree.getByRole('button', { name: OTHER, exact: true }).click();
    await done;
    // The reader's choice stays under the toolbar while the rest loads; the link's file does not pull the page back.
    await expect.poll(() => offsetBelowToolbar(OTHER)).toBe(0);
    expect(new URL(page.url()).hash).toBe(`#diff-content-${fileHash(OTHER)}`);
  });
});
