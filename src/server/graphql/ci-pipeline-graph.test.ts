import type { Client } from 'graphql-ws';
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
import { subscriptionClient } from '../../../test/support/graphql-ws';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../shared/access/accessLevels';
import type { ProjectContext } from '../features/projects/projects.service';

const CONFIG = [
  'stages: [build, test, deploy]',
  'build:',
  '  stage: build',
  '  script: [echo built]',
  'rspec:',
  '  stage: test',
  '  parallel: 2',
  '  script: [echo "rspec $CI_NODE_INDEX"]',
  'lint:',
  '  stage: test',
  '  needs: [build]',
  '  script: [echo lint]',
  'deploy:',
  '  stage: deploy',
  '  when: manual',
  '  manual_confirmation: Deploy to production?',
  '  script: [echo deployed]',
].join('\n');

/** GitLab's pipeline graph query (get_pipeline_details.query.graphql), as its frontend sends it. */
const GRAPH_QUERY = `
  fragment LinkedPipelineData on Pipeline {
    id iid path
    status: detailedStatus { id group label icon }
    sourceJob { id name }
    project { id name fullPath }
  }
  query getPipelineDetails($projectPath: ID!, $iid: ID!) {
    project(fullPath: $projectPath) {
      id
      pipeline(iid: $iid) {
        id iid complete usesNeeds graphqlResourceEtag
        userPermissions { updatePipeline }
        downstream { nodes { ...LinkedPipelineData } }
        upstream { ...LinkedPipelineData }
        stages {
          nodes {
            id name
            status: detailedStatus { id action { id icon path title } }
            groups {
              nodes {
                id name size
                status: detailedStatus { id label group icon }
                jobs {
                  nodes {
                    id name kind scheduledAt
                    needs { nodes { id name } }
                    previousStageJobsOrNeeds {
                      nodes { ... on CiBuildNeed { id name } ... on CiJob { id name } }
                    }
                    status: detailedStatus {
                      id icon tooltip hasDetails detailsPath group label
                      action { id buttonTitle icon path title confirmationMessage }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }`;

type GraphJob = {
  id: string;
  name: string;
  kind: string;
  needs: { nodes: Array<{ name: string }> };
  previousStageJobsOrNeeds: { nodes: Array<{ name: string }> };
  status: {
    group: string;
    label: string;
    tooltip: string;
    hasDetails: boolean;
    detailsPath: string;
    action: {
      title: string;
      icon: string;
      path: string;
      buttonTitle: string;
      confirmationMessage: string | null;
    } | null;
  };
};
type GraphGroup = {
  id: string;
  name: string;
  size: number;
  status: { group: string };
  jobs: { nodes: GraphJob[] };
};
type GraphStage = { id: string; name: string; groups: { nodes: GraphGroup[] } };
type GraphPipeline = {
  id: string;
  iid: string;
  complete: boolean;
  usesNeeds: boolean;
  graphqlResourceEtag: string;
  userPermissions: { updatePipeline: boolean };
  downstream: { nodes: unknown[] };
  upstream: unknown;
  stages: { nodes: GraphStage[] };
};
type Answer<T> = { data?: T; errors?: Array<{ message: string }> };

/** The next messages of one subscription until `done` holds for one. */
function updatesUntil<T>(
  client: Client,
  query: string,
  variables: Record<string, unknown>,
  done: (data: T) => boolean,
): { seen: Promise<T[]>; ready: Promise<void> } {
  let ready!: () => void;
  const readyPromise = new Promise<void>((resolve) => (ready = resolve));
  const seen = new Promise<T[]>((resolve, reject) => {
    const received: T[] = [];
    const unsubscribe = client.subscribe<T>(
      { query, variables },
      {
        next: (message) => {
          if (!message.data) return reject(new Error(JSON.stringify(message.errors)));
          received.push(message.data);
          if (done(message.data)) {
            unsubscribe();
            resolve(received);
          }
        },
        error: reject,
        complete: () => undefined,
      },
    );
    client.on('connected', () => setTimeout(ready, 100));
  });
  return { seen, ready: readyPromise };
}

