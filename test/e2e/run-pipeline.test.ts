import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { launchBrowser, screenshot, signedInPage } from '../support/browser';
import { commitCiConfig } from '../support/ci';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../support/factories';
import { branchRef, resolveCommit, updateRef, ZERO_SHA } from '../../src/server/git/repository';
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
    // A release tag on main's head, whose configuration it carries.
    const head = await resolveCommit(project.gitDir, branchRef('main'));
    expect(await updateRef(project.gitDir, 'refs/tags/v1.0.0', head!, ZERO_SHA)).toBe(true);
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
    await page.getByLabel('Search branches and tags').fill('feature');
    // The list narrows once typing pauses.
    await expect.poll(() => page.getByRole('menuitemradio').allTextContents()).toEqual(['feature-login']);
    await screenshot(page, 'run-pipeline-ref-picker');
    await page.getByLabel('Search branches and tags').press('ArrowDown');
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

  it('offers tags beside branches, grouped as GitLab groups them, and runs on a tag', async () => {
    const page = await signedInPage(browser, baseUrl, owner);
    await page.goto(`/${project.fullPath}/-/pipelines/new`);
    const form = page.getByRole('form', { name: 'Run pipeline' });
    await form.getByLabel('Variable 1 key').waitFor();
    await page.getByRole('button', { name: /Run for branch name or tag/ }).click();
    await page.getByRole('menuitemradio', { name: 'v1.0.0' }).waitFor();
    const picker = page.locator('.ref-picker__list');
    await picker.getByText('Branches', { exact: true }).first().waitFor();
    await picker.getByText('Tags', { exact: true }).first().waitFor();
    expect(await page.getByRole('menuitemradio').allTextContents()).toEqual([
      'bare',
      'feature-login',
      'main',
      'v1.0.0',
    ]);
    await screenshot(page, 'run-pipeline-ref-picker-tags');
    // A search narrows both groups; a tag-only match leaves the Branches group out.
    await page.getByLabel('Search branches and tags').fill('v1');
    await expect.poll(() => page.getByRole('menuitemradio').allTextContents()).toEqual(['v1.0.0']);
    expect(await picker.getByText('Branches', { exact: true }).count()).toBe(0);
    await picker.getByText('Tags', { exact: true }).first().waitFor();
    await page.getByRole('menuitemradio', { name: 'v1.0.0' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: /Run for branch name or tag/ }).textContent())
      .toContain('v1.0.0');
    await form.getByRole('button', { name: 'Run pipeline' }).click();
    await page.waitForURL((url) => /\/-\/pipelines\/\d+$/.test(url.pathname));
    await page.getByRole('navigation', { name: 'Pipeline tabs' }).waitFor();
    await page.getByText('v1.0.0').first().waitFor({ state: 'visible' });
    await screenshot(page, 'run-pipeline-on-tag');
  });

  it('takes a Run pipeline link’s ref, var[KEY] and file_var[KEY] as its prefill', async () => {
    const page = await signedInPage(browser, baseUrl, owner);
    const query = [
      'ref=v1.0.0',
      'var[DEPLOY_TARGET]=canary',
      'var[RELEASE_NOTE]=from%20a%20link',
      'file_var[DEPLOY_KEY]=line%20one%0Aline%20two',
    ].join('&');
    await page.goto(`/${project.fullPath}/-/pipelines/new?${query}`);
    const form = page.getByRole('form', { name: 'Run pipeline' });
    await form.getByLabel('Variable 4 key').waitFor();
    expect(await page.getByRole('button', { name: /Run for branch name or tag/ }).textContent()).toContain(
      'v1.0.0',
    );
    const row = async (n: number) => [
      await form.getByLabel(`Variable ${n} type`).inputValue(),
      await form.getByLabel(`Variable ${n} key`).inputValue(),
      await form.getByLabel(`Variable ${n} value`).inputValue(),
    ];
    // The configuration's DEPLOY_TARGET takes the link's value; the others follow, then the empty row.
    expect(await row(1)).toEqual(['env_var', 'DEPLOY_TARGET', 'canary']);
    expect(await row(2)).toEqual(['env_var', 'GREETING', 'hello']);
    expect(await row(3)).toEqual(['env_var', 'RELEASE_NOTE', 'from a link']);
    expect(await row(4)).toEqual(['file', 'DEPLOY_KEY', 'line one\nline two']);
    expect(await row(5)).toEqual(['env_var', '', '']);
    await screenshot(page, 'run-pipeline-link-prefill');

    await form.getByRole('button', { name: 'Run pipeline' }).click();
    await page.waitForURL((url) => /\/-\/pipelines\/\d+$/.test(url.pathname));
    const tabs = page.getByRole('navigation', { name: 'Pipeline tabs' });
    await tabs.getByRole('link', { name: /Manual variables/ }).click();
    await page.getByRole('button', { name: 'Reveal values' }).click();
    const table = page.getByRole('table', { name: 'Manual variables' });
    await table.getByText('from a link', { exact: true }).waitFor();
    expect(await table.getByRole('row').allTextContents()).toEqual([
      'KeyValueType',
      'DEPLOY_TARGETcanaryVariable',
      'GREETINGhelloVariable',
      'RELEASE_NOTEfrom a linkVariable',
      'DEPLOY_KEYline one\nline twoFile',
    ]);
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
