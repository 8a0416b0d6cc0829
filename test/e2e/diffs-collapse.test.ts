import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLAPSE_CHANGED_LINES } from '../../src/shared/diff/diffLimits';
import { screenshot } from '../support/browser';
import { openChangesTab, type ChangesTab } from '../support/changes-tab';

const manyLines =
  Array.from({ length: COLLAPSE_CHANGED_LINES + 200 }, (_, i) => `row ${i}`).join('\n') + '\n';
const wideLines =
  Array.from({ length: 2_000 }, (_, i) => `export const value${i} = '${'x'.repeat(48)}';`).join('\n') + '\n';
const WARNING = 'Files with large changes are collapsed by default.';

describe('the Changes tab collapses files past the collapse limits', () => {
  let tab: ChangesTab;
  let page: Page;
  let url: string;

  beforeAll(async () => {
    tab = await openChangesTab({
      base: [{ action: 'create', path: 'README.md', content: '# app\n' }],
      changes: [
        { action: 'create', path: 'data/many.txt', content: manyLines },
        { action: 'create', path: 'src/wide.ts', content: wideLines },
        { action: 'update', path: 'README.md', content: '# app\n\nSmall change.\n' },
      ],
      title: 'Generated tables',
    });
    ({ page, url } = tab);
  });
  afterAll(async () => {
    await tab?.close();
  });

  const file = (path: string) => page.getByRole('region', { name: path, exact: true });

  it('shows a large file collapsed with the reason and an Expand file button, the small one open', async () => {
    await page.goto(url);
    await file('README.md').locator('.diff-line--new').first().waitFor();
    for (const path of ['data/many.txt', 'src/wide.ts']) {
      await file(path).getByText(WARNING).waitFor();
      expect(await file(path).getByRole('button', { name: 'Expand file' }).isVisible()).toBe(true);
      expect(await file(path).locator('.diff-table').count()).toBe(0);
    }
    await screenshot(page, 'diffs-auto-collapsed');
  });

  it('says in the find box that it searches only the files whose lines are loaded', async () => {
    const box = page.getByLabel('Find in changes');
    // The two collapsed files came without their lines: only README.md is searched.
    expect(await box.getAttribute('aria-describedby')).not.toBeNull();
    const scope = page.locator('.diff-search').getByText('in 1 of 3 files');
    await scope.waitFor();
    await screenshot(page.locator('.diffs-toolbar'), 'diffs-find-scope');
    await box.fill('row 12');
    await page.locator('.diff-search').getByText('No matches').waitFor();
    await box.fill('');
  });

  it("loads a collapsed file's lines from its load_collapsed_diff_url when expanded", async () => {
    const wide = file('src/wide.ts');
    const loading = page.waitForRequest((r) => r.url().includes('diff_for_path.json'));
    await wide.getByRole('button', { name: 'Expand file' }).click();
    const request = new URL((await loading).url());
    expect(request.searchParams.get('new_path')).toBe('src/wide.ts');
    await wide.locator('.diff-line--new').first().waitFor();
    expect(await wide.locator('.diff-line--new .diff-code').first().innerText()).toBe(
      `+export const value0 = '${'x'.repeat(48)}';`,
    );
    expect(await wide.getByText(WARNING).count()).toBe(0);
    await page.locator('.diff-search').getByText('in 2 of 3 files').waitFor();
    // The viewport only: the file is 2,000 lines long.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'diffs-collapsed-expanded', { fullPage: false });
  });

  it('collapses by hand without the warning, and expands again from the lines already read', async () => {
    const wide = file('src/wide.ts');
    await wide.getByRole('button', { name: 'Collapse src/wide.ts' }).click();
    await wide.locator('.diff-table').waitFor({ state: 'detached' });
    expect(await wide.getByText(WARNING).count()).toBe(0);
    let asked = false;
    page.on('request', (r) => (asked ||= r.url().includes('diff_for_path.json')));
    await wide.getByRole('button', { name: 'Expand src/wide.ts' }).click();
    await wide.locator('.diff-line--new').first().waitFor();
    expect(asked).toBe(false);
  });

  it('expands every file with Expand all, and Collapse all collapses them as by hand', async () => {
    await page.getByRole('button', { name: 'Expand all' }).click();
    await file('data/many.txt').locator('.diff-line--new').first().waitFor();
    expect(await page.getByText(WARNING).count()).toBe(0);
    // Every line is loaded now: the find box covers the whole diff and says nothing more.
    await page
      .locator('.diff-search')
      .getByText(/ of 3 files/)
      .waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Collapse all' }).click();
    await page.locator('.diff-table').first().waitFor({ state: 'detached' });
    expect(await page.getByText(WARNING).count()).toBe(0);
  });
});
