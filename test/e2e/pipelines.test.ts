import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { screenshot, signedInPage } from '../support/browser';
import { commitCiConfig, pushFiles, waitUntil } from '../support/ci';
import { addProjectMember, buildUser, type TestUser } from '../support/factories';
import { startCiBrowserSuite, type CiBrowserSuite } from '../support/ci-browser';
import type { TestApp } from '../support/test-app';

const CONFIG = [
  'stages: [build, test]',
  'compile:',
  '  stage: build',
  '  script:',
  '    - \'printf "\\033[31mred text\\033[0m and plain\\n"\'',
  '    - \'printf "section_start:%s:my_section[collapsed=true]\\r\\033[0KMy section header\\n" "$(date +%s)"\'',
  '    - echo inside the section',
  '    - \'printf "section_end:%s:my_section\\r\\033[0K" "$(date +%s)"\'',
  '    - echo "<b>not bold</b>"',
  'unit:',
  '  stage: test',
  '  script: [echo unit]',
  'lint:',
  '  stage: test',
  '  script: [echo lint]',
].join('\n');

type PipelineJson = { id: number; status: string };
type JobJson = { id: number; name: string; status: string };

describe('pipeline pages', () => {
  let suite: CiBrowserSuite;
  let t: TestApp;
  let browser: Browser;
  let baseUrl: string;
  let owner: TestUser;
  let reporter: TestUser;
  let project: ProjectContext;
  let page: Page;
  const api = <T>(path: string) => suite.api<T>(path);
  const pipelineOf = (sha: string, done: (status: string) => boolean) => suite.pipelineAt(sha, done);

  beforeAll(async () => {
    suite = await startCiBrowserSuite();
    ({ t, browser, baseUrl, owner, project, page } = suite);
    reporter = await buildUser(t.container, { name: 'Rita Reporter' });
    await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
  });
  afterAll(() => suite?.stop());

  it('shows the empty state, and an invitation to add a CI configuration, in a project without pipelines', async () => {
    await page.goto(`/${project.fullPath}/-/pipelines`);
    await page.getByRole('heading', { name: 'There are currently no pipelines.' }).waitFor();
    const create = page.getByRole('link', { name: 'Create .gitlab-ci.yml' });
    expect(await create.getAttribute('href')).toBe(
      `/${project.fullPath}/-/new/main?file_name=.gitlab-ci.yml`,
    );
    expect(await page.getByRole('link', { name: 'Pipelines' }).getAttribute('aria-current')).toBe('page');
    await screenshot(page, 'pipelines-empty');

    const reporterPage = await signedInPage(browser, baseUrl, reporter);
    await reporterPage.goto(`/${project.fullPath}/-/pipelines`);
    await reporterPage.getByRole('heading', { name: 'There are currently no pipelines.' }).waitFor();
    expect(await reporterPage.getByRole('link', { name: 'Create .gitlab-ci.yml' }).count()).toBe(0);
    await reporterPage.context().close();
  });

  it('lists a pushed pipeline that goes to passed, with a stage icon per stage', async () => {
    const sha = await pushFiles(baseUrl, project.fullPath, owner, { '.gitlab-ci.yml': CONFIG });
    await page.goto(`/${project.fullPath}/-/pipelines`);
    const table = page.getByRole('table', { name: 'Pipelines' });
    await table.getByRole('link', { name: 'Passed', exact: true }).waitFor({ timeout: 40_000 });
    const pipeline = await pipelineOf(sha, (status) => status === 'success');
    await table.getByRole('link', { name: `#${pipeline.id}` }).waitFor();
    await table.getByText(sha.slice(0, 8)).waitFor();
    const stages = table.getByRole('list', { name: 'Stages' }).getByRole('button');
    expect(await stages.evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')))).toEqual(
      ['Stage build: passed', 'Stage test: passed'],
    );
    await screenshot(page, 'pipelines-list');

    const scopes = page.getByRole('navigation', { name: 'Pipeline scopes' });
    await scopes.getByRole('link', { name: 'Finished' }).click();
    await page.waitForURL((url) => url.search === '?scope=finished');
    await table.getByRole('link', { name: `#${pipeline.id}` }).waitFor();
    await scopes.getByRole('link', { name: 'Tags' }).click();
    await page.getByRole('heading', { name: 'There are currently no pipelines.' }).waitFor();
    expect(await page.getByRole('link', { name: 'Create .gitlab-ci.yml' }).count()).toBe(0);
  });

  it('shows the pipeline’s jobs by stage, each leading to its job, and a Jobs tab', async () => {
    const [pipeline] = await api<PipelineJson[]>('/pipelines?ref=main');
    await page.goto(`/${project.fullPath}/-/pipelines/${pipeline!.id}`);
    await page.getByRole('heading', { name: `Pipeline #${pipeline!.id}` }).waitFor();
    const build = page.getByRole('region', { name: 'Stage build' });
    const test = page.getByRole('region', { name: 'Stage test' });
    await build.getByRole('link', { name: /compile/ }).waitFor();
    expect(await test.getByRole('link').allInnerTexts()).toEqual(['lint', 'unit']);
    await screenshot(page, 'pipeline-graph');

    await page.getByRole('link', { name: /^Jobs/ }).click();
    const jobs = page.getByRole('table', { name: 'Jobs' });
    await jobs.getByRole('link', { name: 'unit' }).waitFor();
    expect(await jobs.getByRole('row').count()).toBe(4);
    await screenshot(page, 'pipeline-jobs');

    await jobs.getByRole('link', { name: 'compile' }).click();
    await page.getByRole('heading', { name: 'compile' }).waitFor();
  });

  it('shows the job’s log in colour, HTML as text, and a section that opens and closes', async () => {
    const [compile] = (await api<JobJson[]>('/jobs')).filter((job) => job.name === 'compile');
    await page.goto(`/${project.fullPath}/-/jobs/${compile!.id}`);
    const log = page.getByRole('log', { name: 'Job log' });
    await log.locator('.ansi-red-fg', { hasText: 'red text' }).waitFor();
    await log.getByText('<b>not bold</b>', { exact: true }).waitFor();
    expect(await log.locator('b').count()).toBe(0);
    const header = log.getByRole('button', { name: /My section header/ });
    expect(await header.getAttribute('aria-expanded')).toBe('false');
    expect(await log.getByText('inside the section', { exact: true }).count()).toBe(0);
    await header.focus();
    await page.keyboard.press('Enter');
    await log.getByText('inside the section', { exact: true }).waitFor();
    expect(await header.getAttribute('aria-expanded')).toBe('true');
    const raw = page.getByRole('link', { name: 'Show complete raw' });
    expect(await raw.getAttribute('href')).toBe(
      `/api/v4/projects/${encodeURIComponent(project.fullPath)}/jobs/${compile!.id}/trace`,
    );
    await screenshot(page, 'job-log');
  });

  it('shows a configuration that does not hold with GitLab’s error', async () => {
    const sha = await commitCiConfig(t.app, owner, project.project.id, 'broken:\n  script: 12\n', 'broken');
    const pipeline = await pipelineOf(sha, (status) => status === 'failed');
    await page.goto(`/${project.fullPath}/-/pipelines/${pipeline.id}`);
    await page.getByText('Unable to create pipeline').waitFor();
    await page
      .getByText(
        'jobs:broken:script config should be a string or a nested array of strings up to 10 levels deep',
      )
      .waitFor();
    await page.getByText('This pipeline has no jobs.').waitFor();
    await screenshot(page, 'pipeline-yaml-errors');
  });

  it('offers Cancel to the owner of a running job, not to a Reporter, and lists the pipeline on its merge request', async () => {
    const sha = await pushFiles(
      baseUrl,
      project.fullPath,
      owner,
      { '.gitlab-ci.yml': 'slow:\n  script:\n    - echo started\n    - sleep 60\n' },
      { branch: 'slow' },
    );
    const pipeline = await pipelineOf(sha, (status) => status === 'running');
    const [slow] = await api<JobJson[]>(`/pipelines/${pipeline.id}/jobs`);

    const reporterPage = await signedInPage(browser, baseUrl, reporter);
    await reporterPage.goto(`/${project.fullPath}/-/jobs/${slow!.id}`);
    await reporterPage.getByRole('log', { name: 'Job log' }).getByText('started', { exact: true }).waitFor();
    await reporterPage.goto(`/${project.fullPath}/-/pipelines/${pipeline.id}`);
    await reporterPage.getByRole('region', { name: 'Stage test' }).waitFor();
    expect(await reporterPage.getByRole('button', { name: /Cancel/ }).count()).toBe(0);
    await reporterPage.context().close();

    await t.container.mergeRequests.create(owner, project.project.id, {
      source_branch: 'slow',
      title: 'Slow things down',
    });
    await page.goto(`/${project.fullPath}/-/merge_requests/1/pipelines`);
    const listed = page.getByRole('table', { name: 'Pipelines' });
    await listed.getByRole('link', { name: `#${pipeline.id}` }).waitFor();
    await listed.getByRole('link', { name: 'Running', exact: true }).waitFor();
    expect(await listed.getByRole('row').count()).toBe(2);
    await screenshot(page, 'merge-request-pipelines');

    await page.goto(`/${project.fullPath}/-/jobs/${slow!.id}`);
    await page.getByRole('log', { name: 'Job log' }).getByText('started', { exact: true }).waitFor();
    await screenshot(page, 'job-running');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Canceled', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    const job = await waitUntil(
      () => api<JobJson>(`/jobs/${slow!.id}`),
      (j) => j.status === 'canceled',
    );
    expect(job.status).toBe('canceled');
  });

  it('shows every job of a pipeline larger than one page of the API, in the graph and the Jobs tab', async () => {
    const jobs = Array.from({ length: 150 }, (_, n) => `job-${n}:\n  when: manual\n  script: [echo ${n}]`);
    const sha = await pushFiles(baseUrl, project.fullPath, owner, { '.gitlab-ci.yml': jobs.join('\n') });
    const pipeline = await pipelineOf(sha, (status) => ['manual', 'skipped'].includes(status));
    await page.goto(`/${project.fullPath}/-/pipelines/${pipeline.id}`);
    const stage = page.getByRole('region', { name: 'Stage test' });
    await stage.getByRole('link', { name: /job-149$/ }).waitFor();
    expect(await stage.getByRole('link').count()).toBe(150);
    await page.getByRole('link', { name: /^Jobs/ }).click();
    await page.getByRole('table', { name: 'Jobs' }).getByRole('link', { name: 'job-149' }).waitFor();
    expect(await page.getByRole('table', { name: 'Jobs' }).getByRole('row').count()).toBe(151);
  });
});
