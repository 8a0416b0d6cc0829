import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import { createTestApp, type TestApp } from '../support/test-app';

/** The header's own buttons: the comment form has a close button of the same name. */
const headerActions = (page: Page) => page.getByRole('group', { name: 'Merge request actions' });

const run = promisify(execFile);

/** The issue's whole path, as a new user walks it: nothing is arranged behind the browser's back. */
describe('a new user, from sign-up to a reopened merge request', () => {
  let t: TestApp;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let workDir: string;
  const user = {
    name: 'Grace Hopper',
    username: 'grace',
    email: 'grace@example.com',
    password: 'compile-all-the-things',
  };

  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await t.listen();
    browser = await launchBrowser();
    page = await (await newContext(browser, baseUrl)).newPage();
    workDir = await mkdtemp(path.join(os.tmpdir(), 'journey-'));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await rm(workDir, { recursive: true, force: true });
  });

  const git = (args: string[], cwd = workDir) =>
    run('git', ['-c', `user.name=${user.name}`, '-c', `user.email=${user.email}`, ...args], {
      cwd,
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', HOME: workDir, GIT_CONFIG_NOSYSTEM: '1' },
    });

  it('signs up', async () => {
    await page.goto('/users/sign_up');
    await page.getByLabel('Full name').fill(user.name);
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await screenshot(page, 'journey-1-sign-up');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('button', { name: user.username }).waitFor();
  });

  it('creates a project with a README', async () => {
    await page.goto('/projects/new');
    await page.getByLabel('Project name').fill('Compiler');
    await page.getByLabel('Public').check();
    await page.getByRole('button', { name: 'Create project' }).click();
    // The README renders its own "Compiler" heading: wait on what only the project home has.
    await page.getByLabel('Clone with HTTP').waitFor();
    await page.getByRole('region', { name: 'README' }).getByRole('heading', { name: 'Compiler' }).waitFor();
    expect(await page.getByLabel('Clone with HTTP').inputValue()).toBe(
      `${t.config.externalUrl}/grace/compiler.git`,
    );
    await screenshot(page, 'journey-2-project');
  });

  it('pushes a branch with the real git client', async () => {
    const remote = `${baseUrl.replace('http://', `http://${user.username}:${user.password}@`)}/grace/compiler.git`;
    await git(['clone', '--quiet', remote, 'compiler']);
    const repo = path.join(workDir, 'compiler');
    await git(['checkout', '--quiet', '-b', 'feature/lexer'], repo);
    await writeFile(
      path.join(repo, 'lexer.ts'),
      'export const tokens = (source: string) => source.split(/\\s+/);\n',
    );
    await git(['add', 'lexer.ts'], repo);
    await git(['commit', '--quiet', '-m', 'Add a whitespace lexer'], repo);
    await git(['push', '--quiet', 'origin', 'feature/lexer'], repo);
    const { stdout } = await git(['ls-remote', '--heads', 'origin'], repo);
    expect(stdout).toContain('refs/heads/feature/lexer');
  });

  it('opens a merge request in the web app and sees its commit', async () => {
    await page.goto('/grace/compiler/-/merge_requests/new');
    await page.getByLabel('Source branch', { exact: true }).selectOption('feature/lexer');
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Add a whitespace lexer');
    await page.getByLabel('Description').fill('Splits the source on **whitespace**.');
    await page.getByRole('button', { name: 'Create merge request' }).click();
    await page.waitForURL((url) => url.pathname === '/grace/compiler/-/merge_requests/1');
    await page.getByRole('heading', { name: 'Add a whitespace lexer' }).waitFor();
    await screenshot(page, 'journey-3-merge-request');

    await page
      .getByRole('navigation', { name: 'Merge request tabs' })
      .getByRole('link', { name: /^Commits/ })
      .click();
    const commits = page.getByRole('list', { name: 'Commits' }).getByRole('listitem');
    await commits.first().waitFor();
    expect(await commits.count()).toBe(1);
    expect(await commits.first().innerText()).toContain('Add a whitespace lexer');
    await screenshot(page, 'journey-4-commits');
  });

  it('closes and reopens it', async () => {
    await page
      .getByRole('navigation', { name: 'Merge request tabs' })
      .getByRole('link', { name: /^Overview/ })
      .click();
    await headerActions(page).getByRole('button', { name: 'Close merge request' }).click();
    await page.locator('.mr-header').getByText('Closed', { exact: true }).waitFor();
    await screenshot(page, 'journey-5-closed');
    await headerActions(page).getByRole('button', { name: 'Reopen merge request' }).click();
    await page.locator('.mr-header').getByText('Open', { exact: true }).waitFor();
    await headerActions(page).getByRole('button', { name: 'Close merge request' }).waitFor();
    const api = await fetch(`${baseUrl}/api/v4/projects/grace%2Fcompiler/merge_requests/1`);
    expect(await api.json()).toMatchObject({ state: 'opened', source_branch: 'feature/lexer' });
    await screenshot(page, 'journey-6-reopened');
  });
});
