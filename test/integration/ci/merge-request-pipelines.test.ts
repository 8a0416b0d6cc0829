import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../../src/server/features/projects/projects.service';
import {
  commitCiConfig,
  instanceRunnerToken,
  startRunnerProcess,
  waitUntil,
  type RunnerProcess,
} from '../../support/ci';
import { buildProject, buildUser, type TestUser } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

type MergeRequestJson = {
  iid: number;
  state: string;
  sha: string;
  detailed_merge_status: string;
  merge_when_pipeline_succeeds: boolean;
  pipeline: { id: number; status: string; sha: string; ref: string } | null;
  head_pipeline: {
    id: number;
    status: string;
    sha: string;
    detailed_status: { group: string; text: string };
  } | null;
};

/** A job that takes a few seconds, so the merge is asked for while its pipeline runs. */
const SLOW_JOB = ['test:', '  script:', '    - sleep 4', '    - echo done'];

describe('a merge request whose project requires pipelines to succeed', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  let runner: RunnerProcess;

  const url = (path: string) => `/api/v4/projects/${project.project.id}${path}`;
  const call = (method: 'GET' | 'PUT' | 'POST', path: string, payload?: object) =>
    t.app.inject({ method, url: url(path), headers: owner.headers, payload });
  const show = async (iid: number) => (await call('GET', `/merge_requests/${iid}`)).json<MergeRequestJson>();

  /** A branch with `ci` as its `.gitlab-ci.yml` and a merge request from it into main. */
  async function requestWith(branch: string, ci: string[]): Promise<MergeRequestJson> {
    const sha = await commitCiConfig(t.app, owner, project.project.id, ci.join('\n'), branch);
    const created = await call('POST', '/merge_requests', {
      source_branch: branch,
      target_branch: 'main',
      title: `Change on ${branch}`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const mr = created.json<MergeRequestJson>();
    expect(mr.sha).toBe(sha);
    return mr;
  }

  const headPipelineIn = (iid: number, statuses: string[]) =>
    waitUntil(
      () => show(iid),
      (mr) => mr.head_pipeline !== null && statuses.includes(mr.head_pipeline.status),
    );

  beforeAll(async () => {
    t = await createTestApp({ env: { RUNNER_LONG_POLL_SECONDS: '5' } });
    const baseUrl = await t.listen();
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    const settings = await call('PUT', '', { only_allow_merge_if_pipeline_succeeds: true });
    expect(settings.json()).toMatchObject({
      only_allow_merge_if_pipeline_succeeds: true,
      allow_merge_on_skipped_pipeline: false,
    });
    runner = startRunnerProcess({ url: baseUrl, token: await instanceRunnerToken(t.container) });
    await runner.waitForOutput(/Runner started/);
  });
  afterAll(async () => {
    await runner?.stop();
    await t.close();
  });

  it('refuses the merge while the pipeline runs (ci_still_running) and merges once it passed', async () => {
    const mr = await requestWith('slow-pass', SLOW_JOB);
    const running = await headPipelineIn(mr.iid, ['pending', 'running']);
    expect(running.detailed_merge_status).toBe('ci_still_running');
    const checks = await t.app.inject({
      url: `/${project.fullPath}/-/merge_requests/${mr.iid}/cached_widget.json`,
      headers: owner.headers,
    });
    expect(checks.json()).toMatchObject({ detailed_merge_status: 'ci_still_running', has_ci: true });
    expect(
      checks
        .json<{ mergeability_checks: Array<{ identifier: string; status: string }> }>()
        .mergeability_checks.filter((check) => check.identifier.startsWith('CI_')),
    ).toEqual([
      { identifier: 'CI_MUST_PASS', status: 'SUCCESS' },
      { identifier: 'CI_STILL_RUNNING', status: 'FAILED' },
    ]);
    expect(running.head_pipeline).toMatchObject({ sha: mr.sha });
    expect(running.pipeline).toMatchObject({ id: running.head_pipeline!.id, ref: 'slow-pass', sha: mr.sha });
    const refused = await call('PUT', `/merge_requests/${mr.iid}/merge`);
    expect(refused.statusCode).toBe(405);
    expect((await show(mr.iid)).state).toBe('opened');

    const passed = await headPipelineIn(mr.iid, ['success']);
    expect(passed.head_pipeline!.detailed_status).toMatchObject({ group: 'success', text: 'Passed' });
    expect(passed.detailed_merge_status).toBe('mergeable');
    const listed = await call('GET', `/merge_requests/${mr.iid}/pipelines`);
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['x-total']).toBe('1');
    expect(listed.json()).toEqual([
      expect.objectContaining({
        id: passed.head_pipeline!.id,
        status: 'success',
        ref: 'slow-pass',
        sha: mr.sha,
      }),
    ]);
    expect((await call('GET', `/merge_requests/999/pipelines`)).statusCode).toBe(404);

    const graphql = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: owner.headers,
      payload: {
        query: `query($path: ID!, $iid: String!) { project(fullPath: $path) { mergeRequest(iid: $iid) {
          detailedMergeStatus headPipeline { id status sha detailedStatus { label group } } } } }`,
        variables: { path: project.fullPath, iid: String(mr.iid) },
      },
    });
    expect(graphql.json()).toEqual({
      data: {
        project: {
          mergeRequest: {
            detailedMergeStatus: 'MERGEABLE',
            headPipeline: {
              id: `gid://gitlab/Ci::Pipeline/${passed.head_pipeline!.id}`,
              status: 'SUCCESS',
              sha: mr.sha,
              detailedStatus: { label: 'passed', group: 'success' },
            },
          },
        },
      },
    });

    const merged = await call('PUT', `/merge_requests/${mr.iid}/merge`);
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ state: 'merged' });
  });

  it('refuses the merge after the pipeline failed (ci_must_pass), in the spec words', async () => {
    const mr = await requestWith('fails', ['test:', '  script: [exit 1]']);
    const failed = await headPipelineIn(mr.iid, ['failed']);
    expect(failed.detailed_merge_status).toBe('ci_must_pass');
    expect((await call('PUT', `/merge_requests/${mr.iid}/merge`)).statusCode).toBe(405);
    const page = await t.app.inject({
      method: 'POST',
      url: `/${project.fullPath}/-/merge_requests/${mr.iid}/merge`,
      headers: owner.headers,
      payload: { sha: mr.sha },
    });
    expect(page.json()).toEqual({ status: 'failed', merge_error: 'Pipeline must succeed.' });
    expect((await show(mr.iid)).state).toBe('opened');
  });

  it('counts a pipeline waiting on a manual job as blocked: ci_must_pass', async () => {
    const mr = await requestWith('manual', [
      'deploy:',
      '  when: manual',
      '  allow_failure: false',
      '  script: [echo deploy]',
    ]);
    const blocked = await headPipelineIn(mr.iid, ['manual']);
    expect(blocked.detailed_merge_status).toBe('ci_must_pass');
  });

  it(
    'auto-merge set while the pipeline runs merges the request when the job passes',
    { timeout: 60_000 },
    async () => {
      const mr = await requestWith('auto', SLOW_JOB);
      await headPipelineIn(mr.iid, ['pending', 'running']);
      const set = await call('PUT', `/merge_requests/${mr.iid}/merge`, {
        merge_when_pipeline_succeeds: true,
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: true });
      // The app's background jobs carry out the merge (a server runs them; here they are drained).
      const merged = await waitUntil(
        async () => {
          await t.container.jobs.drain();
          return show(mr.iid);
        },
        (current) => current.state === 'merged',
      );
      expect(merged.head_pipeline).toMatchObject({ status: 'success', sha: mr.sha });
    },
  );

  it('counts a skipped pipeline as successful only where the project says so', async () => {
    // A manual job may fail by default, so a pipeline of it alone is skipped.
    const mr = await requestWith('skipped', ['deploy:', '  when: manual', '  script: [echo deploy]']);
    const skipped = await headPipelineIn(mr.iid, ['skipped']);
    expect(skipped.detailed_merge_status).toBe('ci_must_pass');
    await call('PUT', '', { allow_merge_on_skipped_pipeline: true });
    try {
      expect((await show(mr.iid)).detailed_merge_status).toBe('mergeable');
    } finally {
      await call('PUT', '', { allow_merge_on_skipped_pipeline: false });
    }
  });

  it('does not hold back a request of a project without the setting while its pipeline runs', async () => {
    await call('PUT', '', { only_allow_merge_if_pipeline_succeeds: false });
    try {
      const mr = await requestWith('no-setting', SLOW_JOB);
      const running = await headPipelineIn(mr.iid, ['pending', 'running']);
      expect(running.detailed_merge_status).toBe('mergeable');
    } finally {
      await call('PUT', '', { only_allow_merge_if_pipeline_succeeds: true });
    }
  });
});
