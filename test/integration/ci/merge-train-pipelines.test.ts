import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MergeRequestDetail } from '../../../src/shared/api/mergeRequests';
import type { MergeTrainCar } from '../../../src/shared/api/mergeTrains';
import { commitFiles, listCommits } from '../../../src/server/git/commits';
import { readRef } from '../../../src/server/git/repository';
import type { ProjectContext } from '../../../src/server/features/projects/projects.service';
import { instanceRunnerToken, startRunnerProcess, waitUntil, type RunnerProcess } from '../../support/ci';
import { buildProject, buildUser, type TestUser } from '../../support/factories';
import { pushFile, testAuthor } from '../../support/merge-request-factories';
import { landedMerges, systemNoteTexts } from '../../support/merge-trains';
import { createTestApp, type TestApp } from '../../support/test-app';

type PipelineJson = { id: number; status: string; ref: string; sha: string; source: string };
type JobJson = { id: number; name: string; status: string };

/**
 * Only merge train pipelines run here (a push makes none), so every pipeline is a car's. A car
 * whose source branch added `FAIL-<branch>` fails its own pipeline; the others take a while, so
 * a restart finds them still running (a car with `SLOW-<branch>` longer still).
 */
const CI_CONFIG = [
  'test:',
  '  rules:',
  `    - if: '$CI_MERGE_REQUEST_EVENT_TYPE == "merge_train"'`,
  '  script:',
  '    - echo "event $CI_MERGE_REQUEST_EVENT_TYPE for !$CI_MERGE_REQUEST_IID into $CI_MERGE_REQUEST_TARGET_BRANCH_NAME"',
  '    - test ! -f "FAIL-$CI_MERGE_REQUEST_SOURCE_BRANCH_NAME"',
  '    - sleep 4',
  '    - if [ -f "SLOW-$CI_MERGE_REQUEST_SOURCE_BRANCH_NAME" ]; then sleep 12; fi',
].join('\n');

/** Workflow rules that let no merge train pipeline of `alpha` run. */
const WORKFLOW_CONFIG = [
  'workflow:',
  '  rules:',
  `    - if: '$CI_MERGE_REQUEST_SOURCE_BRANCH_NAME == "alpha"'`,
  '      when: never',
  `    - if: '$CI_MERGE_REQUEST_EVENT_TYPE == "merge_train"'`,
  'test:',
  '  script: [sleep 2]',
].join('\n');

