import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FINISHED,
  instanceRunnerToken,
  pushFiles,
  startRunnerProcess,
  waitUntil,
  type RunnerProcess,
} from '../../../test/support/ci';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../shared/access/accessLevels';
import type { ProjectContext } from '../features/projects/projects.service';

/** The linked-pipeline part of GitLab's pipeline graph query (get_pipeline_details.query.graphql). */
const GRAPH_QUERY = `
  fragment LinkedPipelineData on Pipeline {
    id iid path cancelable retryable
    userPermissions { updatePipeline }
    status: detailedStatus { id group label icon }
    sourceJob { id name retried }
    project { id name fullPath }
  }
  query getPipelineDetails($projectPath: ID!, $iid: ID!) {
    project(fullPath: $projectPath) {
      pipeline(iid: $iid) {
        id iid source
        downstream { count nodes { ...LinkedPipelineData } }
        upstream { ...LinkedPipelineData }
        sourceJob { name kind }
        jobs(jobKind: BRIDGE) {
          nodes { name kind downstreamPipeline { id iid path source project { fullPath } } }
        }
      }
    }
  }`;

/** The mini graph's dropdown of a downstream pipeline (getDownstreamPipelineJobs). */
const DOWNSTREAM_JOBS_QUERY = `
  query getDownstreamPipelineJobs($fullPath: ID!, $iid: ID!) {
    project(fullPath: $fullPath) {
      id
      pipeline(iid: $iid) {
        id path name
        project { id name }
        jobs {
          nodes {
            id name scheduled scheduledAt
            detailedStatus { id name group icon tooltip detailsPath hasDetails action { id icon path title } }
          }
        }
      }
    }
  }`;

type Linked = {
  id: string;
  iid: string;
  path: string;
  status: { group: string };
  sourceJob: { id: string; name: string; retried: boolean } | null;
  project: { name: string; fullPath: string };
};
type Graph = {
  id: string;
  iid: string;
  source: string;
  downstream: { count: number; nodes: Linked[] };
  upstream: Linked | null;
  sourceJob: { name: string; kind: string } | null;
  jobs: {
    nodes: Array<{
      name: string;
      kind: string;
      downstreamPipeline: {
        id: string;
        iid: string;
        path: string;
        source: string;
        project: { fullPath: string };
      } | null;
    }>;
  };
};
type Answer<T> = { data?: T; errors?: Array<{ message: string }> };
type PipelineJson = { id: number; iid: number; status: string; source: string };
type BridgeJson = {
  name: string;
  downstream_pipeline: { id: number; iid: number; project_id: number } | null;
};

const gid = (id: number) => `gid://gitlab/Ci::Pipeline/${id}`;

