import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { screenshot, signedInPage } from '../support/browser';
import { pushFiles, waitUntil } from '../support/ci';
import { startCiBrowserSuite, type CiBrowserSuite } from '../support/ci-browser';
import { addProjectMember, buildUser, type TestUser } from '../support/factories';

/** A job for merge requests only: what "Run pipeline" makes runs it. */
const CONFIG = [
  'mr-check:',
  '  rules:',
  '    - if: $CI_PIPELINE_SOURCE == "merge_request_event"',
  '  script: [echo "event $CI_MERGE_REQUEST_EVENT_TYPE"]',
].join('\n');

type PipelineJson = { id: number; status: string; source: string; ref: string };

describe('merge request pipelines in the browser', () => {
  let suite: CiBrowserSuite;
  let page: Page;
  let project: ProjectContext;
  let owner: TestUser;
  let reporter: TestUser;

  beforeAll(async () => {
    suite = await startCiBrowserSuite();
    ({ page, project, owner } = suite);
    reporter = await buildUser(suite.t.container, { name: 'Rita Reporter' });
    await addProjectMember(suite.t.container, project, reporter, ACCESS_LEVELS.reporter);
  });
  afterAll(() => suite?.stop());

  it('turns merged results pipelines on in the CI/CD settings, and the next merge request runs one', async () => {
    await page.goto(`/${project.fullPath}/-/edit`);
    const section = page.getByRole('form', { name: 'General pipelines' });
    await expect(
      section.getByRole('checkbox', { name: 'Auto-cancel redundant pipelines' }).isChecked(),
    ).resolves.toBe(true);
    await section.getByRole('checkbox', { name: 'Enable merged results pipelines' }).check();
    await section.getByRole('button', { name: 'Save pipeline settings' }).click();
    await section.getByText('Pipeline settings were saved.').waitFor();
    await screenshot(section, 'ci-settings-general-pipelines');
    expect(await suite.api<{ merge_pipelines_enabled: boolean }>('')).toMatchObject({
      merge_pipelines_enabled: true,
    });

    await pushFiles(
      suite.baseUrl,
      project.fullPath,
      owner,
      { '.gitlab-ci.yml': CONFIG },
      { branch: 'merged' },
    );
    const created = await suite.t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/merge_requests`,
      headers: owner.headers,
      payload: { source_branch: 'merged', target_branch: 'main', title: 'Merged results' },
    });
    const iid = created.json<{ iid: number }>().iid;
    await waitUntil(
      () => suite.api<PipelineJson[]>(`/merge_requests/${iid}/pipelines`),
      (list) => list[0]?.status === 'success',
    );
    await page.goto(`/${project.fullPath}/-/merge_requests/${iid}`);
    // The sentence (its label) names the kind; the help button beside it says it again in its tooltip.
    await page.locator('.mw-pipeline[aria-label^="Merged results pipeline #"]').waitFor();
    await page.getByRole('button', { name: 'What is a merged results pipeline?' }).waitFor();
    await screenshot(page, 'merged-results-pipeline-widget');

    // The list and the pipeline page label the pipeline by its type; the label explains itself.
    const [pipeline] = await suite.api<PipelineJson[]>(`/merge_requests/${iid}/pipelines`);
    await page.goto(`/${project.fullPath}/-/pipelines`);
    const row = page
      .getByRole('table', { name: 'Pipelines' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `#${pipeline!.id}`, exact: true }) });
    await row.getByRole('button', { name: 'Merged results pipeline' }).click();
    const popover = page.getByRole('dialog', { name: 'Merged results pipeline' });
    await popover
      .getByText(/ran on the result of merging the source branch into the target branch/)
      .waitFor();
    await screenshot(page, 'pipelines-type-labels', { fullPage: false });
    await page.screenshot({ path: '/work/wt/type-labels.png' });
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'hidden' });

    await page.goto(`/${project.fullPath}/-/pipelines/${pipeline!.id}`);
    await page.locator('.ci-header').getByRole('button', { name: 'Merged results pipeline' }).click();
    await page.getByRole('dialog', { name: 'Merged results pipeline' }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('runs a pipeline from the Pipelines tab, and tells a Reporter in the spec words that they may not', async () => {
    await pushFiles(
      suite.baseUrl,
      project.fullPath,
      owner,
      { 'tab.txt': 'tab\n', '.gitlab-ci.yml': CONFIG },
      { branch: 'tab' },
    );
    const created = await suite.t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/merge_requests`,
      headers: owner.headers,
      payload: { source_branch: 'tab', target_branch: 'main', title: 'Pipelines tab' },
    });
    const iid = created.json<{ iid: number }>().iid;
    const before = (await suite.api<PipelineJson[]>(`/merge_requests/${iid}/pipelines`)).length;

    const reporterPage = await signedInPage(suite.browser, suite.baseUrl, reporter);
    await reporterPage.goto(`/${project.fullPath}/-/merge_requests/${iid}/pipelines`);
    await reporterPage.getByRole('button', { name: 'Run pipeline' }).click();
    const alert = reporterPage.getByRole('alert').filter({ hasText: 'permission' });
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      'You do not have permission to run a pipeline on this branch. Learn more',
    );
    expect(await alert.getByRole('link', { name: 'Learn more' }).getAttribute('href')).toContain(
      'merge_request_pipelines',
    );
    await screenshot(reporterPage, 'mr-run-pipeline-forbidden');
    await reporterPage.close();
    expect(await suite.api<PipelineJson[]>(`/merge_requests/${iid}/pipelines`)).toHaveLength(before);

    await page.goto(`/${project.fullPath}/-/merge_requests/${iid}/pipelines`);
    await page.getByRole('button', { name: 'Run pipeline' }).click();
    const list = await waitUntil(
      () => suite.api<PipelineJson[]>(`/merge_requests/${iid}/pipelines`),
      (pipelines) => pipelines.length === before + 1,
    );
    expect(list[0]).toMatchObject({ source: 'merge_request_event' });
    // The tab lists the request's own pipelines: the one made on opening and the one run now.
    await page.getByText(`#${list[0]!.id}`, { exact: true }).waitFor();
    await page.getByText(`#${list[1]!.id}`, { exact: true }).waitFor();
    // The tab labels each by its type (merged results pipelines are on in this project).
    expect(
      await page
        .getByRole('table', { name: 'Pipelines' })
        .getByRole('button', { name: 'Merged results pipeline' })
        .count(),
    ).toBe(2);
    await screenshot(page, 'mr-pipelines-tab');
  });
});
