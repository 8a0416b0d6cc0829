import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../src/shared/access/accessLevels';
import type { ProjectContext } from '../../../src/server/features/projects/projects.service';
import { readRef } from '../../../src/server/git/repository';
import {
  FINISHED,
  commitCiConfig,
  instanceRunnerToken,
  pushFiles,
  startRunnerProcess,
  waitUntil,
  type RunnerProcess,
} from '../../support/ci';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

type PipelineJson = {
  id: number;
  status: string;
  sha: string;
  ref: string;
  source: string;
};
type MergeRequestJson = {
  iid: number;
  sha: string;
  head_pipeline: (PipelineJson & { detailed_status: { group: string } }) | null;
};

/** Jobs for merge requests only, and one for branches only: which pipeline ran shows in the trace. */
const MR_CONFIG = [
  'mr-vars:',
  '  rules:',
  '    - if: $CI_PIPELINE_SOURCE == "merge_request_event"',
  '  script:',
  '    - echo "iid=$CI_MERGE_REQUEST_IID event=$CI_MERGE_REQUEST_EVENT_TYPE"',
  '    - echo "source=$CI_MERGE_REQUEST_SOURCE_BRANCH_NAME target=$CI_MERGE_REQUEST_TARGET_BRANCH_NAME"',
  '    - echo "ref=$CI_COMMIT_REF_NAME branch=${CI_COMMIT_BRANCH:-none} head=$(git rev-parse HEAD)"',
  'legacy:',
  '  only: [merge_requests]',
  '  script: [echo legacy]',
  'branch-only:',
  '  rules:',
  '    - if: $CI_COMMIT_BRANCH',
  '  script: [echo branch]',
].join('\n');

