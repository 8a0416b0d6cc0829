import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import { commitCiConfig } from '../support/ci';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

const CONFIG = [
  'variables:',
  '  DEPLOY_TARGET:',
  '    value: staging',
  '    description: Where the deploy job ships to',
  '    options: [staging, canary, production]',
  '  GREETING:',
  '    value: hello',
  '    description: What the build says first',
  '  QUIET: not offered',
  'build:',
  '  script: [echo $GREETING]',
].join('\n');

describe('the Run pipeline page', () => {
  let t: TestApp;
  let baseUrl: string;
  let browser: Browser;
  let owner: TestUser;
  let reporter: TestUser;
  let project: ProjectContext;

  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await t.listen();
    browser = await launchBrowser();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
    reporter = await buildUser(t.container, { name: 'Rita Reporter' });
    project = await buildProject(t.container, owner);
    await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
    // A branch from before the configuration: it has none.
    await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/repository/branches`,
      headers: owner.headers,
      payload: { branch: 'bare', ref: 'main' },
    });
    await commitCiConfig(t.app, owner, project.project.id, CONFIG);
    await commitCiConfig(t.app, owner, project.project.id, CONFIG, 'feature-login');
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('runs a pipeline on a picked branch with a variable added, and lands on its page showing it', async () => {
    const page = await signedInPage(browser, baseUrl, owner);
    await page.goto(`/${project.fullPath}/-/pipelines`);
    await page.getByRole('table').first().waitFor();
    await screenshot(page, 'run-pipeline-list-button');
    await page.getByRole('link', { name: 'Run pipeline' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/-/pipelines/new'));
    const form = page.getByRole('form', { name: 'Run pipeline' });

    // The described variables come prefilled, with their descriptions; the options as a dropdown.
    await form.getByLabel('Variable 1 key').waitFor();
    expect(await form.getByLabel('Variable 1 key').inputValue()).toBe('DEPLOY_TARGET');
    expect(await form.getByLabel('Variable 1 value').evaluate((el) => el.tagName)).toBe('SELECT');
    expect(await form.getByLabel('Variable 1 value').inputValue()).toBe('staging');
    await form.getByText('Where the deploy job ships to').waitFor();
    expect(await form.getByLabel('Variable 2 key').inputValue()).toBe('GREETING');
    await form.getByText('What the build says first').waitFor();
    // QUIET has no description: not offered. An empty row waits at the end, with no remove button.
    expect(await form.getByLabel('Variable 3 key').inputValue()).toBe('');
    expect(await form.getByLabel('Variable 4 key').count()).toBe(0);
    expect(await form.getByRole('button', { name: 'Remove variable 3' }).count()).toBe(0);

    // The branch is picked with the keyboard: search, down into the list, Enter.
    await page.getByRole('button', { name: /Run for branch name or tag/ }).click();
    await page.getByLabel('Search branches').fill('feature');
    // The list narrows once typing pauses.
    await expect.poll(() => page.getByRole('menuitemradio').allTextContents()).toEqual(['feature-login']);
    await screenshot(page, 'run-pipeline-ref-picker');
    await page.getByLabel('Search branches').press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('button', { name: /Run for branch name or tag/ }).textContent())
      .toContain('feature-login');

    await form.getByLabel('Variable 1 value').selectOption('production');
    await form.getByLabel('Variable 3 key').fill('RELEASE_NOTE');
    await form.getByLabel('Variable 3 value').fill('first web run');
    // Typing in the last row adds the next empty one; a row can be removed.
    await form.getByLabel('Variable 4 key').waitFor();
    await form.getByRole('button', { name: 'Remove variable 2' }).click();
    expect(await form.getByLabel('Variable 2 key').inputValue()).toBe('RELEASE_NOTE');
    await screenshot(page, 'run-pipeline-form');

    await form.getByRole('button', { name: 'Run pipeline' }).click();
    await page.waitForURL((url) => /\/-\/pipelines\/\d+$/.test(url.pathname));
    await page.getByText('feature-login').first().waitFor();
    const tabs = page.getByRole('navigation', { name: 'Pipeline tabs' });
    await tabs.getByRole('link', { name: /Manual variables/ }).click();
    await page.getByRole('button', { name: 'Reveal values' }).click();
    const table = page.getByRole('table', { name: 'Manual variables' });
    await table.getByText('first web run', { exact: true }).waitFor();
    expect(await table.getByRole('row').allTextContents()).toEqual([
      'KeyValueType',
      'DEPLOY_TARGETproductionVariable',
      'RELEASE_NOTEfirst web runVariable',
    ]);
    await screenshot(page, 'run-pipeline-result');
  });

  it('shows what stopped the run above the form, in GitLab’s words', async () => {
    const page = await signedInPage(browser, baseUrl, owner);
    await page.goto(`/${project.fullPath}/-/pipelines/new?ref=bare`);
    const form = page.getByRole('form', { name: 'Run pipeline' });
    await form.getByLabel('Variable 1 key').waitFor();
    await form.getByRole('button', { name: 'Run pipeline' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('Pipeline cannot be run.').waitFor();
    await alert.getByText('Missing CI config file').waitFor();
    expect(page.url()).toContain('/-/pipelines/new');
    await screenshot(page, 'run-pipeline-error');
    await form.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/-/pipelines'));
  });

  it('offers no Run pipeline to a Reporter, and the page is not found for them', async () => {
    const page = await signedInPage(browser, baseUrl, reporter);
    await page.goto(`/${project.fullPath}/-/pipelines`);
    await page.getByRole('heading', { name: 'Pipelines' }).waitFor();
    await page.getByRole('table').first().waitFor();
    expect(await page.getByRole('link', { name: 'Run pipeline' }).count()).toBe(0);
    await page.goto(`/${project.fullPath}/-/pipelines/new`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });
});
