import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { openChangesTab, type ChangesTab } from '../support/changes-tab';
import { commitWithFastImport } from '../support/git-plumbing';

const LIB = '5'.repeat(40);
const gitmodules = '[submodule "lib"]\n\tpath = vendor/lib\n\turl = ../lib.git\n';
/** One line of 1.1 MB: its patch passes the per-file maximum. */
const bundle = `window.app=${JSON.stringify('x'.repeat(1_100_000))};\n`;
const archive = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64, 0), Buffer.from('payload\n')]);

describe('the Changes tab: viewers for files it cannot show as lines', () => {
  let tab: ChangesTab;
  let page: Page;
  let url: string;
  let head: string;

  beforeAll(async () => {
    tab = await openChangesTab({
      base: [
        { action: 'create', path: 'README.md', content: '# app\n' },
        { action: 'create', path: 'assets/blob.dat', content: archive },
      ],
      changes: [
        { action: 'create', path: '.gitmodules', content: gitmodules },
        { action: 'create', path: 'dist/bundle.min.js', content: bundle },
        {
          action: 'create',
          path: 'docs/latin1.txt',
          content: Buffer.from('caf\u00e9 cr\u00e8me\n', 'latin1'),
        },
        { action: 'create', path: 'data/controls.txt', content: 'bell \u0007 and escape-free \u0001 text\n' },
        { action: 'create', path: 'docs/empty.md', content: '' },
        { action: 'delete', path: 'assets/blob.dat' },
        { action: 'create', path: 'archive/blob.dat', content: archive },
      ],
      // What the files API cannot write: a submodule, and a file name that is not UTF-8.
      extend: async (gitDir, branch) => {
        head = await commitWithFastImport(gitDir, branch, 'Vendor lib, Latin-1 name', [
          { kind: 'gitlink', path: 'vendor/lib', sha: LIB },
          { kind: 'file', quotedPath: '"caf\\351.txt"', content: 'menu\n' },
        ]);
      },
    });
    ({ page, url } = tab);
    // Tall enough for every file to be rendered by the virtualized list.
    await page.setViewportSize({ width: 1280, height: 2400 });
    await page.goto(url);
    await page.getByRole('region', { name: 'data/controls.txt' }).waitFor();
  });
  afterAll(async () => {
    await tab?.close();
  });

  const file = (path: string) => page.getByRole('region', { name: path, exact: true });
  /** The files API's raw address of a file at the head commit. */
  const rawUrl = (path: string) =>
    `/api/v4/projects/${encodeURIComponent(tab.project.fullPath)}/repository/files/${encodeURIComponent(path)}/raw?ref=${head}`;

  it('warns, without a way to dismiss it, that some file names are not valid UTF-8', async () => {
    const alert = page.getByText(
      'Some file names are not valid UTF-8 and are shown with replacement characters.',
    );
    await alert.waitFor();
    expect(
      await page
        .locator('.diffs')
        .getByRole('button', { name: /dismiss/i })
        .count(),
    ).toBe(0);
    // Its lines too, although no pathspec can name it.
    await file('caf\uFFFD.txt').locator('.diff-line--new').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'diffs-encoded-paths');
  });

  it('says a diff past the size limit is too large, with a link to the raw file', async () => {
    const big = file('dist/bundle.min.js');
    await big.getByText('The diff is too large to show.').waitFor();
    expect(await big.getByRole('link', { name: 'View the raw file' }).getAttribute('href')).toBe(
      rawUrl('dist/bundle.min.js'),
    );
    expect(await big.locator('.diff-table').count()).toBe(0);
    await screenshot(big, 'diffs-too-large');
  });

  it('links a submodule to its project at the new commit and shows its commit line', async () => {
    const lib = file('vendor/lib');
    await lib.locator('.diff-line--new').first().waitFor();
    expect(await lib.getByText('submodule', { exact: true }).isVisible()).toBe(true);
    expect(await lib.locator('.diff-file__name').getAttribute('href')).toBe(
      `/${tab.project.namespace.path}/lib/-/tree/${LIB}`,
    );
    expect(await lib.locator('.diff-line--new .diff-code').innerText()).toBe(`+Subproject commit ${LIB}`);
    await screenshot(lib, 'diffs-submodule');
  });

  it('links a binary file renamed with no changes to the file at the head commit', async () => {
    const renamed = file('archive/blob.dat');
    await renamed.getByText('File renamed with no changes.').waitFor();
    const link = renamed.locator('.diff-viewer-message').getByRole('link');
    expect(await link.innerText()).toBe(`View file @ ${head.slice(0, 8)}`);
    expect(await link.getAttribute('href')).toBe(`/${tab.project.fullPath}/-/blob/${head}/archive/blob.dat`);
    expect(await renamed.getByRole('button', { name: 'Show file contents' }).count()).toBe(0);
  });

  it('says a new file without content is an empty file, as GitLab does', async () => {
    const empty = file('docs/empty.md');
    await empty.getByText('Empty file', { exact: true }).waitFor();
    expect(await empty.locator('.diff-table').count()).toBe(0);
    await screenshot(empty, 'diffs-empty-file');
  });

  it('says why text that is not valid UTF-8, or holds control characters, is offered as a download', async () => {
    const latin1 = file('docs/latin1.txt');
    await latin1.getByText('The file is not valid UTF-8 text.').waitFor();
    expect(await latin1.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      rawUrl('docs/latin1.txt'),
    );
    const controls = file('data/controls.txt');
    await controls.getByText('The file holds control characters, so it is shown as binary.').waitFor();
    expect(await controls.getByRole('link', { name: 'Download' }).isVisible()).toBe(true);
    await screenshot(latin1, 'diffs-not-utf8');
    await screenshot(controls, 'diffs-control-characters');
  });
});
