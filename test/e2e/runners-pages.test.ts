import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import {
  addGroupMember,
  addProjectMember,
  buildProject,
  buildUser,
  type TestUser,
} from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';

describe('runners pages', () => {
  let t: TestApp;
  let browser: Browser;
  let baseUrl: string;
  let admin: TestUser;
  let owner: TestUser;
  let developer: TestUser;
  let project: ProjectContext;
  let groupId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await buildUser(t.container, { username: 'root', name: 'Administrator', admin: true });
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
    developer = await buildUser(t.container, { name: 'Dev Eloper' });
    project = await buildProject(t.container, owner, { path: 'shop' });
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    groupId = (await t.container.groups.createGroup(owner, { name: 'Fleet', path: 'fleet' })).group.id;
    baseUrl = await t.listen();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** Creates a runner from the page's dialog; answers its id, with the token shown once. */
  async function createRunner(page: Page, kind: string, tags: string): Promise<number> {
    await page.getByRole('button', { name: `New ${kind} runner` }).click();
    const dialog = page.getByRole('dialog', { name: `New ${kind} runner` });
    // Neither tags nor untagged jobs: the form says why it is not sent.
    await dialog.getByRole('button', { name: 'Create runner' }).click();
    await dialog.getByText('Add tags or select “Run untagged jobs”').waitFor();
    await dialog.getByLabel('Tags').fill(tags);
    await dialog.getByLabel('Runner description').fill(`${kind} builder`);
    await dialog.getByRole('button', { name: 'Create runner' }).click();
    const token = page.getByRole('textbox', { name: 'Runner authentication token' });
    await token.waitFor();
    expect(await token.inputValue()).toMatch(/^glrt-/);
    expect(await page.getByRole('textbox', { name: 'Start the bundled runner' }).inputValue()).toBe(
      `npm run runner -- --url ${baseUrl} --token ${await token.inputValue()}`,
    );
    expect(await page.getByRole('textbox', { name: 'Or register a GitLab Runner' }).inputValue()).toContain(
      'gitlab-runner register --url',
    );
    const created = await page.getByText(/^Runner #\d+ created\.$/).innerText();
    return Number(/#(\d+)/.exec(created)![1]);
  }

  async function pauseResumeDelete(page: Page, id: number): Promise<void> {
    const row = page.getByRole('row', { name: `Runner #${id}` });
    await row.getByRole('button', { name: `Pause runner #${id}` }).click();
    await row.getByText('Paused', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Resume runner #${id}` }).click();
    await row.getByRole('button', { name: `Pause runner #${id}` }).waitFor();
    expect(await row.getByText('Paused', { exact: true }).count()).toBe(0);
    await row.getByRole('button', { name: `Delete runner #${id}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete runner #${id}?` });
    await confirm.getByRole('button', { name: 'Delete runner' }).click();
    await expect.poll(() => row.count()).toBe(0);
  }

  it('lets an administrator create an instance runner, token shown once, then pause and delete it', async () => {
    const page = await signedInPage(browser, baseUrl, admin);
    await page.goto('/admin/runners');
    await page.getByRole('heading', { name: 'How jobs are isolated' }).waitFor();
    await page.getByText('No runners yet. Create an instance runner').waitFor();
    const id = await createRunner(page, 'instance', 'docker, linux');
    const row = page.getByRole('row', { name: `Runner #${id}` });
    await row.getByText('Never contacted').waitFor();
    expect(await row.innerText()).toContain('docker');
    expect(await row.innerText()).toContain('instance builder');
    await screenshot(page, 'runners-admin-created');

    // The token is never shown again: not after a reload, not in the list's JSON.
    await page.reload();
    await row.waitFor();
    expect(await page.getByRole('textbox', { name: 'Runner authentication token' }).count()).toBe(0);
    expect(await page.content()).not.toContain('glrt-');

    await pauseResumeDelete(page, id);
    await page.getByText('No runners yet. Create an instance runner').waitFor();
  });

  it("lets a group's Owner create, edit and delete a group runner", async () => {
    const page = await signedInPage(browser, baseUrl, owner);
    await page.goto('/groups/fleet');
    await page.getByRole('link', { name: 'Runners' }).click();
    await page.getByText('This group has no runners yet.').waitFor();
    const id = await createRunner(page, 'group', 'k8s');
    const row = page.getByRole('row', { name: `Runner #${id}` });
    await row.getByRole('button', { name: `Edit runner #${id}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit runner #${id}` });
    await dialog.getByLabel('Tags').fill('k8s, arm64');
    await dialog.getByLabel('Protected').check();
    await dialog.getByLabel('Maximum job timeout').fill('300');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Maximum job timeout must be a whole number of seconds, at least 600.').waitFor();
    await dialog.getByLabel('Maximum job timeout').fill('3600');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await row.getByText('arm64').waitFor();
    await row.getByText('Protected').waitFor();
    await screenshot(page, 'runners-group');
    await pauseResumeDelete(page, id);
  });

  it("lets a project's Maintainer manage its runners in CI/CD settings, and not the instance's", async () => {
    const instance = await t.app.inject({
      method: 'POST',
      url: '/api/v4/user/runners',
      headers: admin.headers,
      payload: { runner_type: 'instance_type', description: 'everyone', run_untagged: true },
    });
    const instanceId = instance.json<{ id: number }>().id;
    const page = await signedInPage(browser, baseUrl, owner);
    await page.goto(`/${project.fullPath}/-/settings/ci_cd`);
    const instanceRow = page.getByRole('row', { name: `Runner #${instanceId}` });
    await instanceRow.getByText('everyone').waitFor();
    expect(await instanceRow.getByRole('button').count()).toBe(0);
    const id = await createRunner(page, 'project', 'shop');
    await screenshot(page, 'runners-project');
    await pauseResumeDelete(page, id);
    await t.app.inject({ method: 'DELETE', url: `/api/v4/runners/${instanceId}`, headers: admin.headers });
  });

  it('shows a Developer no runners and no create button, and the server refuses them', async () => {
    const page = await signedInPage(browser, baseUrl, developer);
    await page.goto(`/${project.fullPath}/-/settings/ci_cd`);
    await page.getByText('You need at least the Maintainer role').waitFor();
    expect(await page.getByRole('button', { name: 'New project runner' }).count()).toBe(0);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v4/user/runners',
      headers: developer.headers,
      payload: { runner_type: 'project_type', project_id: project.project.id, run_untagged: true },
    });
    expect(refused.statusCode).toBe(403);

    await page.goto('/admin/runners');
    await page.getByText("Only administrators can manage the instance's runners.").waitFor();
    const group = await t.container.groups.loadGroup(owner, 'fleet');
    await addGroupMember(t.container, group, developer, ACCESS_LEVELS.maintainer);
    await page.goto('/groups/fleet/-/runners');
    await page.getByText("Only this group's Owners can manage its runners.").waitFor();
    expect(await page.getByRole('button', { name: 'New group runner' }).count()).toBe(0);
  });

  it('switches the admin list between instance, group and project runners, as GitLab’s type tabs do', async () => {
    const create = async (user: TestUser, body: object) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v4/user/runners',
        headers: user.headers,
        payload: { run_untagged: true, ...body },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>().id;
    };
    const instance = await create(admin, { runner_type: 'instance_type', description: 'shared fleet' });
    const group = await create(owner, {
      runner_type: 'group_type',
      group_id: groupId,
      description: 'fleet group',
    });
    const own = await create(owner, {
      runner_type: 'project_type',
      project_id: project.project.id,
      description: 'shop only',
    });
    const page = await signedInPage(browser, baseUrl, admin);
    await page.goto('/admin/runners');
    const rows = () => page.getByRole('row', { name: /^Runner #/ });
    const listed = async () =>
      (await rows().evaluateAll((found) => found.map((row) => row.getAttribute('aria-label') ?? ''))).sort();
    const types = page.getByRole('navigation', { name: 'Runner type' });
    await expect.poll(() => rows().count()).toBe(3);
    expect(await types.getByRole('link').allTextContents()).toEqual(['All', 'Instance', 'Group', 'Project']);

    await types.getByRole('link', { name: 'Group' }).click();
    await page.waitForURL((url) => url.searchParams.get('type') === 'group_type');
    await expect.poll(listed).toEqual([`Runner #${group}`]);
    expect(await types.getByRole('link', { name: 'Group' }).getAttribute('aria-current')).toBe('page');
    await screenshot(page, 'runners-admin-type-group');

    await types.getByRole('link', { name: 'Project' }).click();
    await expect.poll(listed).toEqual([`Runner #${own}`]);
    await types.getByRole('link', { name: 'Instance' }).click();
    await expect.poll(listed).toEqual([`Runner #${instance}`]);
    // The type and the status combine: no paused instance runner.
    await page
      .getByRole('navigation', { name: 'Runner status' })
      .getByRole('link', { name: 'Paused' })
      .click();
    await page.getByText('No paused instance runners.').waitFor();
    expect(new URL(page.url()).search).toBe('?type=instance_type&status=paused');
    await types.getByRole('link', { name: 'All' }).click();
    await page.getByText('No paused runners.').waitFor();

    // A group's page offers its own scopes only.
    await page.goto('/groups/fleet/-/runners?type=project_type');
    const groupTypes = page.getByRole('navigation', { name: 'Runner type' });
    await groupTypes.getByRole('link', { name: 'Group' }).waitFor();
    expect(await groupTypes.getByRole('link').allTextContents()).toEqual(['All', 'Group', 'Project']);
    await expect.poll(listed).toEqual([]);
    await groupTypes.getByRole('link', { name: 'Group' }).click();
    await expect.poll(listed).toEqual([`Runner #${group}`]);
    await screenshot(page, 'runners-group-type-group');
  });
});
