import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JOB_ERRORS,
  pipelineHeaderErrorText,
  CREATING_PIPELINE,
} from '../../src/shared/ci/views/pipelineErrors';
import { screenshot } from '../support/browser';
import { FINISHED, pushFiles, waitUntil } from '../support/ci';
import { startCiBrowserSuite, type CiBrowserSuite } from '../support/ci-browser';

type PipelineJson = { id: number; status: string };
type JobJson = { id: number; name: string; status: string };

const FAILING = ['flaky:', '  script: [exit 1]'].join('\n');
const WITH_NEEDS = [
  'stages: [build, test]',
  'compile:',
  '  stage: build',
  '  script: [echo compile]',
  'unit:',
  '  stage: test',
  '  needs: [compile]',
  '  script: [echo unit]',
  'lint:',
  '  stage: test',
  '  script: [echo lint]',
].join('\n');
const MR_ONLY = [
  'mr-check:',
  '  rules:',
  '    - if: $CI_PIPELINE_SOURCE == "merge_request_event"',
  '  script: [echo checked]',
].join('\n');

describe('pipeline and job error texts, pipeline creation and graph metrics in the browser', () => {
  let suite: CiBrowserSuite;

  beforeAll(async () => {
    suite = await startCiBrowserSuite();
  });
  afterAll(() => suite?.stop());

  async function finishedPipeline(branch: string, config: string): Promise<PipelineJson> {
    const { baseUrl, project, owner } = suite;
    const sha = await pushFiles(baseUrl, project.fullPath, owner, { '.gitlab-ci.yml': config }, { branch });
    return suite.pipelineAt(sha, (status) => FINISHED.includes(status));
  }
  /** Another request deletes the pipeline behind the page's back: the page's next action fails for real. */
  async function deleteBehindThePage(id: number): Promise<void> {
    const gone = await suite.t.app.inject({
      method: 'DELETE',
      url: `/api/v4/projects/${suite.project.project.id}/pipelines/${id}`,
      headers: suite.owner.headers,
    });
    expect(gone.statusCode).toBe(204);
  }

  it('says "There was an error running the job. Please try again." when a retry fails', async () => {
    const { page, project } = suite;
    const pipeline = await finishedPipeline('retried', FAILING);
    const [flaky] = await suite.api<JobJson[]>(`/pipelines/${pipeline.id}/jobs`);
    await page.goto(`/${project.fullPath}/-/jobs/${flaky!.id}`);
    const retry = page.getByRole('button', { name: 'Retry flaky' });
    await retry.waitFor();
    await deleteBehindThePage(pipeline.id);
    await retry.click();
    const alert = page.getByRole('alert').filter({ hasText: JOB_ERRORS.mutation });
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe('There was an error running the job. Please try again.');
    await page.screenshot({ path: '/work/wt/ci-texts-shot.png' });
    await screenshot(page, 'job-run-error');
  });

  it('says delete_pipeline_failure’s text when deleting the pipeline fails', async () => {
    const { page, project } = suite;
    const pipeline = await finishedPipeline('doomed', FAILING);
    await page.goto(`/${project.fullPath}/-/pipelines/${pipeline.id}`);
    const remove = page.getByRole('button', { name: 'Delete', exact: true });
    await remove.waitFor();
    await deleteBehindThePage(pipeline.id);
    await remove.click();
    await page
      .getByRole('alertdialog', { name: 'Delete pipeline' })
      .getByRole('button', { name: 'Delete pipeline' })
      .click();
    const alert = page.getByRole('alert').filter({ hasText: 'deleting' });
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe('An error occurred while deleting the pipeline.');
    expect(pipelineHeaderErrorText('delete_pipeline_failure')).toBe(await alert.textContent());
    expect(new URL(page.url()).pathname).toBe(`/${project.fullPath}/-/pipelines/${pipeline.id}`);
    await screenshot(page, 'pipeline-delete-error');
  });

  it('reports the graph’s layout metrics as GitLab’s three histograms to the path the page gives', async () => {
    const { page, project } = suite;
    const pipeline = await finishedPipeline('needs', WITH_NEEDS);
    await page.goto(`/${project.fullPath}/-/pipelines/${pipeline.id}`);
    const view = page.locator('.ci-graph-view');
    await view.getByRole('button', { name: 'Job dependencies' }).waitFor();
    const sent = page.waitForRequest(
      (request) =>
        request.method() === 'POST' && request.url().includes('/-/ci/prometheus_metrics/histograms'),
    );
    await view.getByRole('button', { name: 'Job dependencies' }).click();
    const request = await sent;
    expect(new URL(request.url()).pathname).toBe(`/${project.fullPath}/-/ci/prometheus_metrics/histograms`);
    const body = request.postDataJSON() as { histograms: Array<{ name: string; value: number }> };
    expect(body.histograms.map((histogram) => histogram.name)).toEqual([
      'pipeline_graph_link_calculation_duration_seconds',
      'pipeline_graph_links_total',
      'pipeline_graph_links_per_job_ratio',
    ]);
    const [duration, links, ratio] = body.histograms.map((histogram) => histogram.value);
    expect(duration).toBeGreaterThan(0);
    expect(duration).toBeLessThan(10);
    // unit needs compile; lint waits for the stage before (compile): two links among three jobs.
    expect(links).toBe(2);
    expect(ratio).toBeCloseTo(2 / 3);
    expect((await request.response())?.status()).toBe(201);
    expect(suite.t.container.graphMetrics.snapshot().pipeline_graph_links_total.count).toBe(1);
  });

  it('says "Creating pipeline." until the run is answered, and cancels the poll it supersedes without an error', async () => {
    const { page, project, owner, baseUrl } = suite;
    await pushFiles(
      baseUrl,
      project.fullPath,
      owner,
      { 'mr.txt': 'mr\n', '.gitlab-ci.yml': MR_ONLY },
      { branch: 'mr' },
    );
    const created = await suite.t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/merge_requests`,
      headers: owner.headers,
      payload: { source_branch: 'mr', target_branch: 'main', title: 'Run it' },
    });
    const iid = created.json<{ iid: number }>().iid;
    // Notes in the page which of the list's reads the app aborted (its fetch's signal).
    await page.addInitScript(() => {
      const aborted: string[] = [];
      Object.assign(window, { abortedReads: aborted });
      const fetchOf = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        init?.signal?.addEventListener('abort', () => aborted.push(url));
        return fetchOf(input, init);
      };
    });
    await page.goto(`/${project.fullPath}/-/merge_requests/${iid}/pipelines`);
    const run = page.getByRole('button', { name: 'Run pipeline' });
    await run.waitFor();

    // Held, not answered for them: the run's POST until "Creating pipeline." is seen, and the
    // list's next poll, which the run then supersedes.
    const held: Route[] = [];
    let heldPoll: (route: Route) => void = () => undefined;
    const pollHeld = new Promise<Route>((resolve) => (heldPoll = resolve));
    let holdPolls = true;
    await page.route(
      (url) => url.pathname.endsWith(`/merge_requests/${iid}/pipelines`),
      (route) => (route.request().method() === 'POST' ? void held.push(route) : void route.continue()),
    );
    await page.route(
      (url) => url.pathname.endsWith('/-/pipelines.json'),
      (route) => {
        if (!holdPolls) return void route.continue();
        holdPolls = false;
        heldPoll(route);
      },
    );
    // The list polls every 8 s at first (spec 002 section 9).
    const poll = await pollHeld;

    await run.click();
    const creating = page.getByRole('status').filter({ hasText: CREATING_PIPELINE });
    await creating.waitFor();
    expect((await creating.textContent())?.trim()).toBe('Creating pipeline.');
    await screenshot(page, 'mr-creating-pipeline');
    const post = held.find((route) => route.request().method() === 'POST')!;
    await post.continue();

    await creating.waitFor({ state: 'detached' });
    const aborted = await waitUntil(
      () => page.evaluate(() => (window as unknown as { abortedReads: string[] }).abortedReads),
      (urls) => urls.length > 0,
    );
    expect(new URL(aborted[0]!, baseUrl).href).toBe(poll.request().url());
    await poll.continue().catch(() => undefined);
    const [newest] = await suite.api<PipelineJson[]>(`/merge_requests/${iid}/pipelines`);
    await page.getByText(`#${newest!.id}`, { exact: true }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
