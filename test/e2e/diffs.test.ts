import { createHash } from 'node:crypto';
import type { Browser, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { commitFiles } from '../../src/server/git/commits';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import { ctrlFLeftToBrowser } from '../support/changes-tab';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { testAuthor } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

type Prefs = { show_whitespace_in_diffs: boolean };

const fileHash = (path: string) => createHash('sha1').update(path).digest('hex');

const cartBefore = [
  'export type Item = { sku: string; price: number };',
  '',
  'export function total(items: Item[]): number {',
  '  let sum = 0;',
  '  for (const item of items) sum += item.price;',
  '  return sum;',
  '}',
  '',
].join('\n');
const cartAfter = [
  'export type Item = { sku: string; price: number; quantity: number };',
  '',
  'export function total(items: Item[]): number {',
  '  return items.reduce((sum, item) => sum + item.price * item.quantity, 0);',
  '}',
  '',
].join('\n');
const guide = '# Guide\n\nRun `npm start` and open the shop.\n'.repeat(3);

describe('the Changes tab in the browser', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let owner: TestUser;
  let project: ProjectContext;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Ada Lovelace' });
    project = await buildProject(t.container, owner, { visibility: 'public' });
    await commitFiles(project.gitDir, {
      branch: 'main',
      message: 'Start the shop',
      author: testAuthor,
      changes: [
        { action: 'create', path: 'src/cart.ts', content: cartBefore },
        { action: 'create', path: 'docs/readme-old.md', content: guide },
        { action: 'create', path: 'scripts/build.sh', content: '#!/bin/sh\nnpm run build\n' },
        { action: 'create', path: 'legacy.txt', content: 'old\nstuff\n' },
      ],
    });
    await commitFiles(project.gitDir, {
      branch: 'feature/checkout',
      startBranch: 'main',
      message: 'Check out with quantities',
      author: testAuthor,
      changes: [
        { action: 'update', path: 'src/cart.ts', content: cartAfter },
        {
          action: 'create',
          path: 'src/checkout.ts',
          content: "import { total } from './cart';\n\nexport const checkout = total;\n",
        },
        { action: 'delete', path: 'legacy.txt' },
        { action: 'delete', path: 'docs/readme-old.md' },
        { action: 'create', path: 'docs/guide.md', content: guide },
        {
          action: 'update',
          path: 'scripts/build.sh',
          content: '#!/bin/sh\nnpm run build\n',
          executable: true,
        },
      ],
    });
    const mr = await t.container.mergeRequests.create(owner, project.project.id, {
      source_branch: 'feature/checkout',
      title: 'Check out with quantities',
    });
    url = `/${project.fullPath}/-/merge_requests/${mr.mergeRequest.iid}/diffs`;
    browser = await launchBrowser();
    page = await signedInPage(browser, await t.listen(), owner);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const file = (path: string) => page.getByRole('region', { name: path, exact: true });

  it('shows every kind of change with its own viewer and the stats bar', async () => {
    await page.goto(url);
    await file('src/cart.ts').locator('.diff-line--new').first().waitFor();
    expect(await page.getByRole('status').getAttribute('aria-label')).toBe(
      '5 files. Added 5 lines. Removed 6 lines.',
    );
    const cart = file('src/cart.ts');
    expect(await cart.locator('.diff-line--new .diff-code').first().innerText()).toBe(
      '+export type Item = { sku: string; price: number; quantity: number };',
    );
    expect(await file('src/checkout.ts').getByText('new', { exact: true }).isVisible()).toBe(true);
    expect(await file('legacy.txt').getByText('deleted', { exact: true }).isVisible()).toBe(true);
    await file('scripts/build.sh').getByText('File mode changed from 100644 to 100755').waitFor();
    await file('docs/guide.md').getByText('File renamed with no changes.').waitFor();
    expect(await file('docs/guide.md').locator('.diff-file__name').innerText()).toBe(
      'docs/readme-old.md → docs/guide.md',
    );
    await screenshot(page, 'diffs-inline');
  });

  it('asks for the file list and the first files before the app has loaded, each only once', async () => {
    const asked: string[] = [];
    let metadataAsked = () => undefined as void;
    const metadataSeen = new Promise<boolean>((resolve) => (metadataAsked = () => resolve(true)));
    const onRequest = (request: Request) => {
      const { pathname, searchParams } = new URL(request.url());
      asked.push(`${pathname.split('/').pop()} ${searchParams.get('page') ?? ''}`.trim());
      if (pathname.endsWith('/diffs_metadata.json')) metadataAsked();
    };
    // The app's libraries and the project's answer are held until the file list has been asked
    // for: a page that waited for either first would never ask, and they would be let go after 10 s.
    const held: boolean[] = [];
    const holdUntilAsked = async (route: Route) => {
      const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000));
      held.push(await Promise.race([metadataSeen, timeout]));
      await route.continue();
    };
    const projectApi = (address: URL) =>
      address.pathname === `/api/v4/projects/${encodeURIComponent(project.fullPath)}`;
    const appLibraries = (address: URL) => /^\/assets\/vendor-[\w-]+\.js$/.test(address.pathname);
    await page.route(projectApi, holdUntilAsked);
    await page.route(appLibraries, holdUntilAsked);
    page.on('request', onRequest);
    try {
      await page.goto(url);
      await file('src/cart.ts').locator('.diff-line--new').first().waitFor();
    } finally {
      page.off('request', onRequest);
      await page.unroute(projectApi);
      await page.unroute(appLibraries);
    }
    expect(held).toEqual([true, true]);
    const times = (name: string) => asked.filter((entry) => entry === name).length;
    expect(times('diffs_metadata.json')).toBe(1);
    expect(times('diffs_batch.json 0')).toBe(1);
    expect(times(`${url.split('/').at(-2)}.json`)).toBe(1);
  });

  it('switches between inline and side-by-side', async () => {
    await page.getByRole('button', { name: 'Side-by-side' }).click();
    const cart = file('src/cart.ts');
    await cart.locator('.diff-table--parallel').waitFor();
    const firstChange = cart
      .locator('.diff-table--parallel tr', { has: page.locator('.diff-line--old') })
      .first();
    expect(await firstChange.locator('.diff-code').allInnerTexts()).toEqual([
      '-export type Item = { sku: string; price: number };',
      '+export type Item = { sku: string; price: number; quantity: number };',
    ]);
    await screenshot(page, 'diffs-parallel');
    await page.getByRole('button', { name: 'Inline' }).click();
    await cart.locator('.diff-table--inline').waitFor();
  });

  it('collapses a file and expands it again', async () => {
    const cart = file('src/cart.ts');
    await cart.getByRole('button', { name: 'Collapse src/cart.ts' }).click();
    await cart.locator('.diff-table').waitFor({ state: 'detached' });
    await cart.getByRole('button', { name: 'Expand src/cart.ts' }).click();
    await cart.locator('.diff-table').waitFor();
  });

  it('collapses a file marked viewed, remembers the mark after a reload, and expands it when unmarked', async () => {
    const checkout = file('src/checkout.ts');
    await checkout.getByLabel('Viewed').check();
    await checkout.locator('.diff-table').waitFor({ state: 'detached' });
    await page.reload();
    await file('src/cart.ts').locator('.diff-table').waitFor();
    expect(await file('src/checkout.ts').getByLabel('Viewed').isChecked()).toBe(true);
    expect(await file('src/checkout.ts').locator('.diff-table').count()).toBe(0);
    await screenshot(page, 'diffs-reviewed');
    await file('src/checkout.ts').getByLabel('Viewed').uncheck();
    await file('src/checkout.ts').locator('.diff-table').waitFor();
  });

  it('collapses and expands every file at once', async () => {
    await page.getByRole('button', { name: 'Collapse all' }).click();
    await page.locator('.diff-table').first().waitFor({ state: 'detached' });
    expect(await page.locator('.diff-table').count()).toBe(0);
    await page.getByRole('button', { name: 'Expand all' }).click();
    await file('src/cart.ts').locator('.diff-table').waitFor();
  });

  it('opens a file from the file tree and finds files by name', async () => {
    const tree = page.getByRole('navigation', { name: 'Changed files' });
    await tree.getByLabel('Search files').fill('chk');
    expect(await tree.locator('.diff-tree__file').allInnerTexts()).toEqual(['src/checkout.ts']);
    await tree.getByRole('button', { name: 'src/checkout.ts' }).click();
    await page.waitForURL((u) => u.hash === `#diff-content-${fileHash('src/checkout.ts')}`);
    await tree.getByLabel('Search files').fill('');
  });

  it('switches the file browser to a list of files and back, keeps the choice, and marks files still loading', async () => {
    const tree = page.getByRole('navigation', { name: 'Changed files' });
    await tree.getByRole('button', { name: 'List view' }).click();
    expect(await tree.locator('.diff-tree__folder').count()).toBe(0);
    expect(await tree.locator('.diff-tree__file').allInnerTexts()).toEqual([
      'guide.md\ndocs',
      'build.sh\nscripts',
      'cart.ts\nsrc',
      'checkout.ts\nsrc',
      'legacy.txt',
    ]);
    await screenshot(page, 'diffs-file-list');
    // Batches held back: each file's row says it is loading until its diff arrives.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/diffs_batch.json**', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.reload();
      await tree.getByRole('button', { name: 'legacy.txt loading' }).waitFor();
      expect(await tree.locator('.diff-tree__folder').count()).toBe(0);
      await screenshot(page, 'diffs-file-list-loading');
    } finally {
      release();
    }
    await tree.getByRole('button', { name: 'legacy.txt', exact: true }).waitFor();
    await page.unroute('**/diffs_batch.json**');
    await tree.getByRole('button', { name: 'Tree view' }).click();
    await tree.getByRole('button', { name: 'src', exact: true }).waitFor();
    expect(await tree.getByRole('button', { name: 'src', exact: true }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it('follows a #diff-content-{file hash} deep link to its file', async () => {
    // A short window, so that the last file starts well below the fold unless the page scrolls to it.
    await page.setViewportSize({ width: 1280, height: 500 });
    // A link opened afresh: from the Changes tab itself, `goto` would only change the hash.
    await page.goto('/');
    await page.goto(`${url}#diff-content-${fileHash('src/checkout.ts')}`);
    const checkout = file('src/checkout.ts');
    await checkout.locator('.diff-table').waitFor();
    await expect
      .poll(async () => {
        const box = await checkout.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 500;
      })
      .toBe(true);
    await screenshot(page, 'diffs-deep-link');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('follows a line anchor (the line code) to its line and marks it', async () => {
    await page.goto(url);
    const reduce = file('src/cart.ts').locator('tr', { hasText: 'items.reduce' });
    const lineCode = await reduce.getAttribute('id');
    expect(lineCode).toMatch(new RegExp(`^${fileHash('src/cart.ts')}_\\d+_4$`));
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto('/');
    await page.goto(`${url}#${lineCode}`);
    const target = page.locator(`[id="${lineCode}"]`);
    await target.waitFor();
    await expect
      .poll(async () => {
        const box = await target.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 400;
      })
      .toBe(true);
    expect(await target.getAttribute('class')).toContain('diff-line--target');
    await screenshot(page, 'diffs-line-anchor');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('shows one file at a time with previous and next', async () => {
    await page.goto(url);
    await page.getByLabel('Show one file at a time').check();
    await page.getByText('File 1 of 5').waitFor();
    await page.getByRole('button', { name: 'Next file' }).click();
    await page.getByText('File 2 of 5').waitFor();
    expect(await page.locator('.diff-file').count()).toBe(1);
    await screenshot(page, 'diffs-file-by-file');
    await page.getByLabel('Show one file at a time').uncheck();
  });

  it('fetches the files on either side of the one shown ahead in file-by-file mode', async () => {
    const listed = (
      (await (await page.request.get(url.replace(/\/diffs$/, '/diffs_metadata.json'))).json()) as {
        diff_files: Array<{ new_path: string }>;
      }
    ).diff_files.map((f) => f.new_path);
    const asked = new Set<string>();
    const onRequest = (request: Request) => {
      if (request.url().includes('/diff_for_path.json?'))
        asked.add(new URL(request.url()).searchParams.get('new_path')!);
    };
    await page.goto(url);
    await page.getByLabel('Show one file at a time').check();
    await page.getByText('File 1 of 5').waitFor();
    await page.waitForLoadState('networkidle');
    page.on('request', onRequest);
    // The third file, linked: its neighbours are the second and the fourth.
    await page.goto(`${url}?file=${fileHash(listed[2]!)}`);
    await page.getByText('File 3 of 5').waitFor();
    await expect.poll(() => asked.has(listed[1]!) && asked.has(listed[3]!)).toBe(true);
    expect(asked.has(listed[0]!) || asked.has(listed[4]!)).toBe(false);
    // One step on, the fifth file is the new neighbour and is fetched ahead in its turn.
    await page.getByRole('button', { name: 'Next file' }).click();
    await page.getByText('File 4 of 5').waitFor();
    await expect.poll(() => asked.has(listed[4]!)).toBe(true);
    page.off('request', onRequest);
    await page.getByLabel('Show one file at a time').uncheck();
  });

  it('leaves Ctrl-F to the browser while every file is in the page', async () => {
    await page.setViewportSize({ width: 1280, height: 2400 });
    await page.goto(url);
    await file('src/cart.ts').locator('.diff-table').waitFor();
    await expect.poll(() => page.locator('.diff-file').count()).toBe(5);
    expect(await ctrlFLeftToBrowser(page)).toBe(true);
    expect(
      await page.getByLabel('Find in changes').evaluate((input) => input === document.activeElement),
    ).toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('hides whitespace changes on request and keeps the choice on the signed-in user', async () => {
    await page.goto(url);
    await file('src/cart.ts').locator('.diff-table').waitFor();
    const refetch = page.waitForRequest(
      (r) => r.url().includes('diffs_batch.json') && r.url().includes('w=1'),
    );
    await page.getByLabel('Show whitespace changes').uncheck();
    await refetch;
    await file('src/cart.ts').locator('.diff-table').waitFor();
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/v4/user/preferences')).json()) as Prefs)
            .show_whitespace_in_diffs,
      )
      .toBe(false);
    await page.reload();
    await file('src/cart.ts').locator('.diff-table').waitFor();
    expect(await page.getByLabel('Show whitespace changes').isChecked()).toBe(false);
    await page.getByLabel('Show whitespace changes').check();
  });

  it('says "Unable to load the diff" when a batch fails and loads it on "Try again"', async () => {
    let failing = true;
    await page.route('**/diffs_batch.json**', async (route) => {
      if (failing) await route.fulfill({ status: 500, body: '{"message":"500 Internal Server Error"}' });
      else await route.continue();
    });
    await page.goto(url);
    await file('src/cart.ts').getByText('Unable to load the diff').waitFor();
    await screenshot(page, 'diffs-load-error');
    failing = false;
    await file('src/cart.ts').getByRole('button', { name: 'Try again' }).click();
    await file('src/cart.ts').locator('.diff-table').waitFor();
    await page.unroute('**/diffs_batch.json**');
  });

  it('says why a link to a version that does not exist cannot be shown, and leads to the latest', async () => {
    await page.goto(`${url}?diff_id=999999`);
    await page.getByText('404 Merge Request Diff Not Found').waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await screenshot(page, 'diffs-unknown-version');
    await page.getByRole('link', { name: 'Show latest version' }).click();
    await file('src/cart.ts').locator('.diff-table').waitFor();
    expect(new URL(page.url()).search).toBe('');

    await page.goto(`${url}?start_sha=${'a'.repeat(40)}&view=parallel`);
    await page.getByText('start_sha is not the head of another version of this merge request').waitFor();
    expect(await page.getByRole('link', { name: 'Show latest version' }).getAttribute('href')).toBe(
      `${url}?view=parallel`,
    );
  });

  it('offers "Try again" when the diff cannot be read for a reason that may pass (a 5xx)', async () => {
    let failing = true;
    await page.route('**/diffs_metadata.json**', async (route) => {
      if (failing) await route.fulfill({ status: 503, body: '{"message":"503 Service Unavailable"}' });
      else await route.continue();
    });
    await page.goto(url);
    await page.getByText('Unable to load the diff').waitFor();
    expect(await page.getByRole('link', { name: 'Show latest version' }).count()).toBe(0);
    await screenshot(page, 'diffs-metadata-error');
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await file('src/cart.ts').locator('.diff-table').waitFor();
    await page.unroute('**/diffs_metadata.json**');
  });
});
