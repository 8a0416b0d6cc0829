import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { screenshot } from '../support/browser';
import { commitCiConfig, waitUntil } from '../support/ci';
import type { TestUser } from '../support/factories';
import { startCiBrowserSuite, type CiBrowserSuite } from '../support/ci-browser';
import type { TestApp } from '../support/test-app';

/** A pipeline with coverage, an exposed artifact and a manual job that asks for confirmation. */
const withCoverage = (percent: string) =>
  [
    'stages: [build, test, deploy]',
    'build:',
    '  stage: build',
    '  script:',
    '    - mkdir -p out',
    '    - echo "<h1>report</h1>" > out/report.html',
    '  artifacts:',
    '    paths: [out/report.html]',
    '    expose_as: Coverage report',
    'test:',
    '  stage: test',
    "  coverage: '/Coverage: \\d+\\.\\d+%/'",
    `  script: ['echo "Coverage: ${percent}%"']`,
    'ship:',
    '  stage: deploy',
    '  when: manual',
    '  manual_confirmation: Ship it to production?',
    '  script: [echo shipped]',
  ].join('\n');

/** Thirteen manual jobs in one stage: more than 12, so its dropdown has a search box. */
const MANY = [
  'stages: [test]',
  ...Array.from({ length: 13 }, (_, n) => {
    const name = `job-${String(n + 1).padStart(2, '0')}`;
    const confirm = n === 12 ? ['  manual_confirmation: Run the last one?'] : [];
    return [`${name}:`, '  stage: test', '  when: manual', ...confirm, `  script: [echo ${name}]`].join('\n');
  }),
].join('\n');

