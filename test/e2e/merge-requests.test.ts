import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newContext, screenshot } from '../support/browser';
import { signedInProject } from '../support/browser-setup';
import { buildMergeRequest, pushFile } from '../support/merge-request-factories';

/** The header's own buttons: the comment form has a close button of the same name. */
const headerActions = (page: Page) => page.getByRole('group', { name: 'Merge request actions' });

describe('merge requests in the browser', () => {
  const setup = signedInProject({ visibility: 'public' });
  beforeAll(async () => {
    await pushFile(setup.project, 'feature/login', {
      path: 'src/login.ts',
      content: 'export function login(user: string) {\n  return `hello ${user}`;\n}\n',
      message: 'Add a login function',
    });
    await pushFile(setup.project, 'feature/login', {
      path: 'README.md',
      content: `# ${setup.project.project.name}\n\nSign in with \`login()\`.\n`,
      message: 'Document the login function',
    });
  });

  const mrUrl = (path = '') => `/${setup.project.fullPath}/-/merge_requests${path}`;
  const mrTab = (name: string) =>
    setup.page
      .getByRole('navigation', { name: 'Merge request tabs' })
      .getByRole('link', { name: new RegExp(`^${name}`) });
  const badge = (text: string) => setup.page.locator('.mr-header').getByText(text, { exact: true });

  it('shows an empty list with a way to start', async () => {
    const { page } = setup;
    await page.goto(mrUrl());
    await page.getByText('No open merge requests').waitFor();
    await page.getByRole('link', { name: 'New merge request' }).click();
    await page.waitForURL((url) => url.pathname === mrUrl('/new'));
  });

  it('opens a merge request from the web form, title prefilled from the last commit', async () => {
    const { page } = setup;
    await page.getByLabel('Source branch', { exact: true }).selectOption('feature/login');
    expect(await page.getByLabel('Target branch').inputValue()).toBe('main');
    expect(await page.getByLabel('Title').inputValue()).toBe('Document the login function');
    await page.getByLabel('Title').fill('Add login');
    await page
      .getByLabel('Description')
      .fill('Adds **login**.\n\n- [x] code\n- [ ] docs\n\n<script>alert(1)</script>');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('.md-editor__preview strong', { hasText: 'login' }).waitFor();
    expect(await page.locator('.md-editor__preview script').count()).toBe(0);
    // The project's default (on), which this request keeps as its own choice.
    const deleteSource = page.getByLabel('Delete source branch when merge request is accepted.');
    expect(await deleteSource.isChecked()).toBe(true);
    await deleteSource.uncheck();
    await screenshot(page, 'merge-request-new');
    await page.getByRole('button', { name: 'Create merge request' }).click();

    await page.waitForURL((url) => url.pathname === mrUrl('/1'));
    await page.getByRole('heading', { name: 'Add login' }).waitFor();
    expect(await badge('Open').isVisible()).toBe(true);
    expect(await page.locator('.mr-header__meta').innerText()).toContain(
      'Ada Lovelace requested to merge feature/login into main',
    );
    expect(await page.locator('.mr-description strong').innerText()).toBe('login');
    expect(await page.locator('.mr-description').innerText()).toContain('<script>alert(1)</script>');
    const created = await setup.t.app.inject({
      url: `/api/v4/projects/${setup.project.project.id}/merge_requests/1`,
    });
    expect(created.json()).toMatchObject({ force_remove_source_branch: false });
    await screenshot(page, 'merge-request-overview');
  });

  it('lists the commits and the changes on their tabs', async () => {
    const { page } = setup;
    await mrTab('Commits').click();
    await page.waitForURL((url) => url.pathname === mrUrl('/1/commits'));
    const commits = page.getByRole('list', { name: 'Commits' }).getByRole('listitem');
    await commits.first().waitFor();
    expect(await commits.allInnerTexts()).toEqual([
      expect.stringContaining('Document the login function'),
      expect.stringContaining('Add a login function'),
    ]);
    await screenshot(page, 'merge-request-commits');

    await mrTab('Pipelines').click();
    await page.getByText('There are currently no pipelines.').waitFor();

    await mrTab('Changes').click();
    await page.waitForURL((url) => url.pathname === mrUrl('/1/diffs'));
    const loginFile = page.getByRole('region', { name: 'src/login.ts' });
    await loginFile.waitFor();
    await loginFile.locator('.diff-line--new').first().waitFor();
    expect(await loginFile.locator('.diff-line--new .diff-code').first().innerText()).toBe(
      '+export function login(user: string) {',
    );
    const readme = page.getByRole('region', { name: 'README.md' });
    expect(await readme.locator('.diff-line--old').count()).toBeGreaterThan(0);
    await screenshot(page, 'merge-request-changes');
  });

  it('closes and reopens the merge request', async () => {
    const { t, page, owner, project } = setup;
    await mrTab('Overview').click();
    await headerActions(page).getByRole('button', { name: 'Close merge request' }).click();
    await badge('Closed').waitFor();
    await headerActions(page).getByRole('button', { name: 'Reopen merge request' }).click();
    await badge('Open').waitFor();
    await headerActions(page).getByRole('button', { name: 'Close merge request' }).waitFor();
    const mr = await t.container.mergeRequests.show(owner, project.project.id, 1);
    expect(mr.mergeRequest.state).toBe('opened');
  });

  it('says it could not reopen when another open merge request has the same branches', async () => {
    const { t, page, owner, project } = setup;
    const first = await buildMergeRequest(t.container, owner, project, {
      source_branch: 'twice',
      title: 'First',
    });
    await t.container.mergeRequests.update(owner, project.project.id, first.mergeRequest.iid, {
      state_event: 'close',
    });
    await t.container.mergeRequests.create(owner, project.project.id, {
      source_branch: 'twice',
      title: 'Second',
    });
    await page.goto(mrUrl(`/${first.mergeRequest.iid}`));
    await headerActions(page).getByRole('button', { name: 'Reopen merge request' }).click();
    await page
      .getByText('An error occurred. Unable to reopen this merge request.', { exact: true })
      .waitFor();
    expect(await badge('Closed').isVisible()).toBe(true);
  });

  it('lists merge requests by state with counts and search', async () => {
    const { page } = setup;
    await page.goto(mrUrl());
    const rows = page.getByRole('list', { name: 'Merge requests' }).getByRole('listitem');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    const tab = (name: string) =>
      page
        .getByRole('navigation', { name: 'Merge request states' })
        .getByRole('link', { name: new RegExp(`^${name}`) });
    await expect.poll(() => tab('Open').innerText()).toMatch(/^Open\s*2\b/);
    await expect.poll(() => tab('Closed').innerText()).toMatch(/^Closed\s*1\b/);
    await expect.poll(() => tab('All').innerText()).toMatch(/^All\s*3\b/);
    await screenshot(page, 'merge-request-list');

    await page.getByLabel('Search merge requests').fill('login');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('search') === 'login');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('Add login');

    await page.getByRole('link', { name: /^Merged/ }).click();
    await page.getByText('No merge requests match your search').waitFor();
  });

  it('shows anonymous visitors the request without the actions', async () => {
    const { browser, page } = setup;
    const visitor = await (await newContext(browser, new URL(page.url()).origin)).newPage();
    await visitor.goto(mrUrl('/1'));
    await visitor.getByRole('heading', { name: 'Add login' }).waitFor();
    expect(await headerActions(visitor).getByRole('button', { name: 'Close merge request' }).count()).toBe(0);
    expect(await visitor.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await visitor.getByRole('link', { name: 'New merge request' }).count()).toBe(0);
  });
});
