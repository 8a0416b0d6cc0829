import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { screenshot, signedInPage } from '../support/browser';
import { pushFiles, waitUntil } from '../support/ci';
import { startCiBrowserSuite, type CiBrowserSuite } from '../support/ci-browser';
import { addProjectMember, buildUser, type TestUser } from '../support/factories';

const CONFIG = [
  'flaky:',
  '  script:',
  '    - echo "attempt of job $CI_JOB_ID"',
  '    - exit 1',
  'deploy:',
  '  when: manual',
  '  manual_confirmation: Production will change.',
  '  script: [echo deployed by hand]',
  'later:',
  '  when: delayed',
  '  start_in: 30 minutes',
  '  script: [echo later]',
].join('\n');

type JobJson = { id: number; name: string; status: string };

/** `00:29:58` in seconds. */
const seconds = (text: string) =>
  text
    .trim()
    .split(':')
    .reduce((total, part) => total * 60 + Number(part), 0);

describe('job actions on the pipeline graph and a delayed job’s page', () => {
  let suite: CiBrowserSuite;
  let page: Page;
  let project: ProjectContext;
  let owner: TestUser;
  let reporter: TestUser;
  let pipelineId: number;
  const api = <T>(path: string) => suite.api<T>(path);
  const jobs = () => api<JobJson[]>(`/pipelines/${pipelineId}/jobs`);
  const jobNamed = (list: JobJson[], name: string) => list.find((job) => job.name === name)!;
  const graphItem = (name: string) =>
    page.getByRole('group', { name: 'Pipeline graph' }).locator(`[data-job-name="${name}"]`);

  beforeAll(async () => {
    suite = await startCiBrowserSuite();
    ({ page, project, owner } = suite);
    reporter = await buildUser(suite.t.container, { name: 'Rita Reporter' });
    await addProjectMember(suite.t.container, project, reporter, ACCESS_LEVELS.reporter);
    const sha = await pushFiles(suite.baseUrl, project.fullPath, owner, { '.gitlab-ci.yml': CONFIG });
    ({ id: pipelineId } = await suite.pipelineAt(sha, () => true));
    await waitUntil(jobs, (list) => jobNamed(list, 'flaky').status === 'failed');
  });
  afterAll(() => suite?.stop());

  it('shows each job’s action on its graph item, and a Reporter none', async () => {
    await page.goto(`/${project.fullPath}/-/pipelines/${pipelineId}`);
    await graphItem('deploy').getByRole('button', { name: 'Run deploy' }).waitFor();
    await graphItem('flaky').getByRole('button', { name: 'Run again flaky' }).waitFor();
    await graphItem('later').getByRole('button', { name: 'Unschedule later' }).waitFor();
    const graph = page.getByRole('group', { name: 'Pipeline graph' });
    await screenshot(graph, 'graph-actions');

    const reporterPage = await signedInPage(suite.browser, suite.baseUrl, reporter);
    await reporterPage.goto(`/${project.fullPath}/-/pipelines/${pipelineId}`);
    const reporterGraph = reporterPage.getByRole('group', { name: 'Pipeline graph' });
    await reporterGraph.getByRole('link', { name: /deploy/ }).waitFor();
    // The statuses are read once the graph shows: wait for the server's tooltip, then count.
    await reporterGraph.locator('[data-job-name="later"] a[title*="delayed manual action"]').waitFor();
    expect(await reporterGraph.getByRole('button').count()).toBe(0);
    await reporterPage.context().close();
  });

  it('plays a manual job from its graph item once its confirmation is accepted', async () => {
    await page.goto(`/${project.fullPath}/-/pipelines/${pipelineId}`);
    await graphItem('deploy').getByRole('button', { name: 'Run deploy' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to run deploy?' });
    await dialog.getByText('Custom confirmation message: Production will change.').waitFor();
    await dialog.getByText('Do you want to continue?').waitFor();
    await screenshot(page, 'graph-action-confirmation');
    // Cancel leaves the job alone.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(jobNamed(await jobs(), 'deploy').status).toBe('manual');

    await graphItem('deploy').getByRole('button', { name: 'Run deploy' }).click();
    await dialog.getByRole('button', { name: 'Yes, run deploy' }).click();
    const played = await waitUntil(jobs, (list) => jobNamed(list, 'deploy').status === 'success');
    expect(jobNamed(played, 'deploy').status).toBe('success');
    // The graph follows: the item shows its new status, whose action is to run it again.
    await graphItem('deploy').locator('[data-status="success"]').waitFor({ timeout: 20_000 });
  });

  it('retries a failed job from its graph item, and the graph shows the new job', async () => {
    const before = jobNamed(await jobs(), 'flaky');
    await page.goto(`/${project.fullPath}/-/pipelines/${pipelineId}`);
    await graphItem('flaky').getByRole('button', { name: 'Run again flaky' }).click();
    const retried = await waitUntil(jobs, (list) => jobNamed(list, 'flaky').id !== before.id);
    const after = jobNamed(retried, 'flaky');
    expect(after.id).toBeGreaterThan(before.id);
    await graphItem('flaky').locator(`a[href$="/-/jobs/${after.id}"]`).waitFor({ timeout: 20_000 });
  });

  it('says in the spec’s words when an action fails: a job retried meanwhile elsewhere', async () => {
    const failed = await waitUntil(jobs, (list) => jobNamed(list, 'flaky').status === 'failed');
    const flaky = jobNamed(failed, 'flaky');
    await page.goto(`/${project.fullPath}/-/pipelines/${pipelineId}`);
    const retry = graphItem('flaky').getByRole('button', { name: 'Run again flaky' });
    await retry.waitFor();
    const elsewhere = await suite.t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/jobs/${flaky.id}/retry`,
      headers: owner.headers,
    });
    expect(elsewhere.statusCode).toBe(201);
    await retry.click();
    const alert = page.getByRole('alert').filter({ hasText: 'There was a problem running the job again.' });
    await alert.waitFor();
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await alert.waitFor({ state: 'detached' });
  });

  it('counts a delayed job down on its page, and Unschedule job turns it manual', async () => {
    const later = jobNamed(await jobs(), 'later');
    expect(later.status).toBe('scheduled');
    await page.goto(`/${project.fullPath}/-/jobs/${later.id}`);
    const state = page.getByRole('region', { name: 'Delayed job' });
    await state.getByText('This is a delayed job to run in').waitFor();
    await state
      .getByText('This job will automatically run after its timer finishes.', { exact: false })
      .waitFor();
    const time = state.locator('.ci-countdown__time');
    const first = seconds(await time.innerText());
    await page.waitForTimeout(2_100);
    const second = seconds(await time.innerText());
    expect(first).toBeLessThanOrEqual(30 * 60);
    expect(first).toBeGreaterThan(25 * 60);
    expect(second).toBeLessThan(first);
    await screenshot(page, 'delayed-job');

    await state.getByRole('button', { name: 'Unschedule job' }).click();
    await state.waitFor({ state: 'detached' });
    expect((await api<JobJson>(`/jobs/${later.id}`)).status).toBe('manual');
    await page.getByRole('button', { name: 'Run later' }).waitFor();
  });

  it('reads a delayed job again once its time has come, and shows it running to its log', async () => {
    const config = ['soon:', '  when: delayed', '  start_in: 3 seconds', '  script: [echo started on time]'];
    const sha = await pushFiles(
      suite.baseUrl,
      project.fullPath,
      owner,
      { '.gitlab-ci.yml': config.join('\n') },
      { branch: 'soon' },
    );
    const pipeline = await suite.pipelineAt(sha, () => true);
    const [soon] = await api<JobJson[]>(`/pipelines/${pipeline.id}/jobs`);
    await page.goto(`/${project.fullPath}/-/jobs/${soon!.id}`);
    const state = page.getByRole('region', { name: 'Delayed job' });
    await state.getByText('This is a delayed job to run in').waitFor();
    // The test app starts no background worker: its queue is run here, as a server's worker
    // would poll it, until the job's time has come. The page is not reloaded.
    await waitUntil(
      async () => {
        await suite.t.container.jobs.drain();
        return api<JobJson>(`/jobs/${soon!.id}`);
      },
      (job) => job.status !== 'scheduled',
    );
    await state.waitFor({ state: 'detached', timeout: 20_000 });
    await page
      .getByRole('log', { name: 'Job log' })
      .getByText('started on time', { exact: true })
      .waitFor({ timeout: 40_000 });
  });
});
