import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../../src/server/features/projects/projects.service';
import {
  FINISHED,
  instanceRunnerToken,
  pushFiles,
  startRunnerProcess,
  waitUntil,
  type RunnerProcess,
} from '../../support/ci';
import { buildProject, buildUser, type TestUser } from '../../support/factories';
import { runPythonGitlab } from '../../support/python-gitlab';
import { createTestApp, type TestApp } from '../../support/test-app';

type PipelineJson = {
  id: number;
  iid: number;
  status: string;
  source: string;
  ref: string;
  project_id: number;
};
type JobJson = {
  id: number;
  name: string;
  status: string;
  failure_reason?: string;
  scheduled_at?: string | null;
};
type BridgeJson = JobJson & {
  downstream_pipeline: (PipelineJson & { sha: string; web_url: string }) | null;
  pipeline: { id: number };
};

/** Time as the server sees it: real time, moved on by a test. */
const offset = { ms: 0 };
const clock = { now: () => new Date(Date.now() + offset.ms) };

describe('downstream pipelines and delayed jobs, run by the bundled runner', () => {
  let t: TestApp;
  let baseUrl: string;
  let owner: TestUser;
  let project: ProjectContext;
  let runner: RunnerProcess;

  const api = async <T>(url: string, user: TestUser = owner): Promise<T> => {
    const response = await t.app.inject({ url: `/api/v4${url}`, headers: user.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const pipelinesOf = (projectId: number, sha: string) =>
    api<PipelineJson[]>(`/projects/${projectId}/pipelines?sha=${sha}`);
  async function finishedPipelineOf(projectId: number, sha: string): Promise<PipelineJson> {
    const upstream = (pipelines: PipelineJson[]) => pipelines.find((p) => p.source !== 'parent_pipeline');
    const pipelines = await waitUntil(
      () => pipelinesOf(projectId, sha),
      (found) => FINISHED.includes(upstream(found)?.status ?? ''),
    );
    return upstream(pipelines)!;
  }
  const bridgesOf = (projectId: number, pipelineId: number) =>
    api<BridgeJson[]>(`/projects/${projectId}/pipelines/${pipelineId}/bridges`);
  const jobsOf = (projectId: number, pipelineId: number) =>
    api<JobJson[]>(`/projects/${projectId}/pipelines/${pipelineId}/jobs`);
  const traceOf = async (projectId: number, job: { id: number }) =>
    (
      await t.app.inject({
        url: `/api/v4/projects/${projectId}/jobs/${job.id}/trace`,
        headers: owner.headers,
      })
    ).body;

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { RUNNER_LONG_POLL_SECONDS: '5' } });
    baseUrl = await t.listen();
    t.container.jobs.start((error) => console.error(error));
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    runner = startRunnerProcess({
      url: baseUrl,
      token: await instanceRunnerToken(t.container),
      concurrent: 2,
    });
    await runner.waitForOutput(/Runner started/);
  });
  afterAll(async () => {
    await runner?.stop();
    await t?.container.jobs.stop();
    await t?.close();
  });

  it('a child pipeline runs from the bridge’s include, gets its variables, and the depending bridge mirrors it', async () => {
    const sha = await pushFiles(baseUrl, project.fullPath, owner, {
      '.gitlab-ci.yml': [
        'variables:',
        '  FROM_PARENT: global-value',
        'build:',
        '  stage: build',
        '  script: echo parent build',
        'child:',
        '  stage: test',
        '  variables:',
        '    GREETING: hello-child',
        '  trigger:',
        '    include: ci/child.yml',
        '    strategy: depend',
      ].join('\n'),
      'ci/child.yml': ['child-job:', '  script: echo "child says $GREETING $CI_PIPELINE_SOURCE"'].join('\n'),
    });
    const parent = await finishedPipelineOf(project.project.id, sha);
    expect(parent.status).toBe('success');
    const [bridge] = await bridgesOf(project.project.id, parent.id);
    expect(bridge).toMatchObject({
      name: 'child',
      status: 'success',
      pipeline: { id: parent.id },
      downstream_pipeline: { status: 'success', source: 'parent_pipeline', sha, ref: 'main' },
    });
    const child = bridge!.downstream_pipeline!;
    const [childJob] = await jobsOf(project.project.id, child.id);
    expect(childJob).toMatchObject({ name: 'child-job', status: 'success' });
    expect(await traceOf(project.project.id, childJob!)).toContain('child says hello-child parent_pipeline');
    // Bridges are not jobs a runner runs: the jobs list leaves them out, as GitLab's does.
    expect((await jobsOf(project.project.id, parent.id)).map((job) => job.name)).toEqual(['build']);
    // The child names its upstream; the parent its downstream.
    const childPipeline = await api<{ source_job: { id: number; name: string } | null }>(
      `/projects/${project.project.id}/pipelines/${child.id}`,
    );
    expect(childPipeline.source_job).toEqual({ id: bridge!.id, name: 'child' });
  });

  it('a failing child fails the depending bridge and its parent; without depend the bridge passes at once', async () => {
    const sha = await pushFiles(baseUrl, project.fullPath, owner, {
      '.gitlab-ci.yml': [
        'depends:',
        '  trigger:',
        '    include: ci/broken.yml',
        '    strategy: depend',
        'fire-and-forget:',
        '  trigger:',
        '    include:',
        '      - local: ci/broken.yml',
      ].join('\n'),
      'ci/broken.yml': ['broken:', '  script: exit 3'].join('\n'),
    });
    const parent = await finishedPipelineOf(project.project.id, sha);
    expect(parent.status).toBe('failed');
    const bridges = await bridgesOf(project.project.id, parent.id);
    expect(bridges.map((b) => [b.name, b.status])).toEqual([
      ['depends', 'failed'],
      ['fire-and-forget', 'success'],
    ]);
    await waitUntil(
      () => bridgesOf(project.project.id, parent.id),
      (found) => found.every((b) => b.downstream_pipeline?.status === 'failed'),
    );
    // python-gitlab reads them as it reads GitLab's.
    const listed = await runPythonGitlab<{ bridges: unknown[]; failed_only: string[] }>(
      'bridges.py',
      { url: baseUrl, token: owner.token },
      { project_id: project.project.id, pipeline_id: parent.id },
    );
    expect(listed).toEqual({
      bridges: [
        {
          name: 'depends',
          status: 'failed',
          downstream_source: 'parent_pipeline',
          downstream_status: 'failed',
        },
        {
          name: 'fire-and-forget',
          status: 'success',
          downstream_source: 'parent_pipeline',
          downstream_status: 'failed',
        },
      ],
      failed_only: ['depends'],
    });
  });

  it('a multi-project trigger runs the other project’s pipeline on its branch; a project the user cannot reach fails the bridge', async () => {
    const downstream = await buildProject(t.container, owner);
    const stranger = await buildUser(t.container);
    const hidden = await buildProject(t.container, stranger);
    await pushFiles(baseUrl, downstream.fullPath, owner, {
      '.gitlab-ci.yml': [
        'deploy:',
        '  script: echo "deploying $UPSTREAM_VERSION from $CI_PIPELINE_SOURCE"',
      ].join('\n'),
    });
    const downstreamSha = await pushFiles(
      baseUrl,
      downstream.fullPath,
      owner,
      { 'release.txt': 'release' },
      { branch: 'release' },
    );
    const sha = await pushFiles(baseUrl, project.fullPath, owner, {
      '.gitlab-ci.yml': [
        'deploy-other:',
        '  variables:',
        '    UPSTREAM_VERSION: "1.2"',
        '  trigger:',
        `    project: ${downstream.fullPath}`,
        '    branch: release',
        '    strategy: depend',
        'hidden:',
        `  trigger: ${hidden.fullPath}`,
        '  allow_failure: true',
      ].join('\n'),
    });
    const parent = await finishedPipelineOf(project.project.id, sha);
    const bridges = await bridgesOf(project.project.id, parent.id);
    expect(bridges.find((b) => b.name === 'hidden')).toMatchObject({
      status: 'failed',
      failure_reason: 'downstream_bridge_project_not_found',
      downstream_pipeline: null,
    });
    const deploy = bridges.find((b) => b.name === 'deploy-other')!;
    expect(deploy).toMatchObject({
      status: 'success',
      downstream_pipeline: {
        project_id: downstream.project.id,
        ref: 'release',
        sha: downstreamSha,
        source: 'pipeline',
        status: 'success',
      },
    });
    const [job] = await jobsOf(downstream.project.id, deploy.downstream_pipeline!.id);
    expect(await traceOf(downstream.project.id, job!)).toContain('deploying 1.2 from pipeline');
    expect(parent.status).toBe('success');
  }, 90_000);

  it('a Reporter of the downstream project may not run its pipelines: insufficient_bridge_permissions', async () => {
    const other = await buildUser(t.container);
    const downstream = await buildProject(t.container, other);
    const { addProjectMember } = await import('../../support/factories');
    await addProjectMember(t.container, downstream, owner, 20);
    await pushFiles(baseUrl, downstream.fullPath, other, { '.gitlab-ci.yml': 'job:\n  script: echo hi\n' });
    const sha = await pushFiles(baseUrl, project.fullPath, owner, {
      '.gitlab-ci.yml': ['up:', `  trigger: ${downstream.fullPath}`].join('\n'),
    });
    const parent = await finishedPipelineOf(project.project.id, sha);
    expect(parent.status).toBe('failed');
    expect(await bridgesOf(project.project.id, parent.id)).toMatchObject([
      {
        name: 'up',
        status: 'failed',
        failure_reason: 'insufficient_bridge_permissions',
        downstream_pipeline: null,
      },
    ]);
  });

  it('a delayed job waits, scheduled, until its start_in has passed on the server’s clock, then runs once', async () => {
    const sha = await pushFiles(baseUrl, project.fullPath, owner, {
      '.gitlab-ci.yml': [
        'later:',
        '  when: delayed',
        '  start_in: 30 minutes',
        '  script: echo "delayed ran"',
      ].join('\n'),
    });
    const [pipeline] = await waitUntil(
      () => pipelinesOf(project.project.id, sha),
      (found) => found.length > 0,
    );
    const [scheduled] = await jobsOf(project.project.id, pipeline!.id);
    expect(scheduled).toMatchObject({ name: 'later', status: 'scheduled' });
    const due = Date.parse(scheduled!.scheduled_at!);
    expect(due - clock.now().getTime()).toBeGreaterThan(29 * 60_000);
    await t.container.jobs.tick();
    expect((await jobsOf(project.project.id, pipeline!.id))[0]!.status).toBe('scheduled');
    offset.ms += 31 * 60_000;
    await t.container.jobs.tick();
    const finished = await finishedPipelineOf(project.project.id, sha);
    expect(finished.status).toBe('success');
    const jobs = await jobsOf(project.project.id, pipeline!.id);
    expect(jobs).toMatchObject([{ name: 'later', status: 'success' }]);
    expect(await traceOf(project.project.id, jobs[0]!)).toContain('delayed ran');
  });
});