describe('merge trains run their pipelines on the bundled runner', () => {
  let t: TestApp;
  let owner: TestUser;
  let runner: RunnerProcess;

  beforeAll(async () => {
    t = await createTestApp({ env: { RUNNER_LONG_POLL_SECONDS: '5' } });
    const baseUrl = await t.listen();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
    runner = startRunnerProcess({
      url: baseUrl,
      token: await instanceRunnerToken(t.container),
      concurrent: 2,
    });
    await runner.waitForOutput(/Runner started/);
    // The train's looks run as background jobs, as in a served app.
    t.container.jobs.start(() => undefined);
  });
  afterAll(async () => {
    await t.container.jobs.stop();
    await runner?.stop();
    await t.close();
  });

  const api = (p: ProjectContext) => `/api/v4/projects/${p.project.id}`;
  const get = async <T>(url: string): Promise<T> => {
    const response = await t.app.inject({ url, headers: owner.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const show = (p: ProjectContext, iid: number) => get<MergeRequestDetail>(`${api(p)}/merge_requests/${iid}`);
  const pipelines = (p: ProjectContext) => get<PipelineJson[]>(`${api(p)}/pipelines?sort=asc`);
  const trace = async (p: ProjectContext, pipelineId: number) => {
    const [job] = await get<JobJson[]>(`${api(p)}/pipelines/${pipelineId}/jobs`);
    return (await t.app.inject({ url: `${api(p)}/jobs/${job!.id}/trace`, headers: owner.headers })).body;
  };
  const systemNotes = (mergeRequestId: number) => systemNoteTexts(t.container.db, mergeRequestId);
  const landed = (p: ProjectContext) => landedMerges(p.gitDir);

  async function trainProject(skipTrainAllowed = false, pipelinesMustSucceed = false, ci = CI_CONFIG) {
    const p = await buildProject(t.container, owner);
    // Where pipelines must succeed, a request's own pipeline passes before it joins.
    const config = pipelinesMustSucceed
      ? ci.replace('"merge_train"\'', '"merge_train" || $CI_MERGE_REQUEST_EVENT_TYPE == "detached"\'')
      : ci;
    await pushFile(p, 'main', { path: '.gitlab-ci.yml', content: config, message: 'CI' });
    await t.container.projects.updateProject(owner, p.project.id, {
      merge_trains_enabled: true,
      merge_trains_skip_train_allowed: skipTrainAllowed,
      ...(pipelinesMustSucceed ? { only_allow_merge_if_pipeline_succeeds: true } : {}),
    });
    return p;
  }

  async function request(p: ProjectContext, branch: string, file = `${branch}.txt`) {
    await pushFile(p, branch, { path: file, content: `${branch}\n`, message: `Add ${branch}` });
    return (
      await t.container.mergeRequests.create(owner, p.project.id, {
        source_branch: branch,
        title: `Add ${branch}`,
      })
    ).mergeRequest;
  }

  const add = async (p: ProjectContext, iid: number) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${api(p)}/merge_trains/merge_requests/${iid}`,
      headers: owner.headers,
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  /** Runs the request's own (detached) pipeline and waits for it to pass. */
  async function ownPipelinePassed(p: ProjectContext, iid: number) {
    const created = await t.app.inject({
      method: 'POST',
      url: `${api(p)}/merge_requests/${iid}/pipelines`,
      headers: owner.headers,
    });
    // 200: the request's opening had started it already.
    expect([200, 201], created.body).toContain(created.statusCode);
    const { id } = created.json<PipelineJson>();
    await waitUntil(
      () => get<PipelineJson>(`${api(p)}/pipelines/${id}`),
      (found) => found.status === 'success',
      60_000,
    );
  }
  const carOf = (p: ProjectContext, iid: number) =>
    get<MergeTrainCar>(`${api(p)}/merge_trains/merge_requests/${iid}`);

  it('runs a merge train pipeline for each car and merges both cars in order once they pass', async () => {
    const p = await trainProject();
    const [a, b] = [await request(p, 'alpha'), await request(p, 'bravo')];
    await add(p, a.iid);
    await add(p, b.iid);

    // Each car runs on its merged result: the target plus the cars ahead, on its train ref.
    const running = await waitUntil(
      () => pipelines(p),
      (list) => list.length === 2,
    );
    expect(running.map((pipeline) => [pipeline.ref, pipeline.source])).toEqual([
      [`refs/merge-requests/${a.iid}/train`, 'merge_request_event'],
      [`refs/merge-requests/${b.iid}/train`, 'merge_request_event'],
    ]);
    const bravoResult = await readRef(p.gitDir, `refs/merge-requests/${b.iid}/train`);
    expect(running[1]!.sha).toBe(bravoResult);
    const [bravoFirstParent] = (await listCommits(p.gitDir, { revision: bravoResult!, limit: 1 }))[0]!
      .parentShas;
    expect(bravoFirstParent).toBe(running[0]!.sha);
    // The car records its pipeline.
    expect((await carOf(p, b.iid)).pipeline).toMatchObject({ id: running[1]!.id });

    await waitUntil(
      async () => [(await show(p, a.iid)).state, (await show(p, b.iid)).state],
      (states) => states.every((state) => state === 'merged'),
      90_000,
    );
    expect(await landed(p)).toEqual(["Merge branch 'alpha' into 'main'", "Merge branch 'bravo' into 'main'"]);
    const finished = await pipelines(p);
    expect(finished.map((pipeline) => pipeline.status)).toEqual(['success', 'success']);
    expect(await trace(p, running[1]!.id)).toContain(`event merge_train for !${b.iid} into main`);
    expect((await carOf(p, a.iid)).status).toBe('merged');
    // GitLab's GraphQL names the car's pipeline a merge train one, in its enum's capitals.
    const graph = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: owner.headers,
      payload: {
        query: `query($path: ID!, $iid: String!) { project(fullPath: $path) { mergeRequest(iid: $iid) {
          pipelines { nodes { mergeRequestEventType status jobs { nodes { kind status } } } } } } }`,
        variables: { path: p.fullPath, iid: String(b.iid) },
      },
    });
    expect(graph.json()).toEqual({
      data: {
        project: {
          mergeRequest: {
            pipelines: {
              nodes: [
                {
                  mergeRequestEventType: 'MERGE_TRAIN',
                  status: 'SUCCESS',
                  jobs: { nodes: [{ kind: 'BUILD', status: 'SUCCESS' }] },
                },
              ],
            },
          },
        },
      },
    });
  }, 150_000);

  it('drops a car whose pipeline fails, with GitLab’s note, and restarts and merges the car behind it', async () => {
    const p = await trainProject();
    const a = await request(p, 'alpha', 'FAIL-alpha');
    const b = await request(p, 'bravo');
    await add(p, a.iid);
    await add(p, b.iid);
    const [, bravoFirst] = await waitUntil(
      () => pipelines(p),
      (list) => list.length >= 2,
    );

    await waitUntil(
      () => show(p, b.iid),
      (mr) => mr.state === 'merged',
      90_000,
    );
    const alpha = await show(p, a.iid);
    expect(alpha).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: false });
    expect(await systemNotes(a.id)).toContain(
      'removed this merge request from the merge train because pipeline did not succeed',
    );
    expect(await landed(p)).toEqual(["Merge branch 'bravo' into 'main'"]);

    // Bravo ran again on a result without alpha; the pipeline it replaced was canceled.
    const all = await pipelines(p);
    const bravos = all.filter((pipeline) => pipeline.ref === `refs/merge-requests/${b.iid}/train`);
    expect(bravos.map((pipeline) => pipeline.status)).toEqual(['canceled', 'success']);
    expect(bravos[0]!.id).toBe(bravoFirst!.id);
    expect(all.find((pipeline) => pipeline.ref === `refs/merge-requests/${a.iid}/train`)?.status).toBe(
      'failed',
    );
    expect((await carOf(p, b.iid)).pipeline).toMatchObject({ id: bravos[1]!.id, status: 'success' });
  }, 150_000);

  it('"Merge now and restart train" cancels the car’s pipeline and runs a new one; "don’t restart" lets it run', async () => {
    const p = await trainProject(true);
    const a = await request(p, 'alpha', 'SLOW-alpha');
    const [x, y] = [await request(p, 'xray'), await request(p, 'yankee')];
    await add(p, a.iid);
    const [first] = await waitUntil(
      () => pipelines(p),
      (list) => list.length === 1,
    );
    const mergeNow = async (iid: number, skipMergeTrain: boolean) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/${p.fullPath}/-/merge_requests/${iid}/merge`,
        payload: { sha: (await show(p, iid)).sha, skip_merge_train: skipMergeTrain },
        headers: owner.headers,
      });
      expect(response.json()).toEqual({ status: 'success' });
    };

    await mergeNow(x.iid, false);
    const restarted = await waitUntil(
      () => pipelines(p),
      (list) => list.length === 2 && list[0]!.status === 'canceled',
    );
    expect(restarted[0]!.id).toBe(first!.id);
    expect(restarted[1]!.ref).toBe(`refs/merge-requests/${a.iid}/train`);
    expect((await carOf(p, a.iid)).pipeline?.id).toBe(restarted[1]!.id);

    await mergeNow(y.iid, true);
    await waitUntil(
      () => show(p, a.iid),
      (mr) => mr.state === 'merged',
      90_000,
    );
    // Not restarted: the running pipeline went on and decided the merge.
    const all = await pipelines(p);
    expect(all.map((pipeline) => [pipeline.id, pipeline.status])).toEqual([
      [first!.id, 'canceled'],
      [restarted[1]!.id, 'success'],
    ]);
    expect(await landed(p)).toEqual([
      "Merge branch 'xray' into 'main'",
      "Merge branch 'yankee' into 'main'",
      "Merge branch 'alpha' into 'main'",
    ]);
  }, 150_000);

  it('with "Pipelines must succeed", merges a car only once its train pipeline passed, and drops one whose pipeline was canceled', async () => {
    const p = await trainProject(false, true);
    const a = await request(p, 'alpha', 'SLOW-alpha');
    await ownPipelinePassed(p, a.iid);
    await add(p, a.iid);
    const alphaPipeline = await waitUntil(
      async () =>
        (await pipelines(p)).find((pipeline) => pipeline.ref === `refs/merge-requests/${a.iid}/train`),
      (found) => found?.status === 'running',
    );
    // Running: the car waits, nothing lands.
    expect((await show(p, a.iid)).state).toBe('opened');
    expect((await carOf(p, a.iid)).status).toBe('fresh');
    expect(await landed(p)).toEqual([]);
    await waitUntil(
      () => show(p, a.iid),
      (mr) => mr.state === 'merged',
      90_000,
    );
    expect((await get<PipelineJson>(`${api(p)}/pipelines/${alphaPipeline!.id}`)).status).toBe('success');

    const b = await request(p, 'bravo', 'SLOW-bravo');
    await ownPipelinePassed(p, b.iid);
    await add(p, b.iid);
    const bravoPipeline = await waitUntil(
      async () =>
        (await pipelines(p)).find((pipeline) => pipeline.ref === `refs/merge-requests/${b.iid}/train`),
      (found) => found?.status === 'running',
    );
    const cancel = await t.app.inject({
      method: 'POST',
      url: `${api(p)}/pipelines/${bravoPipeline!.id}/cancel`,
      headers: owner.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(201);
    await waitUntil(
      () => systemNotes(b.id),
      (list) =>
        list.includes('removed this merge request from the merge train because pipeline did not succeed'),
    );
    expect(await show(p, b.iid)).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: false });
    expect(await landed(p)).toEqual(["Merge branch 'alpha' into 'main'"]);
  }, 150_000);

  describe('a car whose pipeline could not be made leaves as one whose pipeline failed', () => {
    /** Adds alpha then bravo; bravo merges on main alone once alpha has left. */
    async function alphaLeaves(p: ProjectContext, alphaFile = 'alpha.txt') {
      const [a, b] = [await request(p, 'alpha', alphaFile), await request(p, 'bravo')];
      await add(p, a.iid);
      await add(p, b.iid);
      await waitUntil(
        () => show(p, b.iid),
        (mr) => mr.state === 'merged',
        90_000,
      );
      expect(await show(p, a.iid)).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: false });
      expect(await landed(p)).toEqual(["Merge branch 'bravo' into 'main'"]);
      const trainOf = async (iid: number) =>
        (await pipelines(p)).filter((pipeline) => pipeline.ref === `refs/merge-requests/${iid}/train`);
      return {
        notes: await systemNotes(a.id),
        alphas: await trainOf(a.iid),
        bravos: await trainOf(b.iid),
        alphaRef: await readRef(p.gitDir, `refs/merge-requests/${a.iid}/train`),
      };
    }
    const because = 'removed this merge request from the merge train because ';

    it('workflow rules that run nothing for the train: GitLab’s reason, no pipeline, the car behind merges', async () => {
      const p = await trainProject(false, false, WORKFLOW_CONFIG);
      const { notes, alphas, bravos, alphaRef } = await alphaLeaves(p);
      expect(notes).toContain(
        `${because}the merge train pipeline could not be prepared: The pipeline did not run. ` +
          'Review the workflow:rules configuration for the pipeline',
      );
      expect(alphas).toEqual([]);
      expect(bravos.at(-1)?.status).toBe('success');
      expect(alphaRef).toBeNull();
    }, 120_000);

    it('a configuration that does not hold: its pipeline is made failed, and the car leaves as for a failed one', async () => {
      // Alpha's `.gitlab-ci.yml` becomes the line "alpha": not a configuration.
      const p = await trainProject();
      const { notes, alphas } = await alphaLeaves(p, '.gitlab-ci.yml');
      expect(notes).toContain(`${because}pipeline did not succeed`);
      expect(alphas.map((pipeline) => pipeline.status)).toEqual(['failed']);
      const failed = await get<{ yaml_errors: string | null }>(`${api(p)}/pipelines/${alphas[0]!.id}`);
      expect(failed.yaml_errors).toBeTruthy();
    }, 120_000);

    it('a result without the configuration its target has: "Missing CI config file"', async () => {
      const p = await trainProject();
      // Alpha's first commit drops it; its request adds alpha.txt on top.
      await commitFiles(p.gitDir, {
        branch: 'alpha',
        startBranch: 'main',
        message: 'Drop CI',
        author: testAuthor,
        changes: [{ action: 'delete', path: '.gitlab-ci.yml' }],
      });
      const { notes } = await alphaLeaves(p);
      expect(notes).toContain(
        `${because}the merge train pipeline could not be prepared: Missing CI config file`,
      );
    }, 120_000);
  });
});
