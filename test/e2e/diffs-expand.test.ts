import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { openChangesTab, type ChangesTab } from '../support/changes-tab';

/** A 100-line file; the branch changes lines 50 and 90, so git shows two hunks with gaps around them. */
const numbered = (change: (n: number) => string) =>
  Array.from({ length: 100 }, (_, i) => change(i + 1)).join('\n') + '\n';
const before = numbered((n) => `export const line${n} = ${n};`);
const after = numbered((n) =>
  n === 50 || n === 90 ? `export const line${n} = ${n * 10};` : `export const line${n} = ${n};`,
);
const notes = Array.from({ length: 30 }, (_, i) => `Note ${i + 1}: keep the shop simple.`).join('\n') + '\n';
const lfsPointer = [
  'version https://git-lfs.github.com/spec/v1',
  `oid sha256:${'4d7a'.repeat(16)}`,
  'size 3145728',
  '',
].join('\n');
const binary = Buffer.concat([Buffer.from([0, 1, 2, 3]), Buffer.alloc(2044, 7)]);

describe('the Changes tab: context lines, the full file and the viewers without lines', () => {
  let tab: ChangesTab;
  let page: Page;
  let url: string;

  beforeAll(async () => {
    tab = await openChangesTab({
      base: [
        { action: 'create', path: 'src/lines.ts', content: before },
        { action: 'create', path: 'docs/notes.md', content: notes },
        { action: 'create', path: 'bin/run.sh', content: '#!/bin/sh\necho run\n' },
      ],
      changes: [
        { action: 'update', path: 'src/lines.ts', content: after },
        { action: 'delete', path: 'docs/notes.md' },
        { action: 'create', path: 'docs/shop-notes.md', content: notes },
        { action: 'update', path: 'bin/run.sh', content: '#!/bin/sh\necho run\n', executable: true },
        { action: 'create', path: 'assets/data.bin', content: binary },
        { action: 'create', path: 'assets/demo.mp4', content: lfsPointer },
      ],
      title: 'Scale two lines',
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    ({ page, url } = tab);
  });
  afterAll(async () => {
    await tab?.close();
  });

  const file = (path: string) => page.getByRole('region', { name: path, exact: true });
  const lines = () => file('src/lines.ts');
  /** Full-page shots from the top, so that the sticky toolbar and the virtualized list sit where a reader sees them. */
  const shot = async (name: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(150);
    await screenshot(page, name);
  };
  const newNumbers = async () =>
    (await lines().locator('td.diff-num[data-side="new"]').allInnerTexts()).filter(Boolean).map(Number);

  it('expands the lines above a hunk 20 at a time, and all of them at once', async () => {
    await page.goto(url);
    await lines().locator('.diff-line--new').first().waitFor();
    // git's hunks: new lines 47-53 and 87-93; the rest is hidden behind match lines().
    expect(await newNumbers()).toEqual([47, 48, 49, 50, 51, 52, 53, 87, 88, 89, 90, 91, 92, 93]);
    await shot('diffs-expand-before');

    await lines().getByRole('button', { name: 'Expand above' }).first().click();
    await lines().locator('[id$="_27_27"]').waitFor();
    expect((await newNumbers()).slice(0, 21)).toEqual(Array.from({ length: 21 }, (_, i) => 27 + i));

    await lines().getByRole('button', { name: 'Expand all lines' }).first().click();
    await lines().locator('[id$="_1_1"]').waitFor();
    expect((await newNumbers()).slice(0, 53)).toEqual(Array.from({ length: 53 }, (_, i) => i + 1));
  });

  it('expands below a hunk, then the rest of the file to its end', async () => {
    // Between the hunks: 54-86 hidden, more than 20, so up, down and all are offered.
    await lines().getByRole('button', { name: 'Expand below' }).first().click();
    await lines().locator('[id$="_73_73"]').waitFor();
    const numbers = await newNumbers();
    expect(numbers.slice(53, 73)).toEqual(Array.from({ length: 20 }, (_, i) => 54 + i));
    expect(numbers[73]).toBe(87);

    // Below the last hunk: lines 94-100 of the file.
    await lines().getByRole('button', { name: 'Expand all lines' }).last().click();
    await lines().locator('[id$="_100_100"]').waitFor();
    expect((await newNumbers()).slice(-7)).toEqual([94, 95, 96, 97, 98, 99, 100]);
    // Find in changes reads the expanded lines too.
    await page.getByLabel('Find in changes').fill('line60 = 60;');
    await page.getByText('1 of 1').waitFor();
    expect(await lines().locator('.diff-line--target').innerText()).toContain('export const line60 = 60;');
    await page.getByLabel('Find in changes').fill('');
    await shot('diffs-expanded');
  });

  it('shows the full file and goes back to the changes alone', async () => {
    await page.reload();
    await lines().locator('.diff-line--new').first().waitFor();
    await lines().getByRole('button', { name: 'Show full file' }).click();
    await lines().getByRole('button', { name: 'Show changes only' }).waitFor();
    expect(await newNumbers()).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    // The removed lines stay in place, next to the lines that replaced them.
    expect(await lines().locator('.diff-line--old .diff-code').allInnerTexts()).toEqual([
      '-export const line50 = 50;',
      '-export const line90 = 90;',
    ]);
    expect(await lines().getByRole('button', { name: 'Expand all lines' }).count()).toBe(0);
    await shot('diffs-full-file');
    await lines().getByRole('button', { name: 'Show changes only' }).click();
    await expect.poll(newNumbers).toEqual([47, 48, 49, 50, 51, 52, 53, 87, 88, 89, 90, 91, 92, 93]);
  });

  it('alerts when the full file cannot be loaded, and the alert can be dismissed', async () => {
    await page.route('**/src/lines.ts/diff?*full=true*', (route) =>
      route.fulfill({ status: 500, body: '{"message":"500 Internal Server Error"}' }),
    );
    await page.reload();
    await lines().locator('.diff-line--new').first().waitFor();
    await lines().getByRole('button', { name: 'Show full file' }).click();
    await lines().getByText('Error loading full diff. Please try again.').waitFor();
    await shot('diffs-full-file-error');
    await lines().getByRole('button', { name: 'Dismiss' }).click();
    await lines().getByText('Error loading full diff. Please try again.').waitFor({ state: 'detached' });
    await page.unroute('**/src/lines.ts/diff?*full=true*');
  });

  it('shows a rename without changes and loads its contents on request', async () => {
    const renamed = file('docs/shop-notes.md');
    await renamed.getByText('File renamed with no changes.').waitFor();
    await renamed.getByRole('button', { name: 'Show file contents' }).click();
    await renamed.getByText('Note 30: keep the shop simple.').waitFor();
    expect(await renamed.locator('tr.diff-line').count()).toBe(30);
    await screenshot(renamed, 'diffs-renamed-contents');
  });

  it('says when the renamed file cannot be loaded, dismissibly', async () => {
    await page.route('**/docs/shop-notes.md/diff?*', (route) =>
      route.fulfill({ status: 500, body: '{"message":"500 Internal Server Error"}' }),
    );
    await page.reload();
    const renamed = file('docs/shop-notes.md');
    await renamed.getByRole('button', { name: 'Show file contents' }).click();
    await renamed.getByText('Unable to load file contents. Try again later.').waitFor();
    await shot('diffs-renamed-error');
    await renamed.getByRole('button', { name: 'Dismiss' }).click();
    await renamed.getByText('Unable to load file contents. Try again later.').waitFor({ state: 'detached' });
    await page.unroute('**/docs/shop-notes.md/diff?*');
  });

  it('shows a mode change and a binary file with its size and a Download link', async () => {
    await file('bin/run.sh').getByText('File mode changed from 100644 to 100755').waitFor();
    const data = file('assets/data.bin');
    await data.getByText('2.00 KiB').waitFor();
    expect(await data.locator('.diff-viewer-message__name').innerText()).toBe('data.bin');
    const download = data.getByRole('link', { name: 'Download' });
    const response = await page.request.get((await download.getAttribute('href'))!);
    expect(response.status()).toBe(200);
    expect((await response.body()).length).toBe(2048);
    await shot('diffs-viewers');
  });

  it('says a file in Git LFS is stored elsewhere, with the size its pointer gives', async () => {
    const video = file('assets/demo.mp4');
    await video.getByText('This source diff could not be displayed because it is stored in LFS.').waitFor();
    expect(await video.getByText('3.00 MiB').isVisible()).toBe(true);
    expect(await video.getByText('LFS', { exact: true }).isVisible()).toBe(true);
    expect(await video.getByRole('link', { name: 'view the blob' }).getAttribute('href')).toMatch(
      /\/-\/blob\/[0-9a-f]{40}\/assets\/demo\.mp4$/,
    );
    await screenshot(video, 'diffs-lfs');
  });

  it('polls the coverage report while it is parsed, then marks the covered and uncovered lines', async () => {
    let calls = 0;
    await page.route('**/coverage_reports.json', (route) => {
      calls++;
      return calls === 1
        ? route.fulfill({ status: 204, headers: { 'Poll-Interval': '300' } })
        : route.fulfill({
            status: 200,
            contentType: 'application/json',
            body: JSON.stringify({ files: { 'src/lines.ts': { '50': 3, '51': 0 } } }),
          });
    });
    await page.reload();
    const covered = lines().locator('td.diff-num--covered');
    await covered.waitFor();
    expect(await covered.getAttribute('title')).toBe('Test coverage: 3 hits');
    expect(await covered.innerText()).toBe('50');
    const uncovered = lines().locator('td.diff-num--uncovered');
    expect(await uncovered.getAttribute('title')).toBe('No test coverage');
    expect(await uncovered.innerText()).toBe('51');
    expect(calls).toBe(2);
    await shot('diffs-coverage');
    await page.unroute('**/coverage_reports.json');
  });

  it('copies a file path from the keyboard and says it did, for a moment', async () => {
    const copy = lines().getByRole('button', { name: 'Copy file path src/lines.ts' });
    await copy.focus();
    await page.keyboard.press('Enter');
    await lines().getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('src/lines.ts');
    await copy.waitFor();
  });

  it('expands context in the side-by-side view too', async () => {
    await page.getByRole('button', { name: 'Side-by-side' }).click();
    await lines().locator('.diff-table--parallel').waitFor();
    await lines().getByRole('button', { name: 'Expand all lines' }).first().click();
    await lines().locator('[id$="_1_1"]').waitFor();
    const firstRow = lines().locator('.diff-table--parallel tr.diff-line').first();
    expect(await firstRow.locator('.diff-code').allInnerTexts()).toEqual([
      ' export const line1 = 1;',
      ' export const line1 = 1;',
    ]);
    await shot('diffs-expand-parallel');
    await page.getByRole('button', { name: 'Inline' }).click();
  });
});