describe('upstream and downstream pipelines in the GraphQL pipeline graph', () => {
  let t: TestApp;
  let owner: TestUser;
  /** Reporter of the parent project only: may not read the multi-project downstream pipeline. */
  let parentReporter: TestUser;
  /** Reporter of the downstream project only: may not read the pipeline that triggered it. */
  let downstreamReporter: TestUser;
  let project: ProjectContext;
  let other: ProjectContext;
  let runner: RunnerProcess;
  let parent: PipelineJson;
  let child: { id: number; iid: number };
  let multi: { id: number; iid: number };

  const graphql = async <T>(user: TestUser, query: string, variables: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: user.headers,
      payload: { query, variables },
    });
    return response.json<Answer<T>>();
  };
  const graphOf = async (user: TestUser, ctx: ProjectContext, iid: number) => {
    const answer = await graphql<{ project: { pipeline: Graph | null } | null }>(user, GRAPH_QUERY, {
      projectPath: ctx.fullPath,
      iid: String(iid),
    });
    expect(answer.errors).toBeUndefined();
    return answer.data!.project?.pipeline ?? null;
  };
  const api = async <T>(url: string): Promise<T> =>
    (await t.app.inject({ url: `/api/v4${url}`, headers: owner.headers })).json<T>();

  beforeAll(async () => {
    t = await createTestApp({ env: { RUNNER_LONG_POLL_SECONDS: '5' } });
    const url = await t.listen();
    t.container.jobs.start((error) => console.error(error));
    owner = await buildUser(t.container);
    parentReporter = await buildUser(t.container);
    downstreamReporter = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'private' });
    other = await buildProject(t.container, owner, { visibility: 'private' });
    await addProjectMember(t.container, project, parentReporter, ACCESS_LEVELS.reporter);
    await addProjectMember(t.container, other, downstreamReporter, ACCESS_LEVELS.reporter);
    runner = startRunnerProcess({ url, token: await instanceRunnerToken(t.container), concurrent: 2 });
    await runner.waitForOutput(/Runner started/);
    await pushFiles(url, other.fullPath, owner, { '.gitlab-ci.yml': 'deploy:\n  script: echo deployed\n' });
    const sha = await pushFiles(url, project.fullPath, owner, {
      '.gitlab-ci.yml': [
        'build:',
        '  stage: build',
        '  script: echo built',
        'child:',
        '  stage: test',
        '  trigger:',
        '    include: ci/child.yml',
        '    strategy: depend',
        'release:',
        '  stage: deploy',
        '  trigger:',
        `    project: ${other.fullPath}`,
        '    strategy: depend',
      ].join('\n'),
      'ci/child.yml': 'child-job:\n  script: echo child\n',
    });
    const pipelines = await waitUntil(
      () => api<PipelineJson[]>(`/projects/${project.project.id}/pipelines?sha=${sha}`),
      (found) => FINISHED.includes(found.find((p) => p.source === 'push')?.status ?? ''),
      90_000,
    );
    parent = pipelines.find((p) => p.source === 'push')!;
    expect(parent.status).toBe('success');
    const bridges = await api<BridgeJson[]>(`/projects/${project.project.id}/pipelines/${parent.id}/bridges`);
    child = bridges.find((b) => b.name === 'child')!.downstream_pipeline!;
    multi = bridges.find((b) => b.name === 'release')!.downstream_pipeline!;
    expect(bridges.find((b) => b.name === 'release')!.downstream_pipeline!.project_id).toBe(other.project.id);
  }, 150_000);
  afterAll(async () => {
    await runner?.stop();
    await t?.container.jobs.stop();
    await t?.close();
  });

  it('shows a parent its child and multi-project pipelines, each with the bridge that made it', async () => {
    const graph = (await graphOf(owner, project, parent.iid))!;
    expect(graph.upstream).toBeNull();
    expect(graph.sourceJob).toBeNull();
    expect(graph.downstream.count).toBe(2);
    expect(graph.downstream.nodes).toEqual([
      {
        id: gid(child.id),
        iid: String(child.iid),
        path: `/${project.fullPath}/-/pipelines/${child.id}`,
        cancelable: false,
        retryable: false,
        userPermissions: { updatePipeline: true },
        status: expect.objectContaining({ group: 'success', icon: 'status_success' }),
        sourceJob: {
          id: expect.stringMatching(/^gid:\/\/gitlab\/Ci::Bridge\/\d+$/),
          name: 'child',
          retried: false,
        },
        project: {
          id: `gid://gitlab/Project/${project.project.id}`,
          name: project.project.name,
          fullPath: project.fullPath,
        },
      },
      expect.objectContaining({
        id: gid(multi.id),
        iid: String(multi.iid),
        path: `/${other.fullPath}/-/pipelines/${multi.id}`,
        sourceJob: expect.objectContaining({ name: 'release' }),
        project: expect.objectContaining({ fullPath: other.fullPath }),
      }),
    ]);
    // Each bridge names the pipeline it created; a plain job names none.
    expect(graph.jobs.nodes).toEqual([
      {
        name: 'child',
        kind: 'BRIDGE',
        downstreamPipeline: {
          id: gid(child.id),
          iid: String(child.iid),
          path: `/${project.fullPath}/-/pipelines/${child.id}`,
          source: 'parent_pipeline',
          project: { fullPath: project.fullPath },
        },
      },
      {
        name: 'release',
        kind: 'BRIDGE',
        downstreamPipeline: {
          id: gid(multi.id),
          iid: String(multi.iid),
          path: `/${other.fullPath}/-/pipelines/${multi.id}`,
          source: 'pipeline',
          project: { fullPath: other.fullPath },
        },
      },
    ]);
  });

  it('shows a child and a multi-project pipeline the pipeline that triggered it', async () => {
    const parentLink = expect.objectContaining({
      id: gid(parent.id),
      iid: String(parent.iid),
      path: `/${project.fullPath}/-/pipelines/${parent.id}`,
      sourceJob: null,
      project: expect.objectContaining({ name: project.project.name, fullPath: project.fullPath }),
    });
    const childGraph = (await graphOf(owner, project, child.iid))!;
    expect(childGraph).toMatchObject({
      source: 'parent_pipeline',
      sourceJob: { name: 'child', kind: 'BRIDGE' },
    });
    expect(childGraph.upstream).toEqual(parentLink);
    expect(childGraph.downstream).toEqual({ count: 0, nodes: [] });

    const multiGraph = (await graphOf(owner, other, multi.iid))!;
    expect(multiGraph).toMatchObject({ source: 'pipeline', sourceJob: { name: 'release', kind: 'BRIDGE' } });
    expect(multiGraph.upstream).toEqual(parentLink);
  });

  it('leaves out a linked pipeline of a project the viewer may not read', async () => {
    const asParentReporter = (await graphOf(parentReporter, project, parent.iid))!;
    expect(asParentReporter.downstream).toEqual({
      count: 1,
      nodes: [expect.objectContaining({ id: gid(child.id), userPermissions: { updatePipeline: false } })],
    });
    expect(asParentReporter.jobs.nodes.map((job) => [job.name, job.downstreamPipeline?.id ?? null])).toEqual([
      ['child', gid(child.id)],
      ['release', null],
    ]);

    const asDownstreamReporter = (await graphOf(downstreamReporter, other, multi.iid))!;
    expect(asDownstreamReporter.id).toBe(gid(multi.id));
    expect(asDownstreamReporter.upstream).toBeNull();
    expect(asDownstreamReporter.sourceJob).toBeNull();
    expect(await graphOf(downstreamReporter, project, parent.iid)).toBeNull();
  });

  it('REST’s latest pipeline of a branch is the parent, never its newer child at the same commit', async () => {
    expect(child.id).toBeGreaterThan(parent.id);
    const latest = await api<{ id: number; source: string }>(
      `/projects/${project.project.id}/pipelines/latest`,
    );
    expect(latest).toMatchObject({ id: parent.id, source: 'push' });
  });

  it('getDownstreamPipelineJobs reads a downstream pipeline’s jobs for the mini graph', async () => {
    const read = (ctx: ProjectContext, iid: number) =>
      graphql<{
        project: {
          pipeline: { path: string; project: { name: string }; jobs: { nodes: Array<{ name: string }> } };
        };
      }>(owner, DOWNSTREAM_JOBS_QUERY, { fullPath: ctx.fullPath, iid: String(iid) });
    const multiJobs = await read(other, multi.iid);
    expect(multiJobs.errors).toBeUndefined();
    expect(multiJobs.data!.project.pipeline).toMatchObject({
      path: `/${other.fullPath}/-/pipelines/${multi.id}`,
      project: { name: other.project.name },
      jobs: {
        nodes: [
          expect.objectContaining({
            name: 'deploy',
            detailedStatus: expect.objectContaining({ group: 'success' }),
          }),
        ],
      },
    });
    const childJobs = await read(project, child.iid);
    expect(childJobs.data!.project.pipeline.jobs.nodes.map((job) => job.name)).toEqual(['child-job']);
  });
});
