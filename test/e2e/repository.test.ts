import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { commitFiles } from '../../src/server/git/commits';
import { branchRef, resolveCommit } from '../../src/server/git/repository';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { openAt, signedInAndAnonymous } from '../support/layout';
import { createTestApp, type TestApp } from '../support/test-app';

const ada = { name: 'Ada Lovelace', email: 'ada@example.com' };

describe('repository pages in the browser', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let owner: TestUser;
  let project: ProjectContext;
  let empty: ProjectContext;
  let head: string;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Grace Hopper' });
    project = await buildProject(t.container, owner, { path: 'compiler', visibility: 'public' });
    empty = await buildProject(t.container, owner, { path: 'blank', initialize_with_readme: false });
    await commitFiles(project.gitDir, {
      branch: 'main',
      message: 'Add the parser\n\nA recursive descent parser for the expression language.',
      author: { ...ada, date: new Date('2024-05-02T09:00:00Z') },
      changes: [
        {
          action: 'create',
          path: 'src/parser.ts',
          content: 'export function parse(input: string) {\n  return input.trim();\n}\n',
        },
        { action: 'create', path: 'src/lexer/tokens.ts', content: 'export const tokens = [];\n' },
        { action: 'create', path: 'docs/logo.png', content: Buffer.from([137, 80, 78, 71, 0, 0, 0]) },
        {
          action: 'update',
          path: 'README.md',
          content:
            '# Compiler\n\nA **tiny** compiler.\n\n- parses expressions\n- reports errors\n\n<script>alert(1)</script>\n',
        },
      ],
    });
    head = await commitFiles(project.gitDir, {
      branch: 'main',
      message: 'Trim less eagerly',
      author: { ...ada, date: new Date('2024-05-03T15:30:00Z') },
      changes: [
        {
          action: 'update',
          path: 'src/parser.ts',
          content: 'export function parse(input: string) {\n  return input.trimEnd();\n}\n',
        },
      ],
    });
    await commitFiles(project.gitDir, {
      branch: 'feature/errors',
      startBranch: 'main',
      message: 'Report parse errors',
      author: { ...ada, date: new Date('2024-05-04T10:00:00Z') },
      changes: [
        { action: 'create', path: 'src/errors.ts', content: 'export class ParseError extends Error {}\n' },
      ],
    });
    await commitFiles(project.gitDir, {
      branch: 'old-experiment',
      startBranch: 'main',
      message: 'Try something',
      author: { ...ada, date: new Date('2024-05-04T11:00:00Z') },
      changes: [{ action: 'create', path: 'x.txt', content: 'x\n' }],
    });
    browser = await launchBrowser();
    baseUrl = await t.listen();
    page = await signedInPage(browser, baseUrl, owner);
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail')
      await screenshot(page, `failed-${context.task.name.slice(0, 30)}`);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('browses the tree folder by folder and opens a file with line numbers', async () => {
    await page.goto(`/${project.fullPath}/-/tree/main`);
    const files = page.getByRole('table', { name: 'Files' });
    await expect.poll(() => files.getByRole('link').allTextContents()).toEqual(['docs', 'src', 'README.md']);
    await screenshot(page, 'repository-tree');

    await files.getByRole('link', { name: 'src' }).click();
    await expect.poll(() => files.getByRole('link').allTextContents()).toEqual(['..', 'lexer', 'parser.ts']);
    await expect.poll(() => page.getByRole('group', { name: 'File path' }).textContent()).toContain('src');

    await files.getByRole('link', { name: 'parser.ts' }).click();
    await page.waitForURL(`**/${project.fullPath}/-/blob/main/src/parser.ts`);
    const code = page.getByRole('table', { name: 'File contents' });
    await expect.poll(() => code.locator('tr').count()).toBe(3);
    expect(await code.locator('tr').nth(1).textContent()).toBe('2  return input.trimEnd();');
    expect(await page.getByRole('link', { name: 'Open raw' }).getAttribute('href')).toContain(
      '/repository/files/src%2Fparser.ts/raw?ref=main',
    );
    await screenshot(page, 'repository-blob');
  });

  it('shows the default branch files and the rendered README on the project home', async () => {
    await page.goto(`/${project.fullPath}`);
    const readme = page.getByRole('region', { name: 'README' });
    await expect.poll(() => readme.getByRole('heading', { name: 'Compiler' }).isVisible()).toBe(true);
    expect(await readme.locator('strong').textContent()).toBe('tiny');
    expect(await readme.getByRole('listitem').allTextContents()).toEqual([
      'parses expressions',
      'reports errors',
    ]);
    expect(await readme.locator('script').count()).toBe(0);
    expect(await page.getByRole('table', { name: 'Files' }).getByRole('link').allTextContents()).toEqual([
      'docs',
      'src',
      'README.md',
    ]);
    await screenshot(page, 'repository-overview');
  });

  it('says a binary file cannot be displayed', async () => {
    await page.goto(`/${project.fullPath}/-/blob/main/docs/logo.png`);
    await expect
      .poll(() => page.getByText('This file is binary and cannot be displayed.').isVisible())
      .toBe(true);
  });

  it('switches branches with slashes in their names, keeping the folder', async () => {
    await page.goto(`/${project.fullPath}/-/tree/main/src`);
    await page.getByRole('button', { name: 'Switch branch, current: main' }).click();
    await page.getByRole('menuitemradio', { name: 'feature/errors' }).click();
    await page.waitForURL(`**/-/tree/feature/errors/src`);
    await expect
      .poll(() => page.getByRole('table', { name: 'Files' }).getByRole('link').allTextContents())
      .toEqual(['..', 'lexer', 'errors.ts', 'parser.ts']);
  });

  it('lists branches with their labels and deletes one after confirming', async () => {
    await page.goto(`/${project.fullPath}/-/branches`);
    const list = page.getByRole('list', { name: 'Branches' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(3);
    const main = list
      .getByRole('listitem')
      .filter({ hasText: 'Trim less eagerly' })
      .filter({ hasText: 'default' });
    expect(await main.textContent()).toContain('protected');
    expect(await page.getByRole('button', { name: 'Delete branch main' }).count()).toBe(0);
    await screenshot(page, 'repository-branches');

    await page.getByRole('button', { name: 'Delete branch old-experiment' }).click();
    await page.getByRole('button', { name: 'Delete branch', exact: true }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    expect(await resolveCommit(project.gitDir, branchRef('old-experiment'))).toBeNull();

    await page.getByLabel('Filter by branch name').fill('feat');
    await page.getByLabel('Filter by branch name').press('Enter');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
  });

  it('shows the history grouped by day and a commit with its diff', async () => {
    await page.goto(`/${project.fullPath}/-/commits/main`);
    await expect
      .poll(() => page.locator('h2.commit-day').allTextContents())
      .toEqual(['May 3, 2024', 'May 2, 2024', expect.any(String)]);
    await screenshot(page, 'repository-commits');

    await page.getByRole('link', { name: 'Trim less eagerly' }).click();
    await page.waitForURL(`**/-/commit/${head}`);
    const diff = page.getByRole('region', { name: 'src/parser.ts' });
    await expect.poll(() => diff.textContent()).toContain('-  return input.trim();');
    expect(await diff.textContent()).toContain('+  return input.trimEnd();');
    expect(await page.getByText('1 addition', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'repository-commit');
  });

  it('pages through a long history, the page kept in the address', async () => {
    for (let n = 1; n <= 30; n++) {
      await commitFiles(project.gitDir, {
        branch: 'long-history',
        startBranch: 'main',
        message: `Step ${n}`,
        author: { ...ada, date: new Date(Date.UTC(2024, 5, n)) },
        changes: [{ action: 'create', path: `steps/${n}.txt`, content: `${n}\n` }],
      });
    }
    await page.goto(`/${project.fullPath}/-/commits/long-history`);
    const rows = page.locator('.commit-row');
    await expect.poll(() => rows.count()).toBe(30);
    expect(await rows.first().textContent()).toContain('Step 30');

    await page.getByRole('link', { name: 'Next Page' }).click();
    await page.waitForURL((url) => url.search === '?page=2');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.last().textContent()).toContain('Initial commit');
  });

  it('shows push instructions for an empty repository', async () => {
    await page.goto(`/${empty.fullPath}/-/tree`);
    await expect
      .poll(() => page.getByText('The repository for this project is empty').isVisible())
      .toBe(true);
    expect(await page.locator('pre.code').first().textContent()).toContain(
      `git clone ${t.config.externalUrl}/${empty.fullPath}.git`,
    );
    await screenshot(page, 'repository-empty');
  });

  describe('Files, Commits, Branches and a commit, at 1280 and 800 px', () => {
    const LONG_BRANCH = 'feature/report-parse-errors-with-the-line-and-column-of-the-offending-token';
    const LONG_FOLDER = 'src/diagnostics/formatters';
    const LONG_FILE = 'ParseErrorWithTheLineAndColumnOfTheOffendingTokenFormatter.ts';
    const LONG_TITLE =
      'Report parse errors with the line and column of the offending token in every message, so that editors can jump to them';
    let commit: string;
    const viewers = signedInAndAnonymous({ who: 'the owner', name: 'owner' }, () => ({
      browser,
      baseUrl,
      user: owner,
    }));

    beforeAll(async () => {
      commit = await commitFiles(project.gitDir, {
        branch: LONG_BRANCH,
        startBranch: 'main',
        message: `${LONG_TITLE}\n\nEach message now reads file:line:column, as compilers print them; the column counts UTF-16 code units from 1, which is what https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#position expects.`,
        author: { ...ada, date: new Date('2024-05-05T10:00:00Z') },
        changes: [
          {
            action: 'create',
            path: `${LONG_FOLDER}/${LONG_FILE}`,
            content:
              'export const formatParseError = (file: string, line: number, column: number, message: string): string => `${file}:${line}:${column}: ${message}`;\n',
          },
        ],
      });
    });

    for (const viewer of viewers) {
      for (const width of [1280, 800]) {
        it(`shows ${viewer.who} the files, the history, the branches and a commit at ${width} px`, async () => {
          const at = (path: string) => `/${project.fullPath}/-/${path}`;
          await openAt(viewer, width, at(`tree/${LONG_BRANCH}/${LONG_FOLDER}`), {
            loaded: (opened) => opened.getByRole('link', { name: LONG_FILE }).waitFor(),
            name: 'repository-tree',
          });
          await openAt(viewer, width, at(`commits/${LONG_BRANCH}`), {
            loaded: (opened) => opened.getByRole('link', { name: LONG_TITLE }).waitFor(),
            name: 'repository-commits',
          });
          await openAt(viewer, width, at('branches'), {
            loaded: (opened) => opened.getByRole('link', { name: LONG_BRANCH }).waitFor(),
            name: 'repository-branches',
          });
          const commitPage = await openAt(viewer, width, at(`commit/${commit}`), {
            loaded: (opened) =>
              opened.getByRole('region', { name: `${LONG_FOLDER}/${LONG_FILE} (added)` }).waitFor(),
            name: 'repository-commit',
          });
          // A line longer than the box scrolls inside it, coloured to its end.
          const { added, scrollWidth, clientWidth } = await commitPage
            .locator('.diff-text')
            .evaluate((diff) => ({
              added: diff.querySelector('.diff-line--add')?.getBoundingClientRect().width,
              scrollWidth: diff.scrollWidth,
              clientWidth: diff.clientWidth,
            }));
          expect(scrollWidth).toBeGreaterThan(clientWidth);
          expect(added).toBeCloseTo(scrollWidth, 0);
        });
      }
    }
  });
});
