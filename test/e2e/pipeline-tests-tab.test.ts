import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { screenshot } from '../support/browser';
import { pushFiles } from '../support/ci';
import { startCiBrowserSuite, type CiBrowserSuite } from '../support/ci-browser';
import type { TestUser } from '../support/factories';

const REPORT = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<testsuites>',
  '  <testsuite name="Cart">',
  '    <testcase classname="CartTest" name="adds an item" file="test/cart.test.ts" time="0.012"/>',
  '    <testcase classname="CartTest" name="sums the prices" file="test/cart.test.ts" time="1.5">',
  '      <failure message="expected 5 to equal 4">at sum (src/cart.ts:12:3)</failure>',
  '    </testcase>',
  '    <testcase classname="CartTest" name="applies a coupon"><skipped/></testcase>',
  '  </testsuite>',
  '</testsuites>',
].join('\n');

const CONFIG = [
  'unit:',
  '  script:',
  '    - cp fixtures/report.xml junit.xml',
  '    - echo "1 of 3 tests failed" && exit 1',
  '  artifacts:',
  '    reports:',
  '      junit: junit.xml',
  'lint:',
  '  script:',
  '    - echo "lint passed"',
].join('\n');

describe('the pipeline page’s Tests and Failures tabs', () => {
  let suite: CiBrowserSuite;
  let page: Page;
  let project: ProjectContext;
  let owner: TestUser;

  beforeAll(async () => {
    suite = await startCiBrowserSuite();
    ({ page, project, owner } = suite);
  });
  afterAll(() => suite?.stop());

  it('shows the summary, the job’s suite, its cases failures first and a failure’s output', async () => {
    const sha = await pushFiles(suite.baseUrl, project.fullPath, owner, {
      '.gitlab-ci.yml': CONFIG,
      'fixtures/report.xml': REPORT,
    });
    const pipeline = await suite.pipelineAt(sha, (status) => status === 'failed');
    await page.goto(`/${project.fullPath}/-/pipelines/${pipeline.id}`);
    const tabs = page.getByRole('navigation', { name: 'Pipeline tabs' });
    await tabs.getByRole('link', { name: /Tests/ }).click();
    await page.waitForURL((url) => url.pathname.endsWith(`/-/pipelines/${pipeline.id}/test_report`));

    const summary = page.getByRole('region', { name: 'Summary' });
    for (const text of ['3 tests', '1 failure', '0 errors', '50% success rate', '1.51s'])
      await summary.getByText(text, { exact: true }).waitFor();
    const jobs = page.getByRole('table', { name: 'Jobs' });
    await jobs.getByRole('button', { name: 'unit' }).waitFor();

    const tests = page.getByRole('table', { name: 'Tests' });
    await tests.waitFor();
    const rows = tests.locator('tbody > tr');
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringMatching(/CartTest\s+sums the prices\s+test\/cart\.test\.ts\s+Failed\s+1\.50s/),
      expect.stringMatching(/CartTest\s+adds an item\s+test\/cart\.test\.ts\s+Passed\s+12\.00ms/),
      expect.stringMatching(/CartTest\s+applies a coupon\s+Skipped\s+0\.00ms/),
    ]);
    await rows.first().getByRole('button', { name: 'View details' }).click();
    await tests.getByText('expected 5 to equal 4', { exact: true }).waitFor();
    await tests.getByText('at sum (src/cart.ts:12:3)', { exact: true }).waitFor();
    await screenshot(page, 'pipeline-tests-tab');

    await tabs.getByRole('link', { name: /Failures/ }).click();
    const failed = page.getByRole('table', { name: 'Failed jobs' });
    await failed.getByRole('link', { name: 'unit' }).waitFor();
    await failed
      .getByText('There has been a script failure. Check the job log for more information', { exact: true })
      .waitFor();
    expect(await failed.locator('tbody > tr').count()).toBe(1);
    await failed.getByRole('button', { name: 'Show log' }).click();
    await failed
      .getByRole('log', { name: 'Job log' })
      .getByText('1 of 3 tests failed', { exact: true })
      .waitFor();
    await screenshot(page, 'pipeline-failures-tab');
  });

  it('says there are no tests for a pipeline without reports, in GitLab’s words, and has no Failures tab', async () => {
    const sha = await pushFiles(
      suite.baseUrl,
      project.fullPath,
      owner,
      { '.gitlab-ci.yml': 'lint:\n  script: [echo fine]\n' },
      { branch: 'no-tests' },
    );
    const pipeline = await suite.pipelineAt(sha, (status) => status === 'success');
    await page.goto(`/${project.fullPath}/-/pipelines/${pipeline.id}/test_report`);
    await page.getByRole('heading', { name: 'There are no tests to display' }).waitFor();
    await page
      .getByText(
        'You can configure your job to use unit test reports, and Mergeway displays a report here and in the related merge request.',
      )
      .waitFor();
    const tabs = page.getByRole('navigation', { name: 'Pipeline tabs' });
    await tabs.getByRole('link', { name: /Jobs/ }).waitFor();
    expect(await tabs.getByRole('link', { name: /Failures/ }).count()).toBe(0);
  });
});