describe('the GraphQL pipeline graph of a pipeline the bundled runner ran', () => {
  let t: TestApp;
  let url: string;
  let owner: TestUser;
  let reporter: TestUser;
  let project: ProjectContext;
  let runner: RunnerProcess;
  let pipelineId: number;
  let pipelineIid: number;

  const graphql = async <T>(user: TestUser | null, query: string, variables: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: user?.headers ?? {},
      payload: { query, variables },
    });
    return response.json<Answer<T>>();
  };
  const graphOf = async (user: TestUser | null) =>
    graphql<{ project: { pipeline: GraphPipeline } | null }>(user, GRAPH_QUERY, {
      projectPath: project.fullPath,
      iid: String(pipelineIid),
    });
  const jobsByName = (pipeline: GraphPipeline) =>
    new Map(
      pipeline.stages.nodes.flatMap((stage) =>
        stage.groups.nodes.flatMap((group) => group.jobs.nodes.map((job) => [job.name, job] as const)),
      ),
    );

  beforeAll(async () => {
    t = await createTestApp({ env: { RUNNER_LONG_POLL_SECONDS: '5' } });
    url = await t.listen();
    owner = await buildUser(t.container);
    reporter = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'private' });
    await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
    runner = startRunnerProcess({ url, token: await instanceRunnerToken(t.container), concurrent: 2 });
    await runner.waitForOutput(/Runner started/);
    const sha = await pushFiles(
      url,
      project.fullPath,
      owner,
      { '.gitlab-ci.yml': CONFIG },
      { branch: 'feature' },
    );
    const [pipeline] = await waitUntil(
      async () =>
        (
          await t.app.inject({
            url: `/api/v4/projects/${project.project.id}/pipelines?sha=${sha}`,
            headers: owner.headers,
          })
        ).json<Array<{ id: number; iid: number; status: string }>>(),
      (pipelines) => pipelines.length > 0 && FINISHED.includes(pipelines[0]!.status),
      60_000,
    );
    expect(pipeline!.status).toBe('success');
    pipelineId = pipeline!.id;
    pipelineIid = pipeline!.iid;
  }, 120_000);
  afterAll(async () => {
    await runner?.stop();
    await t?.close();
  });

  it('answers stages, groups, jobs and needs in GitLab’s shapes, with the owner’s job actions', async () => {
    const answer = await graphOf(owner);
    expect(answer.errors).toBeUndefined();
    const pipeline = answer.data!.project!.pipeline;
    expect(pipeline).toMatchObject({
      id: `gid://gitlab/Ci::Pipeline/${pipelineId}`,
      iid: String(pipelineIid),
      complete: true,
      usesNeeds: true,
      graphqlResourceEtag: `/api/graphql:pipelines/id/${pipelineId}`,
      userPermissions: { updatePipeline: true },
      downstream: { nodes: [] },
      upstream: null,
    });
    expect(
      pipeline.stages.nodes.map((stage) => [
        stage.name,
        stage.groups.nodes.map((group) => [group.name, group.size, group.status.group]),
      ]),
    ).toEqual([
      ['build', [['build', 1, 'success']]],
      [
        'test',
        [
          ['lint', 1, 'success'],
          ['rspec', 2, 'success'],
        ],
      ],
      ['deploy', [['deploy', 1, 'manual']]],
    ]);
    const jobs = jobsByName(pipeline);
    expect([...jobs.keys()].sort()).toEqual(['build', 'deploy', 'lint', 'rspec 1/2', 'rspec 2/2']);
    const names = (nodes: Array<{ name: string }>) => nodes.map((node) => node.name).sort();
    expect(names(jobs.get('lint')!.needs.nodes)).toEqual(['build']);
    expect(names(jobs.get('lint')!.previousStageJobsOrNeeds.nodes)).toEqual(['build']);
    expect(names(jobs.get('rspec 1/2')!.needs.nodes)).toEqual([]);
    expect(names(jobs.get('rspec 1/2')!.previousStageJobsOrNeeds.nodes)).toEqual(['build']);
    expect(names(jobs.get('deploy')!.previousStageJobsOrNeeds.nodes)).toEqual([
      'lint',
      'rspec 1/2',
      'rspec 2/2',
    ]);

    const build = jobs.get('build')!;
    const buildId = Number(build.id.split('/').pop());
    expect(build).toMatchObject({
      id: `gid://gitlab/Ci::Build/${buildId}`,
      kind: 'BUILD',
      status: {
        group: 'success',
        label: 'passed',
        tooltip: 'passed',
        hasDetails: true,
        detailsPath: `/${project.fullPath}/-/jobs/${buildId}`,
        action: {
          title: 'Run again',
          icon: 'retry',
          buttonTitle: 'Run this job again',
          path: `/${project.fullPath}/-/jobs/${buildId}/retry`,
        },
      },
    });
    const deploy = jobs.get('deploy')!;
    expect(deploy.status).toMatchObject({
      group: 'manual',
      label: 'manual play action',
      action: {
        title: 'Run',
        icon: 'play',
        buttonTitle: 'Run job',
        confirmationMessage: 'Deploy to production?',
        path: `/${project.fullPath}/-/jobs/${Number(deploy.id.split('/').pop())}/play`,
      },
    });
  });

  it('shows a Reporter the graph without actions, and nobody else anything', async () => {
    const asReporter = (await graphOf(reporter)).data!.project!.pipeline;
    expect(asReporter.userPermissions.updatePipeline).toBe(false);
    const deploy = jobsByName(asReporter).get('deploy')!;
    expect(deploy.status.label).toBe('manual play action (not allowed)');
    expect(deploy.status.action).toBeNull();
    expect(jobsByName(asReporter).get('build')!.status.action).toBeNull();

    expect((await graphOf(await buildUser(t.container))).data).toEqual({ project: null });
    expect((await graphOf(null)).data).toEqual({ project: null });
  });

  it('getPipelineStageJobs answers the mini graph’s stage dropdown', async () => {
    const graph = (await graphOf(owner)).data!.project!.pipeline;
    const testStage = graph.stages.nodes.find((stage) => stage.name === 'test')!;
    const stageJobs = await graphql<{
      ciPipelineStage: { id: string; jobs: { nodes: Array<Record<string, unknown>> } };
    }>(
      owner,
      `
        query getPipelineStageJobs($id: CiStageID!) {
          ciPipelineStage(id: $id) {
            id
            jobs {
              nodes {
                id
                name
                scheduled
                scheduledAt
                detailedStatus {
                  id
                  detailsPath
                  deploymentDetailsPath
                  group
                  hasDetails
                  icon
                  tooltip
                  label
                  action {
                    id
                    confirmationMessage
                    icon
                    path
                    title
                  }
                }
              }
            }
          }
        }
      `,
      { id: testStage.id },
    );
    expect(stageJobs.errors).toBeUndefined();
    expect(stageJobs.data!.ciPipelineStage.id).toBe(testStage.id);
    expect(stageJobs.data!.ciPipelineStage.jobs.nodes.map((job) => job.name).sort()).toEqual([
      'lint',
      'rspec 1/2',
      'rspec 2/2',
    ]);
    expect(stageJobs.data!.ciPipelineStage.jobs.nodes[0]).toMatchObject({
      scheduled: false,
      scheduledAt: null,
      detailedStatus: { group: 'success', icon: 'status_success', deploymentDetailsPath: null },
    });
    // A stranger, and an id that names no stage, get null.
    const stranger = await buildUser(t.container);
    const hidden = await graphql<{ ciPipelineStage: unknown }>(
      stranger,
      'query($id: CiStageID!) { ciPipelineStage(id: $id) { id } }',
      { id: testStage.id },
    );
    expect(hidden.data).toEqual({ ciPipelineStage: null });
  });

  it('mergeRequestEventTypeQuery: the first pipeline of a request from a branch is no merge request pipeline', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/merge_requests`,
      headers: owner.headers,
      payload: { source_branch: 'feature', target_branch: 'main', title: 'Add CI' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const answer = await graphql<{
      project: {
        mergeRequest: { pipelines: { nodes: unknown[] }; headPipeline: { iid: string; status: string } };
      };
    }>(
      owner,
      `
        query mergeRequestEventTypeQuery($projectPath: ID!, $iid: String!) {
          project(fullPath: $projectPath) {
            id
            mergeRequest(iid: $iid) {
              id
              pipelines(first: 1) {
                nodes {
                  id
                  mergeRequestEventType
                }
              }
              headPipeline {
                iid
                status
              }
            }
          }
        }
      `,
      { projectPath: project.fullPath, iid: String(created.json<{ iid: number }>().iid) },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.project.mergeRequest).toMatchObject({
      pipelines: { nodes: [{ id: `gid://gitlab/Ci::Pipeline/${pipelineId}`, mergeRequestEventType: null }] },
      headPipeline: { iid: String(pipelineIid), status: 'SUCCESS' },
    });
  });

  it('sends the job’s and the pipeline’s status changes to subscribers as the runner runs a played job', async () => {
    const graph = (await graphOf(owner)).data!.project!.pipeline;
    const deployId = jobsByName(graph).get('deploy')!.id;
    type JobUpdate = { ciJobStatusUpdated: { id: string; name: string; status: string } };
    type PipelineUpdate = {
      ciPipelineStatusUpdated: { id: string; status: string; detailedStatus: { group: string } };
    };
    const client = subscriptionClient(url, owner.token);
    const strangerClient = subscriptionClient(url, (await buildUser(t.container)).token);
    const job = updatesUntil<JobUpdate>(
      client,
      'subscription($id: CiBuildID!) { ciJobStatusUpdated(jobId: $id) { id name status } }',
      { id: deployId },
      (data) => data.ciJobStatusUpdated.status === 'SUCCESS',
    );
    const pipeline = updatesUntil<PipelineUpdate>(
      client,
      'subscription($id: CiPipelineID!) { ciPipelineStatusUpdated(pipelineId: $id) { id status detailedStatus { group } } }',
      { id: graph.id },
      (data) => data.ciPipelineStatusUpdated.status === 'SUCCESS',
    );
    let strangerHeard = false;
    strangerClient.subscribe(
      {
        query: 'subscription($id: CiBuildID!) { ciJobStatusUpdated(jobId: $id) { id } }',
        variables: { id: deployId },
      },
      { next: () => (strangerHeard = true), error: () => undefined, complete: () => undefined },
    );
    await Promise.all([job.ready, pipeline.ready]);

    const played = await graphql<{ jobPlay: { errors: string[] } }>(
      owner,
      'mutation($id: CiProcessableID!) { jobPlay(input: { id: $id }) { errors } }',
      { id: deployId },
    );
    expect(played.data).toEqual({ jobPlay: { errors: [] } });

    const jobUpdates = await job.seen;
    expect(jobUpdates[0]!.ciJobStatusUpdated).toMatchObject({ id: deployId, name: 'deploy' });
    expect(jobUpdates.at(-1)!.ciJobStatusUpdated.status).toBe('SUCCESS');
    const pipelineUpdates = await pipeline.seen;
    expect(pipelineUpdates.map((update) => update.ciPipelineStatusUpdated.status)).toContain('SUCCESS');
    expect(pipelineUpdates.at(-1)!.ciPipelineStatusUpdated.detailedStatus.group).toBe('success');
    expect(strangerHeard).toBe(false);
    await client.dispose();
    await strangerClient.dispose();
  }, 60_000);
  it('answers a poll that names graphqlResourceEtag with an ETag, and 304 until the pipeline changes', async () => {
    const key = `/api/graphql:pipelines/id/${pipelineId}`;
    const poll = (etag?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/graphql',
        query: {
          query: GRAPH_QUERY,
          variables: JSON.stringify({ projectPath: project.fullPath, iid: String(pipelineIid) }),
        },
        headers: {
          ...owner.headers,
          'x-gitlab-graphql-resource-etag': key,
          ...(etag ? { 'if-none-match': etag } : {}),
        },
      });
    const first = await poll();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[0-9a-f]{40}"$/);
    const unchanged = await poll(etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    // Retrying a job changes the graph: a new job, a running pipeline.
    const build = jobsByName((await graphOf(owner)).data!.project!.pipeline).get('build')!;
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/jobs/${build.id.split('/').pop()}/retry`,
      headers: owner.headers,
    });
    expect(retried.statusCode, retried.body).toBe(201);
    const changed = await poll(etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain(retried.json<{ id: number }>().id.toString());
  });
});