describe('the pipeline mini graph, the widget’s pipeline section and the pipelines search', () => {
  let suite: CiBrowserSuite;
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  let page: Page;

  const section = () => page.getByRole('region', { name: 'Pipeline', exact: true });

  beforeAll(async () => {
    suite = await startCiBrowserSuite();
    ({ t, owner, project, page } = suite);
  });
  afterAll(() => suite?.stop());

  it('shows every field of the head pipeline, its artifacts and coverage delta, and runs a job after confirmation', async () => {
    const mainSha = await commitCiConfig(t.app, owner, project.project.id, withCoverage('80.00'));
    await suite.pipelineAt(mainSha, (status) => status === 'success');
    const sha = await commitCiConfig(t.app, owner, project.project.id, withCoverage('82.50'), 'feature');
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/merge_requests`,
      headers: owner.headers,
      payload: { source_branch: 'feature', target_branch: 'main', title: 'Raise coverage' },
    });
    const iid = created.json<{ iid: number }>().iid;
    const pipeline = await suite.pipelineAt(sha, (status) => status === 'success');

    await page.goto(`/${project.fullPath}/-/merge_requests/${iid}`);
    await section()
      .getByText(new RegExp(`^Pipeline #${pipeline.id} passed for ${sha.slice(0, 8)} on feature`))
      .waitFor({ timeout: 30_000 });
    expect(
      await section()
        .getByRole('link', { name: `#${pipeline.id}` })
        .getAttribute('href'),
    ).toBe(`/${project.fullPath}/-/pipelines/${pipeline.id}`);
    // A branch pipeline has no type popover.
    expect(
      await section()
        .getByRole('button', { name: /^What is a/ })
        .count(),
    ).toBe(0);
    await section().getByText('Test coverage 82.50%').waitFor();
    const delta = section().getByText('(+2.50%)');
    await delta.waitFor();
    expect(await delta.getAttribute('data-sign')).toBe('positive');

    await section().getByText('View exposed artifact').click();
    const exposed = section().getByRole('link', { name: 'Coverage report' });
    expect(await exposed.getAttribute('href')).toMatch(/\/jobs\/\d+\/artifacts\/out\/report\.html$/);
    const report = await page.request.get(new URL((await exposed.getAttribute('href'))!, page.url()).href);
    expect(await report.text()).toContain('<h1>report</h1>');

    await section().getByRole('button', { name: 'Artifacts' }).click();
    const download = page.getByRole('menuitem', { name: 'build:archive' });
    expect(await download.getAttribute('href')).toMatch(/\/api\/v4\/projects\/\d+\/jobs\/\d+\/artifacts$/);
    await screenshot(page.getByRole('region', { name: 'Merge', exact: true }), 'widget-pipeline-artifacts');
    await page.keyboard.press('Escape');

    // The deploy stage's dropdown: the manual job asks for confirmation before it runs.
    await section()
      .getByRole('button', { name: /^Stage deploy: / })
      .click();
    const jobs = page.getByRole('dialog', { name: 'Jobs of stage deploy' });
    await jobs.getByRole('link', { name: 'ship' }).waitFor();
    await screenshot(page.getByRole('region', { name: 'Merge', exact: true }), 'widget-stage-dropdown');
    await jobs.getByRole('button', { name: 'Run ship' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to run ship?' });
    await confirm.getByText('Custom confirmation message: Ship it to production?').waitFor();
    await confirm.getByText('Do you want to continue?').waitFor();
    await screenshot(page, 'job-action-confirmation', { fullPage: false });
    await confirm.getByRole('button', { name: 'Yes, run ship' }).click();
    const ship = await waitUntil(
      () => suite.api<Array<{ name: string; status: string }>>(`/pipelines/${pipeline.id}/jobs`),
      (list) => list.some((job) => job.name === 'ship' && job.status !== 'manual'),
    );
    expect(ship.find((job) => job.name === 'ship')!.status).not.toBe('manual');
  }, 180_000);

  it('shows the post-merge pipeline of the merge commit on the target branch', async () => {
    const [mr] = await suite.api<Array<{ iid: number }>>('/merge_requests?state=opened');
    await page.goto(`/${project.fullPath}/-/merge_requests/${mr!.iid}`);
    const widget = page.getByRole('region', { name: 'Merge', exact: true });
    await widget.getByRole('button', { name: 'Merge', exact: true }).click();
    await widget.getByText(/Merged by Olivia Owner/).waitFor({ timeout: 20_000 });
    const postMerge = page.getByRole('region', { name: 'Post-merge pipeline' });
    await postMerge
      .getByText(/^Pipeline #\d+ (created|pending|running|passed) for [0-9a-f]{8} on main/)
      .waitFor({
        timeout: 30_000,
      });
    await postMerge.getByText(/^Pipeline #\d+ passed for [0-9a-f]{8} on main/).waitFor({ timeout: 60_000 });
    await screenshot(widget, 'widget-post-merge-pipeline');
  }, 120_000);

  it('lists the jobs of a large stage with a search box, and asks before running a job with a message', async () => {
    await commitCiConfig(t.app, owner, project.project.id, MANY, 'many');
    await page.goto(`/${project.fullPath}/-/pipelines?ref=many`);
    const table = page.getByRole('table', { name: 'Pipelines' });
    await table.getByRole('button', { name: /^Stage test: / }).click();
    const jobs = page.getByRole('dialog', { name: 'Jobs of stage test' });
    const list = jobs.getByRole('list', { name: 'Jobs of stage test' });
    await list.getByRole('link', { name: 'job-13' }).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(13);
    expect(await list.evaluate((element) => getComputedStyle(element).maxHeight)).toBe('310px');
    expect(await list.locator('svg').first().getAttribute('width')).toBe('16');
    await screenshot(page, 'stage-dropdown-search', { fullPage: false });
    await jobs.getByRole('textbox', { name: 'Search jobs' }).fill('job-13');
    await waitUntil(
      () => list.getByRole('listitem').count(),
      (count) => count === 1,
    );

    // Cancel in the confirmation leaves the job as it was.
    await jobs.getByRole('button', { name: 'Run job-13' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to run job-13?' });
    await confirm.getByText('Custom confirmation message: Run the last one?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    const status = async (name: string) => {
      const [pipeline] = await suite.api<Array<{ id: number }>>('/pipelines?ref=many');
      const found = await suite.api<Array<{ name: string; status: string }>>(
        `/pipelines/${pipeline!.id}/jobs?per_page=100`,
      );
      return found.find((job) => job.name === name)!.status;
    };
    expect(await status('job-13')).toBe('manual');

    // A job without a message runs at once.
    await jobs.getByRole('textbox', { name: 'Search jobs' }).fill('job-01');
    await jobs.getByRole('button', { name: 'Run job-01' }).click();
    await waitUntil(
      () => status('job-01'),
      (value) => value !== 'manual',
    );
    expect(await page.getByRole('alertdialog').count()).toBe(0);

    // Closing the dropdown clears its search.
    await jobs.getByRole('textbox', { name: 'Search jobs' }).press('Escape');
    await jobs.waitFor({ state: 'hidden' });
    await table.getByRole('button', { name: /^Stage test: / }).click();
    expect(await page.getByRole('textbox', { name: 'Search jobs' }).inputValue()).toBe('');
    await page.keyboard.press('Escape');
  }, 120_000);

  it('filters the pipelines by tokens and answers raw text with the spec words', async () => {
    const failedSha = await commitCiConfig(
      t.app,
      owner,
      project.project.id,
      'broken:\n  script: [exit 1]\n',
      'broken',
    );
    const failed = await suite.pipelineAt(failedSha, (status) => status === 'failed');
    await page.goto(`/${project.fullPath}/-/pipelines`);
    const table = page.getByRole('table', { name: 'Pipelines' });
    await table.getByRole('link', { name: `#${failed.id}` }).waitFor({ timeout: 20_000 });
    const box = page.getByRole('textbox', { name: 'Filter pipelines' });

    await box.fill('status:failed');
    await box.press('Enter');
    await page.waitForURL((url) => url.search === '?status=failed');
    await waitUntil(
      () => table.getByRole('row').count(),
      (rows) => rows === 2,
    );
    await table.getByRole('link', { name: `#${failed.id}` }).waitFor();
    await page.getByRole('list', { name: 'Applied filters' }).getByText('Status = failed').waitFor();
    await screenshot(page, 'pipelines-filtered');

    await box.fill('fix the build ref:main');
    await box.press('Enter');
    await page
      .getByRole('alert')
      .getByText('Raw text search is not currently supported. Please use the available search tokens.')
      .waitFor();
    await page.waitForURL((url) => url.search === '?ref=main');
    expect(await box.inputValue()).toBe('ref:main');
    await screenshot(page, 'pipelines-raw-text');

    await box.fill('source:push username:nobody-here');
    await box.press('Enter');
    await page.getByText('No pipelines match these filters.').waitFor();
  });
});
