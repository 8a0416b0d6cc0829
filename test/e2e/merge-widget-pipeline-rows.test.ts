import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { screenshot } from '../support/browser';
import { commitCiConfig } from '../support/ci';
import { startCiBrowserSuite, type CiBrowserSuite } from '../support/ci-browser';
import type { TestUser } from '../support/factories';
import type { TestApp } from '../support/test-app';

/** Branch pipelines report a coverage: 90% on main, 80% anywhere else (so a request's falls). */
const COVERAGE_CONFIG = [
  'test:',
  "  coverage: '/Coverage: \\d+\\.\\d+%/'",
  '  script:',
  `    - 'if [ "$CI_COMMIT_REF_NAME" = main ]; then echo "Coverage: 90.00%"; else echo "Coverage: 80.00%"; fi'`,
].join('\n');
/** A job for merge requests: "Run pipeline" on a request makes a pipeline of it. */
const MR_CONFIG = [
  'mr-check:',
  '  rules:',
  '    - if: $CI_PIPELINE_SOURCE == "merge_request_event"',
  '  script: [echo checked]',
].join('\n');
/** No job for merge requests: the server refuses to run an empty merge request pipeline. */
const BRANCH_ONLY_CONFIG = ['build:', '  script: [echo built]'].join('\n');

describe('the merge widget’s pipeline rows', () => {
  let suite: CiBrowserSuite;
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  let page: Page;

  const pipeline = () => page.getByRole('region', { name: 'Pipeline' });
  const retargetedRow = () => page.getByRole('region', { name: 'Retargeted' });
  const call = (method: 'POST' | 'PUT', path: string, payload: object) =>
    t.app.inject({
      method,
      url: `/api/v4/projects/${project.project.id}${path}`,
      headers: owner.headers,
      payload,
    });

  async function openRequest(source: string, target: string) {
    const created = await call('POST', '/merge_requests', {
      source_branch: source,
      target_branch: target,
      title: `Change on ${source}`,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ iid: number }>().iid;
  }

  /**
   * `<prefix>-1` → main with `config`, and `<prefix>-2` → `<prefix>-1` built on it; `<prefix>-1`
   * is then merged and its branch removed, so the server retargets the second request to main.
   */
  async function retargetedRequest(prefix: string, config: string) {
    await commitCiConfig(t.app, owner, project.project.id, config, `${prefix}-1`);
    const stacked = await call('POST', '/repository/files/stacked.txt', {
      branch: `${prefix}-2`,
      start_branch: `${prefix}-1`,
      content: 'stacked\n',
      commit_message: 'Stacked change',
    });
    expect(stacked.statusCode, stacked.body).toBe(201);
    const first = await openRequest(`${prefix}-1`, 'main');
    const second = await openRequest(`${prefix}-2`, `${prefix}-1`);
    const merged = await call('PUT', `/merge_requests/${first}/merge`, { should_remove_source_branch: true });
    expect(merged.statusCode, merged.body).toBe(200);
    await t.container.background.settled();
    return second;
  }

  beforeAll(async () => {
    suite = await startCiBrowserSuite();
    ({ t, owner, project, page } = suite);
    const mainHead = await commitCiConfig(t.app, owner, project.project.id, COVERAGE_CONFIG);
    await suite.pipelineAt(mainHead, (status) => status === 'success');
  });
  afterAll(() => suite?.stop());

  it('says when the pipeline finished, and a fall in coverage in the danger colour', async () => {
    const branch = await call('POST', '/repository/files/lower.txt', {
      branch: 'lower',
      start_branch: 'main',
      content: 'less tested\n',
      commit_message: 'Less tested',
    });
    expect(branch.statusCode, branch.body).toBe(201);
    const head = (await suite.api<{ commit: { id: string } }>('/repository/branches/lower')).commit.id;
    const passed = await suite.pipelineAt(head, (status) => status === 'success');
    const iid = await openRequest('lower', 'main');
    const finishedAt = (await suite.api<{ finished_at: string }>(`/pipelines/${passed.id}`)).finished_at;

    await page.goto(`/${project.fullPath}/-/merge_requests/${iid}`);
    await pipeline()
      .getByText(new RegExp(`^Pipeline #${passed.id} passed`))
      .waitFor({ timeout: 20_000 });
    const finished = pipeline().locator('time');
    expect(await finished.getAttribute('datetime')).toBe(finishedAt);
    expect(await finished.textContent()).toMatch(/^(now|\d+ (second|minute)s? ago)$/);

    await pipeline().getByText('Test coverage 80.00%').waitFor();
    const delta = pipeline().getByText('(-10.00%)');
    await delta.waitFor();
    const colours = await delta.evaluate((element) => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--fgColor-danger)';
      // Beside the delta, under the same theme (its variables are not set on the body).
      element.parentElement!.append(probe);
      const danger = getComputedStyle(probe).color;
      probe.remove();
      return {
        shown: getComputedStyle(element).color,
        danger,
        text: getComputedStyle(element.parentElement!).color,
      };
    });
    expect(colours.shown).toBe(colours.danger);
    expect(colours.shown).not.toBe(colours.text);
    await screenshot(pipeline(), 'merge-widget-pipeline-coverage-fell');
  });

  it('asks for a new pipeline after a retarget; Run pipeline runs one and the row goes', async () => {
    const iid = await retargetedRequest('stack', MR_CONFIG);
    await page.goto(`/${project.fullPath}/-/merge_requests/${iid}`);
    await retargetedRow()
      .getByText(
        'You should run a new pipeline, because the target branch has changed for this merge request.',
      )
      .waitFor();
    await screenshot(retargetedRow(), 'merge-widget-retargeted-row');
    await retargetedRow().getByRole('button', { name: 'Run pipeline' }).click();
    await retargetedRow().waitFor({ state: 'detached', timeout: 15_000 });
    const [ran] = await suite.api<Array<{ id: number; source: string; ref: string }>>(
      `/merge_requests/${iid}/pipelines`,
    );
    expect(ran).toMatchObject({ source: 'merge_request_event', ref: `refs/merge-requests/${iid}/head` });
    // A reload still shows no row, and the new pipeline as the request's.
    await page.reload();
    await pipeline()
      .getByRole('link', { name: `#${ran!.id}` })
      .waitFor({ timeout: 20_000 });
    expect(await retargetedRow().count()).toBe(0);
  });

  it('shows GitLab’s alert and its learn-more link when the new pipeline cannot be made', async () => {
    const iid = await retargetedRequest('plain', BRANCH_ONLY_CONFIG);
    await page.goto(`/${project.fullPath}/-/merge_requests/${iid}`);
    await retargetedRow().getByRole('button', { name: 'Run pipeline' }).click();
    const alert = retargetedRow().getByRole('alert');
    await alert
      .getByText('An error occurred while trying to run a new pipeline for this merge request.')
      .waitFor();
    expect(await alert.getByRole('link', { name: 'Learn more' }).getAttribute('href')).toBe(
      'https://docs.gitlab.com/ci/pipelines/merge_request_pipelines/',
    );
    await screenshot(retargetedRow(), 'merge-widget-run-pipeline-failed');
    // Nothing ran, so the request still asks for one.
    expect(await retargetedRow().getByRole('button', { name: 'Run pipeline' }).isEnabled()).toBe(true);
    const sources = await suite.api<Array<{ source: string }>>(`/merge_requests/${iid}/pipelines`);
    expect(sources.map((found) => found.source)).not.toContain('merge_request_event');
  });
});
