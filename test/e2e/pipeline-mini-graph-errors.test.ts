import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, signedInPage } from '../support/browser';
import { commitCiConfig, waitUntil } from '../support/ci';
import { startCiBrowserSuite, type CiBrowserSuite } from '../support/ci-browser';
import { addProjectMember, buildUser, type TestUser } from '../support/factories';

/** One stage whose four jobs offer the four actions: run again, cancel, run and unschedule. */
const FOUR_ACTIONS = [
  'stages: [test]',
  'done:',
  '  stage: test',
  '  script: [echo done]',
  // No runner has this tag: the job stays pending, so it can be canceled.
  'waiting:',
  '  stage: test',
  '  tags: [nowhere]',
  '  script: [echo waiting]',
  'ship:',
  '  stage: test',
  '  when: manual',
  '  script: [echo ship]',
  'later:',
  '  stage: test',
  '  when: delayed',
  '  start_in: 1 hour',
  '  script: [echo later]',
].join('\n');

const DEVELOPER = 30;
const REPORTER = 20;

describe('the mini graph’s stage dropdown when the server refuses', () => {
  let suite: CiBrowserSuite;
  let developer: TestUser;
  let page: Page;

  const setAccess = async (level: number) => {
    const response = await suite.t.app.inject({
      method: 'PUT',
      url: `/api/v4/projects/${suite.project.project.id}/members/${developer.id}`,
      headers: suite.owner.headers,
      payload: { access_level: level },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    suite = await startCiBrowserSuite();
    developer = await buildUser(suite.t.container, { name: 'Dana Developer' });
    await addProjectMember(suite.t.container, suite.project, developer, DEVELOPER);
    page = await signedInPage(suite.browser, suite.baseUrl, developer);
  });
  afterAll(() => suite?.stop());

  it('says which job action failed when the developer became a reporter before the click', async () => {
    const { t, owner, project } = suite;
    await commitCiConfig(t.app, owner, project.project.id, FOUR_ACTIONS, 'actions');
    await waitUntil(
      async () => {
        const [pipeline] = await suite.api<Array<{ id: number }>>('/pipelines?ref=actions');
        if (!pipeline) return [];
        return suite.api<Array<{ name: string; status: string }>>(`/pipelines/${pipeline.id}/jobs`);
      },
      (jobs) =>
        jobs.some((job) => job.name === 'done' && job.status === 'success') &&
        jobs.some((job) => job.name === 'later' && job.status === 'scheduled'),
      60_000,
    );

    const cases = [
      { button: 'Run again done', error: 'There was a problem running the job again.' },
      { button: 'Cancel waiting', error: 'There was a problem canceling the job.' },
      { button: 'Run ship', error: 'There was a problem running the job.' },
      { button: 'Unschedule later', error: 'There was a problem unscheduling the job.' },
    ];
    for (const { button, error } of cases) {
      await setAccess(DEVELOPER);
      await page.goto(`/${project.fullPath}/-/pipelines?ref=actions`);
      await page
        .getByRole('table', { name: 'Pipelines' })
        .getByRole('button', { name: /^Stage test: / })
        .click();
      const jobs = page.getByRole('dialog', { name: 'Jobs of stage test' });
      const action = jobs.getByRole('button', { name: button });
      await action.waitFor();
      await setAccess(REPORTER);
      // The clicked button's tooltip steps aside while the action runs (back after 1000 ms); the
      // button itself, loading meanwhile, goes by another name.
      const element = await action.elementHandle();
      expect(await element.getAttribute('title')).not.toBeNull();
      await action.click();
      expect(await element.getAttribute('title')).toBeNull();
      await jobs.getByRole('alert').getByText(error, { exact: true }).waitFor();
      if (button === 'Run ship') await screenshot(page, 'stage-dropdown-action-error', { fullPage: false });
    }
    // Nothing ran: the reporter's clicks changed no job.
    const [pipeline] = await suite.api<Array<{ id: number }>>('/pipelines?ref=actions');
    const jobs = await suite.api<Array<{ name: string; status: string }>>(`/pipelines/${pipeline!.id}/jobs`);
    expect(Object.fromEntries(jobs.map((job) => [job.name, job.status]))).toMatchObject({
      waiting: 'pending',
      ship: 'manual',
      later: 'scheduled',
    });
  }, 180_000);

  it('says the stage’s jobs could not be read once the user was removed from the project', async () => {
    await setAccess(DEVELOPER);
    await page.goto(`/${suite.project.fullPath}/-/pipelines?ref=actions`);
    const stage = page
      .getByRole('table', { name: 'Pipelines' })
      .getByRole('button', { name: /^Stage test: / });
    await stage.waitFor();
    const removed = await suite.t.app.inject({
      method: 'DELETE',
      url: `/api/v4/projects/${suite.project.project.id}/members/${developer.id}`,
      headers: suite.owner.headers,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    await stage.click();
    await page
      .getByRole('dialog', { name: 'Jobs of stage test' })
      .getByRole('alert')
      .getByText('There was a problem fetching the pipeline stage jobs.', { exact: true })
      .waitFor({ timeout: 30_000 });
  }, 60_000);
});
