import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot, signedInPage } from '../support/browser';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

describe('groups, projects and members in the browser', () => {
  let t: TestApp;
  let url: string;
  let browser: Browser;
  let page: Page;
  let owner: TestUser;
  let colleague: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
    owner = await buildUser(t.container, { username: 'grace', name: 'Grace Hopper' });
    colleague = await buildUser(t.container, { username: 'alan', name: 'Alan Turing' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
    await t.close();
  });
  afterEach(async () => {
    await page.context().close();
  });

  /** A page of its own browser context, signed in as `user` if given, else anonymous. */
  const open = async (user?: TestUser) => {
    page = user ? await signedInPage(browser, url, user) : await (await newContext(browser, url)).newPage();
    return page;
  };

  it('creates a group and a project in it, shows it on the dashboard and adds a member', async () => {
    await open(owner);

    await page.goto('/dashboard/projects');
    await expect.poll(() => page.getByRole('heading', { name: 'No projects yet' }).isVisible()).toBe(true);
    await screenshot(page, 'projects-dashboard-empty');

    await page.goto('/dashboard/groups');
    await page.getByRole('link', { name: 'New group' }).first().click();
    await page.getByLabel('Group name').fill('Platform Team');
    expect(await page.getByLabel('Group URL').inputValue()).toBe('platform-team');
    await page.getByLabel('Internal').check();
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.waitForURL('**/platform-team');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Platform Team', level: 1 }).isVisible())
      .toBe(true);
    // The group's projects are read after its heading shows.
    await expect.poll(() => page.getByText('No projects in this group yet').isVisible()).toBe(true);

    await page.getByRole('link', { name: 'New project' }).first().click();
    await page.getByLabel('Project name').fill('Billing Service');
    expect(await page.getByLabel('Project slug').inputValue()).toBe('billing-service');
    await expect
      .poll(() => page.getByLabel('Project URL').locator('option:checked').textContent())
      .toBe('platform-team');
    await page.getByLabel('Project description (optional)').fill('Invoices and payments');
    await page.getByLabel('Internal').check();
    expect(await page.getByLabel('Initialize repository with a README').isChecked()).toBe(true);
    await screenshot(page, 'project-new');
    await page.getByRole('button', { name: 'Create project' }).click();

    await page.waitForURL('**/platform-team/billing-service');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Billing Service', level: 1 }).isVisible())
      .toBe(true);
    expect(await page.getByText('Invoices and payments').first().isVisible()).toBe(true);
    expect(await page.getByLabel('Clone with HTTP').inputValue()).toBe(
      `${t.config.externalUrl}/platform-team/billing-service.git`,
    );
    await expect.poll(() => page.getByRole('region', { name: 'README' }).isVisible()).toBe(true);
    const nav = page.getByRole('navigation', { name: 'Project' });
    for (const item of ['Overview', 'Files', 'Commits', 'Branches', 'Merge requests', 'Members', 'Settings'])
      expect(await nav.getByRole('link', { name: item }).isVisible()).toBe(true);
    await screenshot(page, 'project-home');

    await page.getByRole('link', { name: 'Projects', exact: true }).click();
    await page.waitForURL('**/dashboard/projects');
    const list = page.getByRole('list', { name: 'Projects' });
    await expect
      .poll(() => list.getByRole('link', { name: 'Platform Team / Billing Service' }).isVisible())
      .toBe(true);
    expect(await list.getByText('Owner').isVisible()).toBe(true);
    await screenshot(page, 'projects-dashboard');

    await page.goto('/platform-team/billing-service');
    await nav.getByRole('link', { name: 'Members' }).click();
    await page.waitForURL('**/-/project_members');
    await page.getByLabel('Username or name').fill('ala');
    await page.getByRole('option', { name: /Alan Turing/ }).click();
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Reporter' });
    await page.getByRole('button', { name: 'Add member' }).click();
    await expect.poll(() => page.getByText('Alan Turing was added as Reporter.').isVisible()).toBe(true);
    const members = page.getByRole('list', { name: 'Members' });
    expect(await members.getByLabel('Role of alan').inputValue()).toBe('20');
    await members.getByLabel('Role of alan').selectOption({ label: 'Developer' });
    await expect
      .poll(async () => {
        const response = await t.app.inject({
          url: `/api/v4/projects/${encodeURIComponent('platform-team/billing-service')}/members/${colleague.id}`,
          headers: owner.headers,
        });
        return response.json<{ access_level?: number }>().access_level;
      })
      .toBe(30);
    await screenshot(page, 'project-members');

    await page.goto('/platform-team');
    const groupProjects = page.getByRole('list', { name: 'Group projects' });
    await expect
      .poll(() => groupProjects.getByRole('link', { name: 'Platform Team / Billing Service' }).isVisible())
      .toBe(true);
    await screenshot(page, 'group-page');

    await page.getByRole('link', { name: 'Members' }).click();
    await page.waitForURL('**/groups/platform-team/-/group_members');
    const groupMembers = page.getByRole('list', { name: 'Members' });
    await expect.poll(() => groupMembers.getByText('Grace Hopper').isVisible()).toBe(true);
    expect(await groupMembers.getByLabel('Role of grace').inputValue()).toBe('50');
  });

  it('removes a member after confirmation, and only Maintainers see the member controls', async () => {
    const project = await buildProject(t.container, owner, { name: 'Docs Site', path: 'docs-site' });
    const url = `/api/v4/projects/${project.project.id}/members`;
    await t.app.inject({
      method: 'POST',
      url,
      headers: owner.headers,
      payload: { user_id: colleague.id, access_level: 30 },
    });

    await open(colleague);
    await page.goto('/grace/docs-site/-/project_members');
    await expect
      .poll(() => page.getByRole('list', { name: 'Members' }).getByText('Grace Hopper').isVisible())
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Add member' }).count()).toBe(0);
    expect(await page.getByLabel('Role of grace').count()).toBe(0);
    expect(
      await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Settings' }).count(),
    ).toBe(0);
    await page.context().close();

    await open(owner);
    await page.goto('/grace/docs-site/-/project_members');
    await page.getByRole('button', { name: 'Remove alan' }).click();
    await page.getByRole('button', { name: 'Remove member' }).click();
    await expect
      .poll(() => page.getByRole('list', { name: 'Members' }).getByText('Alan Turing').count())
      .toBe(0);
    const left = await t.app.inject({ url: `${url}/${colleague.id}`, headers: owner.headers });
    expect(left.statusCode).toBe(404);
  });

  it('shows server errors on the new project form in a flash and creates nothing', async () => {
    await buildProject(t.container, owner, { name: 'Taken', path: 'taken' });
    await open(owner);
    await page.goto('/projects/new');
    await page.getByLabel('Project name').fill('Taken');
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect.poll(() => page.getByText('Path has already been taken').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/projects/new');
  });

  it('edits settings, archives, and deletes a project only after its path is typed', async () => {
    await buildProject(t.container, owner, { name: 'Scratch', path: 'scratch', description: 'Old words' });
    await open(owner);
    await page.goto('/grace/scratch/-/edit');
    await page.getByLabel('Project description (optional)').fill('New words');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(() => page.getByText('Project ‘Scratch’ was successfully updated.').isVisible())
      .toBe(true);

    await page.getByRole('button', { name: 'Archive project' }).click();
    await expect
      .poll(() => page.getByText('This project is archived.', { exact: false }).isVisible())
      .toBe(true);
    await screenshot(page, 'project-settings');

    const remove = page.getByRole('button', { name: 'Yes, delete project' });
    expect(await remove.isDisabled()).toBe(true);
    await page.getByLabel('Enter the following to confirm: grace/scratch').fill('grace/scratch');
    await remove.click();
    await page.waitForURL('**/dashboard/projects');
    const gone = await t.app.inject({
      url: `/api/v4/projects/${encodeURIComponent('grace/scratch')}`,
      headers: owner.headers,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('shows anonymous visitors public projects only, and not found for a private one', async () => {
    await buildProject(t.container, owner, { name: 'Open Book', path: 'open-book', visibility: 'public' });
    await buildProject(t.container, owner, { name: 'Diary', path: 'diary', visibility: 'private' });
    await open();
    await page.goto('/dashboard/projects');
    const list = page.getByRole('list', { name: 'Projects' });
    await expect
      .poll(() => list.getByRole('link', { name: 'Grace Hopper / Open Book' }).isVisible())
      .toBe(true);
    expect(await list.getByRole('link', { name: 'Grace Hopper / Diary' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'New project' }).count()).toBe(0);

    await page.goto('/grace/diary');
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);
    await page.goto('/grace');
    await expect.poll(() => page.getByRole('heading', { name: 'Grace Hopper' }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('link', { name: 'Grace Hopper / Open Book' }).isVisible())
      .toBe(true);
    await screenshot(page, 'user-namespace');
  });
});
