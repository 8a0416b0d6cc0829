import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { screenshot, signedInPage } from '../support/browser';
import { pushFiles, waitUntil } from '../support/ci';
import { addProjectMember, buildUser, type TestUser } from '../support/factories';
import { startCiBrowserSuite, type CiBrowserSuite } from '../support/ci-browser';
import type { TestApp } from '../support/test-app';

const CONFIG = [
  'flaky:',
  '  script:',
  '    - echo "attempt of job $CI_JOB_ID"',
  '    - exit 1',
  'deploy:',
  '  when: manual',
  '  script: [echo deployed by hand]',
].join('\n');

type PipelineJson = { id: number; status: string };
type JobJson = { id: number; name: string; status: string };

describe('job and pipeline actions', () => {
  let suite: CiBrowserSuite;
  let t: TestApp;
  let browser: Browser;
  let baseUrl: string;
  let owner: TestUser;
  let reporter: TestUser;
  let project: ProjectContext;
  let page: Page;
  const api = <T>(path: string) => suite.api<T>(path);

  /** Pushes the configuration to a branch and waits for its pipeline to fail (the manual job waits). */
  async function failedPipeline(branch: string): Promise<{ pipeline: PipelineJson; jobs: JobJson[] }> {
    const sha = await pushFiles(baseUrl, project.fullPath, owner, { '.gitlab-ci.yml': CONFIG }, { branch });
    const pipeline = await suite.pipelineAt(sha, (status) => status === 'failed');
    return { pipeline, jobs: await api<JobJson[]>(`/pipelines/${pipeline.id}/jobs`) };
  }
  const jobNamed = (jobs: JobJson[], name: string) => jobs.find((job) => job.name === name)!;

  beforeAll(async () => {
    suite = await startCiBrowserSuite();
    ({ t, browser, baseUrl, owner, project, page } = suite);
    reporter = await buildUser(t.container, { name: 'Rita Reporter' });
    await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
  });
  afterAll(() => suite?.stop());

  it('retries a failed job and opens the new job, which runs', async () => {
    const { jobs } = await failedPipeline('main');
    const flaky = jobNamed(jobs, 'flaky');
    await page.goto(`/${project.fullPath}/-/jobs/${flaky.id}`);
    await page.getByRole('log', { name: 'Job log' }).getByText(`attempt of job ${flaky.id}`).waitFor();
    await screenshot(page, 'job-failed-actions');
    await page.getByRole('button', { name: 'Retry flaky' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith(`/-/jobs/${flaky.id}`));
    const newId = Number(page.url().split('/').pop());
    expect(newId).toBeGreaterThan(flaky.id);
    await page.getByRole('heading', { name: 'flaky' }).waitFor();
    await page
      .getByRole('log', { name: 'Job log' })
      .getByText(`attempt of job ${newId}`)
      .waitFor({ timeout: 40_000 });
  });

  it('plays a manual job from the Jobs tab', async () => {
    const [pipeline] = await api<PipelineJson[]>('/pipelines?ref=main');
    const deploy = jobNamed(await api<JobJson[]>(`/pipelines/${pipeline!.id}/jobs`), 'deploy');
    await page.goto(`/${project.fullPath}/-/pipelines/${pipeline!.id}/builds`);
    const table = page.getByRole('table', { name: 'Jobs' });
    await table.getByRole('button', { name: 'Run deploy' }).click();
    const played = await waitUntil(
      () => api<JobJson>(`/jobs/${deploy.id}`),
      (job) => job.status === 'success',
    );
    expect(played.status).toBe('success');
    await page.goto(`/${project.fullPath}/-/jobs/${deploy.id}`);
    await page.getByRole('log', { name: 'Job log' }).getByText('deployed by hand', { exact: true }).waitFor();
  });

  it('erases a job after a confirmation', async () => {
    const [pipeline] = await api<PipelineJson[]>('/pipelines?ref=main');
    const deploy = jobNamed(await api<JobJson[]>(`/pipelines/${pipeline!.id}/jobs`), 'deploy');
    await page.goto(`/${project.fullPath}/-/jobs/${deploy.id}`);
    await page.getByRole('button', { name: 'Erase job log and artifacts' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Erase job log and artifacts?' });
    await dialog.waitFor();
    await screenshot(page, 'job-erase-dialog');
    await dialog.getByRole('button', { name: 'Erase' }).click();
    await page.getByRole('button', { name: 'Erase job log and artifacts' }).waitFor({ state: 'detached' });
    const erased = await api<{ erased_at: string | null }>(`/jobs/${deploy.id}`);
    expect(erased.erased_at).not.toBeNull();
  });

  it('shows a Reporter none of the actions', async () => {
    const { pipeline, jobs } = await failedPipeline('reported');
    const reporterPage = await signedInPage(browser, baseUrl, reporter);
    const flaky = jobNamed(jobs, 'flaky');
    await reporterPage.goto(`/${project.fullPath}/-/jobs/${flaky.id}`);
    await reporterPage
      .getByRole('log', { name: 'Job log' })
      .getByText(`attempt of job ${flaky.id}`, { exact: true })
      .waitFor();
    expect(await reporterPage.getByRole('button', { name: /Retry|Erase/ }).count()).toBe(0);
    await reporterPage.goto(`/${project.fullPath}/-/pipelines/${pipeline.id}/builds`);
    await reporterPage.getByRole('table', { name: 'Jobs' }).getByRole('link', { name: 'deploy' }).waitFor();
    expect(
      await reporterPage
        .getByRole('button')
        .filter({ hasText: /Retry|Run|Erase|Delete/ })
        .count(),
    ).toBe(0);
    await reporterPage.context().close();
  });

  it('retries a failed pipeline’s failed jobs', async () => {
    const [pipeline] = await api<PipelineJson[]>('/pipelines?ref=reported');
    const before = jobNamed(await api<JobJson[]>(`/pipelines/${pipeline!.id}/jobs`), 'flaky');
    await page.goto(`/${project.fullPath}/-/pipelines/${pipeline!.id}`);
    await page.getByRole('button', { name: 'Retry', exact: true }).click();
    const jobs = await waitUntil(
      () => api<JobJson[]>(`/pipelines/${pipeline!.id}/jobs`),
      (list) => jobNamed(list, 'flaky').id !== before.id,
    );
    expect(jobNamed(jobs, 'flaky').id).toBeGreaterThan(before.id);
  });

  it('deletes a pipeline after a confirmation and goes back to the list', async () => {
    const { pipeline } = await failedPipeline('doomed');
    await page.goto(`/${project.fullPath}/-/pipelines/${pipeline.id}`);
    await page.getByRole('button', { name: 'Retry', exact: true }).waitFor();
    await screenshot(page, 'pipeline-actions');
    // By keyboard: Escape leaves the pipeline alone and gives focus back to Delete.
    const remove = page.getByRole('button', { name: 'Delete', exact: true });
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Delete pipeline' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await remove.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Delete pipeline' }).click();
    await page.waitForURL((url) => url.pathname === `/${project.fullPath}/-/pipelines`);
    await page.getByRole('table', { name: 'Pipelines' }).waitFor();
    expect(await page.getByRole('link', { name: `#${pipeline.id}`, exact: true }).count()).toBe(0);
    const gone = await t.app.inject({
      url: `/api/v4/projects/${project.project.id}/pipelines/${pipeline.id}`,
      headers: owner.headers,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('adds a masked variable, listed with its value hidden, and shows why a bad masked value is refused', async () => {
    await page.goto(`/${project.fullPath}/-/edit`);
    const section = page.getByRole('region', { name: 'CI/CD variables' });
    await section.getByText('There are no variables yet.').waitFor();
    await section.getByRole('button', { name: 'Add variable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add variable' });
    await dialog.getByLabel('Key').fill('DEPLOY_TOKEN');
    await dialog.getByLabel('Value').fill('short');
    await dialog.getByLabel('Mask variable').check();
    await dialog.getByRole('button', { name: 'Add variable' }).click();
    await dialog.getByRole('alert').getByText('value is invalid').waitFor();
    await screenshot(page, 'ci-variable-invalid');

    await dialog.getByLabel('Value').fill('s3cr3t-v4lue-0123');
    await dialog.getByRole('button', { name: 'Add variable' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = section
      .getByRole('table', { name: 'CI/CD variables' })
      .getByRole('row', { name: /DEPLOY_TOKEN/ });
    await row.getByText('****', { exact: true }).waitFor();
    await row.getByText('Masked', { exact: true }).waitFor();
    expect(await page.getByText('s3cr3t-v4lue-0123').count()).toBe(0);
    await screenshot(page, 'ci-variables');
  });

  it('edits a variable to protect it, and deletes it after a confirmation', async () => {
    await page.goto(`/${project.fullPath}/-/edit`);
    const section = page.getByRole('region', { name: 'CI/CD variables' });
    await section.getByRole('button', { name: 'Edit DEPLOY_TOKEN' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit variable' });
    await dialog.getByLabel('Protect variable').check();
    await dialog.getByRole('button', { name: 'Update variable' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = section.getByRole('row', { name: /DEPLOY_TOKEN/ });
    await row.getByText('Protected', { exact: true }).waitFor();
    const [saved] =
      await api<{ key: string; protected: boolean; masked: boolean; value: string }[]>('/variables');
    expect(saved).toMatchObject({
      key: 'DEPLOY_TOKEN',
      protected: true,
      masked: true,
      value: 's3cr3t-v4lue-0123',
    });

    await section.getByRole('button', { name: 'Delete DEPLOY_TOKEN' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete variable?' })
      .getByRole('button', { name: 'Delete variable' })
      .click();
    await section.getByText('There are no variables yet.').waitFor();
    expect(await api<unknown[]>('/variables')).toEqual([]);
  });
});
