import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { screenshot } from '../support/browser';
import { commitCiConfig } from '../support/ci';
import type { TestUser } from '../support/factories';
import { startCiBrowserSuite, type CiBrowserSuite } from '../support/ci-browser';
import type { TestApp } from '../support/test-app';

/** Waits long enough that the page shows the pipeline running before it passes. */
const PASSING = [
  'stages: [build, test]',
  'build:',
  '  stage: build',
  '  script: [sleep 3]',
  'test:',
  '  stage: test',
  '  script: [echo ok]',
];
const FAILING = ['test:', '  script: [exit 1]'];

describe('the merge widget and the head pipeline, with Pipelines must succeed', () => {
  let suite: CiBrowserSuite;
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  let page: Page;

  const widget = () => page.getByRole('region', { name: 'Merge' });
  const pipeline = () => page.getByRole('region', { name: 'Pipeline' });

  /** A branch with `ci` as its configuration and its merge request; answers the request's iid and head. */
  async function requestWith(branch: string, ci: string[]) {
    const sha = await commitCiConfig(t.app, owner, project.project.id, ci.join('\n'), branch);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/merge_requests`,
      headers: owner.headers,
      payload: { source_branch: branch, target_branch: 'main', title: `Change on ${branch}` },
    });
    return { iid: created.json<{ iid: number }>().iid, shortSha: sha.slice(0, 8) };
  }

  beforeAll(async () => {
    suite = await startCiBrowserSuite();
    ({ t, owner, project, page } = suite);
    await t.container.projects.updateProject(owner, project.project.id, {
      only_allow_merge_if_pipeline_succeeds: true,
    });
  });
  afterAll(() => suite?.stop());

  it('shows the pipeline running, then passed, in the widget; then the request merges', async () => {
    const mr = await requestWith('feature', PASSING);
    await page.goto(`/${project.fullPath}/-/merge_requests/${mr.iid}`);
    const running = pipeline().getByText(
      new RegExp(`^Pipeline #\\d+ (pending|running) for ${mr.shortSha} on feature`),
    );
    await running.waitFor({ timeout: 20_000 });
    expect(await widget().getByRole('button', { name: 'Merge', exact: true }).count()).toBe(0);

    const passed = pipeline().getByText(new RegExp(`^Pipeline #\\d+ passed for ${mr.shortSha} on feature`));
    await passed.waitFor({ timeout: 30_000 });
    expect(
      await pipeline()
        .getByRole('link', { name: /^#\d+$/ })
        .getAttribute('href'),
    ).toMatch(new RegExp(`^/${project.fullPath}/-/pipelines/\\d+$`));
    expect(
      await pipeline()
        .getByRole('button', { name: /^Stage (build|test): passed$/ })
        .count(),
    ).toBe(2);
    await widget().getByText('Ready to merge!').waitFor();
    await screenshot(widget(), 'merge-widget-pipeline-passed');

    await widget().getByRole('button', { name: 'Merge', exact: true }).click();
    await widget()
      .getByText(/Merged by Olivia Owner/)
      .waitFor({ timeout: 15_000 });
  });

  it('sets auto-merge while the pipeline runs, and the request merges when it passes', async () => {
    const mr = await requestWith('auto', PASSING);
    await page.goto(`/${project.fullPath}/-/merge_requests/${mr.iid}`);
    await pipeline()
      .getByText(new RegExp(`^Pipeline #\\d+ (pending|running) for ${mr.shortSha} on auto`))
      .waitFor({ timeout: 20_000 });
    await widget().getByRole('button', { name: 'Set to auto-merge' }).click();
    await widget().getByText('Set to merge when all merge checks pass').waitFor();
    await widget().getByRole('button', { name: 'Cancel auto-merge' }).waitFor();
    // A server's job workers carry out the merge; this app's are drained while the page waits.
    const merged = widget().getByText(/Merged by Olivia Owner/);
    const deadline = Date.now() + 30_000;
    while (!(await merged.isVisible())) {
      expect(Date.now()).toBeLessThan(deadline);
      await t.container.jobs.drain();
      await page.waitForTimeout(200);
    }
  });

  it('blocks the merge after a failed pipeline with the spec words, until a pushed fix passes and it merges', async () => {
    const mr = await requestWith('broken', FAILING);
    await page.goto(`/${project.fullPath}/-/merge_requests/${mr.iid}`);
    await pipeline()
      .getByText(new RegExp(`^Pipeline #\\d+ failed for ${mr.shortSha} on broken`))
      .waitFor({ timeout: 30_000 });
    await widget().getByText('Merge blocked: 1 check failed').waitFor();
    await widget().getByText('Pipeline must succeed.').waitFor();
    expect(await widget().getByRole('button', { name: 'Merge', exact: true }).count()).toBe(0);
    await screenshot(widget(), 'merge-widget-pipeline-failed');

    // The fix is pushed to the source branch; the runner runs its pipeline and the open page turns green.
    const fixed = await commitCiConfig(
      t.app,
      owner,
      project.project.id,
      ['test:', '  script: [echo fixed]'].join('\n'),
      'broken',
      'Fix the failing test',
    );
    const fixedShort = fixed.slice(0, 8);
    expect(fixedShort).not.toBe(mr.shortSha);
    const green = await suite.pipelineAt(fixed, (status) => status === 'success');
    await pipeline()
      .getByText(new RegExp(`^Pipeline #${green.id} passed for ${fixedShort} on broken`))
      .waitFor({ timeout: 30_000 });
    // The open page learnt of the new head: it asks for a refresh before it offers the merge.
    await widget()
      .getByText('Merge blocked: to see new changes and rerun this merge check, refresh this page.')
      .waitFor();
    await page.reload();
    await widget().getByText('Ready to merge!').waitFor({ timeout: 15_000 });
    expect(await widget().getByText('Pipeline must succeed.').count()).toBe(0);
    await widget().getByRole('button', { name: 'Merge', exact: true }).click();
    await widget()
      .getByText(/Merged by Olivia Owner/)
      .waitFor({ timeout: 15_000 });
    const merged = await t.app.inject({
      url: `/api/v4/projects/${project.project.id}/merge_requests/${mr.iid}`,
      headers: owner.headers,
    });
    expect(merged.json()).toMatchObject({ state: 'merged', sha: fixed });
  });

  it('asks "Merge unverified changes?" before merging over a failed pipeline where none must succeed', async () => {
    await t.container.projects.updateProject(owner, project.project.id, {
      only_allow_merge_if_pipeline_succeeds: false,
    });
    try {
      const mr = await requestWith('unverified', FAILING);
      await page.goto(`/${project.fullPath}/-/merge_requests/${mr.iid}`);
      await pipeline()
        .getByText(new RegExp(`^Pipeline #\\d+ failed for ${mr.shortSha} on unverified`))
        .waitFor({ timeout: 30_000 });
      await widget().getByRole('button', { name: 'Merge', exact: true }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Merge unverified changes?' });
      await dialog.getByText('Are you sure you want to attempt to merge?').waitFor();
      await dialog.getByRole('button', { name: 'Merge unverified changes' }).click();
      await widget()
        .getByText(/Merged by Olivia Owner/)
        .waitFor({ timeout: 15_000 });
    } finally {
      await t.container.projects.updateProject(owner, project.project.id, {
        only_allow_merge_if_pipeline_succeeds: true,
      });
    }
  });
});
