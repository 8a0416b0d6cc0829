import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiffPreferences } from '../../src/shared/api/diffs';
import { newContext, screenshot, signedInPage } from '../support/browser';
import { openChangesTab, type ChangesTab } from '../support/changes-tab';

/**
 * Spec section 6: "Whitespace preference is saved to the profile only when logged in; the
 * file-by-file preference is always saved."
 */
describe('the Changes tab keeps its preferences', () => {
  let tab: ChangesTab;
  let origin: string;

  beforeAll(async () => {
    tab = await openChangesTab({
      base: [
        { action: 'create', path: 'spaced.txt', content: 'a b\n' },
        { action: 'create', path: 'app.ts', content: 'export const a = 1;\n' },
      ],
      changes: [
        { action: 'update', path: 'spaced.txt', content: 'a    b\n' },
        { action: 'update', path: 'app.ts', content: 'export const a = 2;\n' },
      ],
      title: 'Tidy and bump',
    });
    origin = new URL(tab.page.url()).origin;
  });
  afterAll(async () => {
    await tab?.close();
  });

  /** A page of a browser context of its own: its own cookies and local storage. */
  const freshPage = async () => (await newContext(tab.browser, origin)).newPage();
  /** Every write to the user's preferences the page makes. */
  const recordPreferenceWrites = (page: Page) => {
    const writes: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith('/api/v4/user/preferences'))
        writes.push(request.postDataJSON());
    });
    return writes;
  };
  const region = (page: Page, path: string) => page.getByRole('region', { name: path, exact: true });

  it('hides whitespace changes for a signed-out visitor without saving anything', async () => {
    const visitor = await freshPage();
    const writes = recordPreferenceWrites(visitor);
    await visitor.goto(tab.url);
    await region(visitor, 'spaced.txt').locator('.diff-line--new').first().waitFor();
    const refetch = visitor.waitForRequest(
      (r) => r.url().includes('diffs_batch.json') && r.url().includes('w=1'),
    );
    await visitor.getByLabel('Show whitespace changes').uncheck();
    await refetch;
    await region(visitor, 'spaced.txt').getByText('Only whitespace changed.').waitFor();
    expect(await region(visitor, 'spaced.txt').locator('.diff-line--new').count()).toBe(0);
    await region(visitor, 'app.ts').locator('.diff-line--new').first().waitFor();
    await screenshot(visitor, 'diffs-whitespace-hidden-signed-out');
    expect(writes).toEqual([]);
    await visitor.context().close();
  });

  it('keeps file by file for a signed-out visitor after a reload, in this browser', async () => {
    const visitor = await freshPage();
    const writes = recordPreferenceWrites(visitor);
    await visitor.goto(tab.url);
    await visitor.getByLabel('Show one file at a time').check();
    await visitor.getByText('File 1 of 2').waitFor();
    await visitor.reload();
    await visitor.getByText('File 1 of 2').waitFor();
    expect(await visitor.getByLabel('Show one file at a time').isChecked()).toBe(true);
    expect(await visitor.locator('.diff-file').count()).toBe(1);
    expect(writes).toEqual([]);
    await visitor.context().close();
  });

  it('saves file by file on the signed-in user, so another browser opens file by file too', async () => {
    const { page } = tab;
    const writes = recordPreferenceWrites(page);
    await page.goto(tab.url);
    await region(page, 'app.ts').locator('.diff-line--new').first().waitFor();
    // The view is this browser's choice: it writes nothing to the profile.
    await page.getByRole('button', { name: 'Side-by-side' }).click();
    await page.getByRole('button', { name: 'Inline' }).click();
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith('/api/v4/user/preferences'),
    );
    await page.getByLabel('Show one file at a time').check();
    expect(((await (await saved).json()) as DiffPreferences).view_diffs_file_by_file).toBe(true);
    expect(writes).toEqual([{ view_diffs_file_by_file: true }]);

    // A browser with nothing stored reads the choice from the profile.
    const elsewhere = await signedInPage(tab.browser, origin, tab.owner);
    await elsewhere.goto(tab.url);
    await elsewhere.getByText('File 1 of 2').waitFor();
    expect(await elsewhere.getByLabel('Show one file at a time').isChecked()).toBe(true);
    await elsewhere.context().close();
    await page.getByLabel('Show one file at a time').uncheck();
  });
});