describe('merge request pipelines (merge_request_event)', () => {
  let t: TestApp;
  let baseUrl: string;
  let owner: TestUser;
  let developer: TestUser;
  let reporter: TestUser;
  let project: ProjectContext;
  let runner: RunnerProcess;

  const url = (path: string) => `/api/v4/projects/${project.project.id}${path}`;
  const call = (user: TestUser, method: 'GET' | 'PUT' | 'POST', path: string, payload?: object) =>
    t.app.inject({ method, url: url(path), headers: user.headers, payload });
  const show = async (iid: number) =>
    (await call(owner, 'GET', `/merge_requests/${iid}`)).json<MergeRequestJson>();
  const pipelinesOf = async (iid: number) =>
    (await call(owner, 'GET', `/merge_requests/${iid}/pipelines`)).json<PipelineJson[]>();
  const traceOf = async (pipelineId: number, job: string) => {
    const jobs = (await call(owner, 'GET', `/pipelines/${pipelineId}/jobs`)).json<
      Array<{ id: number; name: string }>
    >();
    const found = jobs.find((candidate) => candidate.name === job)!;
    return (await call(owner, 'GET', `/jobs/${found.id}/trace`)).body;
  };
  const finished = (pipelineId: number) =>
    waitUntil(
      async () => (await call(owner, 'GET', `/pipelines/${pipelineId}`)).json<PipelineJson>(),
      (pipeline) => FINISHED.includes(pipeline.status),
    );

  /** The request's pipelines as GitLab's GraphQL lists them, with the enums its frontend reads. */
  const graphPipelines = async (iid: number) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: owner.headers,
      payload: {
        query: `query($path: ID!, $iid: String!) { project(fullPath: $path) { mergeRequest(iid: $iid) {
          pipelines { nodes { mergeRequestEventType status source jobs { nodes { name kind status } } } } } } }`,
        variables: { path: project.fullPath, iid: String(iid) },
      },
    });
    const body = answer.json<{
      errors?: unknown;
      data: { project: { mergeRequest: { pipelines: { nodes: Array<Record<string, unknown>> } } } };
    }>();
    expect(body.errors).toBeUndefined();
    return body.data.project.mergeRequest.pipelines.nodes;
  };

  async function openRequest(branch: string, title = `Change on ${branch}`) {
    await commitCiConfig(t.app, owner, project.project.id, MR_CONFIG, branch);
    const created = await call(owner, 'POST', '/merge_requests', {
      source_branch: branch,
      target_branch: 'main',
      title,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<MergeRequestJson>();
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { RUNNER_LONG_POLL_SECONDS: '5' } });
    baseUrl = await t.listen();
    owner = await buildUser(t.container);
    developer = await buildUser(t.container);
    reporter = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
    runner = startRunnerProcess({ url: baseUrl, token: await instanceRunnerToken(t.container) });
    await runner.waitForOutput(/Runner started/);
  });
  afterAll(async () => {
    await runner?.stop();
    await t.close();
  });

  it('runs a detached pipeline on refs/merge-requests/:iid/head when the request opens, with CI_MERGE_REQUEST_* set, and makes it the head pipeline', async () => {
    const mr = await openRequest('feature-a');
    const listed = await waitUntil(
      () => pipelinesOf(mr.iid),
      (pipelines) => pipelines.some((pipeline) => pipeline.source === 'merge_request_event'),
    );
    // Both ran, as in GitLab: the branch pipeline of the push and the merge request's; its own first.
    expect(listed.map((pipeline) => pipeline.source)).toEqual(['merge_request_event', 'push']);
    const mrPipeline = listed[0]!;
    expect(mrPipeline).toMatchObject({ ref: `refs/merge-requests/${mr.iid}/head`, sha: mr.sha });
    expect(await readRef(project.gitDir, `refs/merge-requests/${mr.iid}/head`)).toBe(mr.sha);
    const jobs = (await call(owner, 'GET', `/pipelines/${mrPipeline.id}/jobs`)).json<
      Array<{ name: string }>
    >();
    expect(jobs.map((job) => job.name).sort()).toEqual(['legacy', 'mr-vars']);
    expect((await finished(mrPipeline.id)).status).toBe('success');
    const trace = await traceOf(mrPipeline.id, 'mr-vars');
    expect(trace).toContain(`iid=${mr.iid} event=detached`);
    expect(trace).toContain('source=feature-a target=main');
    expect(trace).toContain(`ref=feature-a branch=none head=${mr.sha}`);
    expect((await show(mr.iid)).head_pipeline).toMatchObject({
      id: mrPipeline.id,
      source: 'merge_request_event',
    });
    expect(await graphPipelines(mr.iid)).toEqual([
      {
        mergeRequestEventType: 'DETACHED',
        status: 'SUCCESS',
        source: 'merge_request_event',
        jobs: {
          nodes: expect.arrayContaining([{ name: 'mr-vars', kind: 'BUILD', status: 'SUCCESS' }]) as unknown,
        },
      },
      expect.objectContaining({ mergeRequestEventType: null, source: 'push' }),
    ]);
  });

  it('runs a new merge request pipeline on each push to the source branch', async () => {
    const mr = await openRequest('feature-b');
    await waitUntil(
      () => pipelinesOf(mr.iid),
      (pipelines) => pipelines.filter((pipeline) => pipeline.source === 'merge_request_event').length === 1,
    );
    const pushed = await pushFiles(
      baseUrl,
      project.fullPath,
      developer,
      { 'b.txt': 'b\n' },
      { branch: 'feature-b' },
    );
    const head = await waitUntil(
      () => show(mr.iid),
      (current) => current.head_pipeline?.sha === pushed,
    );
    expect(head.head_pipeline).toMatchObject({
      source: 'merge_request_event',
      ref: `refs/merge-requests/${mr.iid}/head`,
    });
    expect(
      (await pipelinesOf(mr.iid)).filter((pipeline) => pipeline.source === 'merge_request_event'),
    ).toHaveLength(2);
  });

  it('makes no merge request pipeline when the configuration has no job for merge requests', async () => {
    await commitCiConfig(t.app, owner, project.project.id, 'build:\n  script: [echo]\n', 'plain');
    const created = await call(owner, 'POST', '/merge_requests', {
      source_branch: 'plain',
      target_branch: 'main',
      title: 'Plain',
    });
    const mr = created.json<MergeRequestJson>();
    const head = await waitUntil(
      () => show(mr.iid),
      (current) => current.head_pipeline !== null,
    );
    expect(head.head_pipeline).toMatchObject({ source: 'push', ref: 'plain' });
    expect((await pipelinesOf(mr.iid)).map((pipeline) => pipeline.source)).toEqual(['push']);
    const run = await call(owner, 'POST', `/merge_requests/${mr.iid}/pipelines`);
    expect(run.statusCode).toBe(400);
    expect(run.json()).toEqual({
      message: {
        base: [
          'The resulting pipeline would have been empty. Review the rules configuration for the relevant jobs.',
        ],
      },
    });
    expect((await pipelinesOf(mr.iid)).map((pipeline) => pipeline.source)).toEqual(['push']);
  });

  it('Run pipeline: a new merge request pipeline for Developers, 403 in the widget words for Reporters', async () => {
    const mr = await openRequest('feature-c');
    await waitUntil(
      () => pipelinesOf(mr.iid),
      (pipelines) => pipelines.length === 2,
    );
    const run = await call(developer, 'POST', `/merge_requests/${mr.iid}/pipelines`);
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({
      source: 'merge_request_event',
      ref: `refs/merge-requests/${mr.iid}/head`,
      sha: mr.sha,
      user: { username: developer.username },
    });
    const refused = await call(reporter, 'POST', `/merge_requests/${mr.iid}/pipelines`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'You do not have permission to run a pipeline on this branch.',
    });
    const anonymous = await t.app.inject({ method: 'POST', url: url(`/merge_requests/${mr.iid}/pipelines`) });
    expect(anonymous.statusCode).toBe(401);
    expect((await call(owner, 'POST', '/merge_requests/9999/pipelines')).statusCode).toBe(404);
    expect(await pipelinesOf(mr.iid)).toHaveLength(3);
  });

  it('runs merged results pipelines on refs/merge-requests/:iid/merge when the project turns them on', async () => {
    const settings = await call(owner, 'PUT', '', { merge_pipelines_enabled: true });
    expect(settings.json()).toMatchObject({ merge_pipelines_enabled: true });
    expect((await call(owner, 'GET', '')).json()).toMatchObject({ merge_pipelines_enabled: true });
    try {
      const mainHead = await pushFiles(baseUrl, project.fullPath, owner, { 'main.txt': 'main moved\n' });
      const mr = await openRequest('feature-d');
      const pipeline = await waitUntil(
        async () => (await show(mr.iid)).head_pipeline,
        (head) => head?.source === 'merge_request_event',
      );
      expect(pipeline!.ref).toBe(`refs/merge-requests/${mr.iid}/merge`);
      const mergeCommit = await readRef(project.gitDir, `refs/merge-requests/${mr.iid}/merge`);
      expect(pipeline!.sha).toBe(mergeCommit);
      expect(pipeline!.sha).not.toBe(mr.sha);
      expect((await finished(pipeline!.id)).status).toBe('success');
      const trace = await traceOf(pipeline!.id, 'mr-vars');
      expect(trace).toContain(`iid=${mr.iid} event=merged_result`);
      expect(trace).toContain(`head=${mergeCommit}`);
      expect((await graphPipelines(mr.iid))[0]).toMatchObject({
        mergeRequestEventType: 'MERGED_RESULT',
        status: 'SUCCESS',
      });
      expect(mainHead).not.toBe(mr.sha);
      // A draft runs detached, as GitLab falls back.
      const draft = await openRequest('feature-e', 'Draft: not yet');
      const detached = await waitUntil(
        async () => (await show(draft.iid)).head_pipeline,
        (head) => head?.source === 'merge_request_event',
      );
      expect(detached!.ref).toBe(`refs/merge-requests/${draft.iid}/head`);
    } finally {
      await call(owner, 'PUT', '', { merge_pipelines_enabled: false });
    }
  });

  it('refuses a setting value that is not GitLab’s, changing nothing', async () => {
    const bad = await call(owner, 'PUT', '', { auto_cancel_pending_pipelines: 'sometimes' });
    expect(bad.statusCode).toBe(400);
    expect((await call(owner, 'GET', '')).json()).toMatchObject({ auto_cancel_pending_pipelines: 'enabled' });
    const byDeveloper = await call(developer, 'PUT', '', { merge_pipelines_enabled: true });
    expect(byDeveloper.statusCode).toBe(403);
    expect((await call(owner, 'GET', '')).json()).toMatchObject({ merge_pipelines_enabled: false });
  });

  it('after a retarget the widget asks for a new pipeline until one runs', async () => {
    await openRequest('stack-1');
    const first = (await call(owner, 'GET', '/merge_requests?source_branch=stack-1')).json<
      MergeRequestJson[]
    >()[0]!;
    const built = await call(owner, 'POST', '/repository/files/stack.txt', {
      branch: 'stack-2',
      start_branch: 'stack-1',
      content: 'stacked\n',
      commit_message: 'Stacked change',
    });
    expect(built.statusCode, built.body).toBe(201);
    const second = (
      await call(owner, 'POST', '/merge_requests', {
        source_branch: 'stack-2',
        target_branch: 'stack-1',
        title: 'Stacked',
      })
    ).json<MergeRequestJson>();
    const widget = async () =>
      (
        await t.app.inject({
          url: `/${project.fullPath}/-/merge_requests/${second.iid}/cached_widget.json`,
          headers: owner.headers,
        })
      ).json<{ retargeted: boolean }>();
    const merged = await call(owner, 'PUT', `/merge_requests/${first.iid}/merge`, {
      should_remove_source_branch: true,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    await t.container.background.settled();
    expect(await widget()).toMatchObject({ retargeted: true });
    const run = await call(owner, 'POST', `/merge_requests/${second.iid}/pipelines`);
    expect(run.statusCode, run.body).toBe(200);
    expect(await widget()).toMatchObject({ retargeted: false });
  });
});
