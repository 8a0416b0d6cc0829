import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitCiConfig, instanceRunnerToken } from '../../../test/support/ci';
import { fakeRunner } from '../../../test/support/fake-runner';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../shared/access/accessLevels';
import type { ProjectContext } from '../features/projects/projects.service';
import { RESOURCE_NOT_AVAILABLE } from './mutation-scope';

const CONFIG = [
  'workflow:',
  '  rules:',
  '    - if: $CI_PIPELINE_SOURCE != "push"',
  'build:',
  '  stage: build',
  '  script: [make]',
  'deploy:',
  '  stage: deploy',
  '  when: manual',
  '  script: [make deploy]',
  'later:',
  '  stage: deploy',
  '  when: delayed',
  '  start_in: 1 hour',
  '  script: [make later]',
].join('\n');

/** The mini graph's fragment (GitLab's job.fragment.graphql) under each job action mutation. */
const JOB_FRAGMENT =
  'job { id status detailedStatus { id group action { id confirmationMessage icon path title } } } errors';
const MUTATIONS = {
  jobPlay: `mutation playPipelineMiniGraphJob($id: CiProcessableID!) { jobPlay(input: { id: $id }) { ${JOB_FRAGMENT} } }`,
  jobRetry: `mutation retryPipelineMiniGraphJob($id: CiProcessableID!) { jobRetry(input: { id: $id }) { ${JOB_FRAGMENT} } }`,
  jobCancel: `mutation cancelPipelineMiniGraphJob($id: CiBuildID!) { jobCancel(input: { id: $id }) { ${JOB_FRAGMENT} } }`,
  jobUnschedule: `mutation unschedulePipelineMiniGraphJob($id: CiBuildID!) { jobUnschedule(input: { id: $id }) { ${JOB_FRAGMENT} } }`,
};

type Payload = {
  job: {
    id: string;
    status: string;
    detailedStatus: { group: string; action: { title: string } | null };
  } | null;
  errors: string[];
};
type Answer = { data?: Record<string, Payload | null>; errors?: Array<{ message: string }> };

describe('GraphQL job actions: jobPlay, jobRetry, jobCancel, jobUnschedule with GitLab’s roles', () => {
  let t: TestApp;
  let owner: TestUser;
  let developer: TestUser;
  let reporter: TestUser;
  let project: ProjectContext;
  let runner: ReturnType<typeof fakeRunner>;

  const gid = (id: number) => `gid://gitlab/Ci::Build/${id}`;
  const mutate = async (user: TestUser, name: keyof typeof MUTATIONS, jobId: number) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: user.headers,
      payload: { query: MUTATIONS[name], variables: { id: gid(jobId) } },
    });
    return response.json<Answer>();
  };
  const jobs = async (pipelineId: number) => {
    const response = await t.app.inject({
      url: `/api/v4/projects/${project.project.id}/pipelines/${pipelineId}/jobs`,
      headers: owner.headers,
    });
    return Object.fromEntries(
      response.json<Array<{ id: number; name: string; status: string }>>().map((job) => [job.name, job]),
    );
  };
  const createPipeline = async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/pipeline`,
      headers: owner.headers,
      // main is protected: Developers act on jobs of other branches.
      payload: { ref: 'feature' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const refused = (answer: Answer, name: string) => {
    expect(answer.errors?.map((error) => error.message)).toEqual([RESOURCE_NOT_AVAILABLE]);
    expect(answer.data?.[name]).toBeNull();
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    developer = await buildUser(t.container);
    reporter = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'private' });
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
    await commitCiConfig(t.app, owner, project.project.id, CONFIG);
    await commitCiConfig(t.app, owner, project.project.id, CONFIG, 'feature');
    runner = fakeRunner(t.app, await instanceRunnerToken(t.container));
  });
  afterAll(() => t.close());

  it('jobPlay: a Developer runs a manual job; a Reporter and a stranger get GitLab’s error; a job that is not manual answers in errors', async () => {
    const pipelineId = await createPipeline();
    await runner.run('success');
    const { deploy, build } = await jobs(pipelineId);
    expect(deploy!.status).toBe('manual');

    refused(await mutate(reporter, 'jobPlay', deploy!.id), 'jobPlay');
    refused(await mutate(await buildUser(t.container), 'jobPlay', deploy!.id), 'jobPlay');
    expect((await jobs(pipelineId)).deploy!.status).toBe('manual');

    const unplayable = await mutate(developer, 'jobPlay', build!.id);
    expect(unplayable.errors).toBeUndefined();
    expect(unplayable.data!.jobPlay).toMatchObject({
      job: { status: 'SUCCESS' },
      errors: ['Unplayable Job'],
    });

    const played = await mutate(developer, 'jobPlay', deploy!.id);
    expect(played.errors).toBeUndefined();
    expect(played.data!.jobPlay).toEqual({
      job: {
        id: gid(deploy!.id),
        status: 'PENDING',
        detailedStatus: {
          id: `pending-${deploy!.id}`,
          group: 'pending',
          action: {
            id: `cancel-${deploy!.id}`,
            confirmationMessage: null,
            icon: 'cancel',
            path: `/${project.fullPath}/-/jobs/${deploy!.id}/cancel`,
            title: 'Cancel',
          },
        },
      },
      errors: [],
    });
    expect((await jobs(pipelineId)).deploy!.status).toBe('pending');
    await runner.run('success');
  });

  it('jobCancel: a Developer cancels a pending job; a Reporter may not; a finished job is not cancelable', async () => {
    const pipelineId = await createPipeline();
    const { build } = await jobs(pipelineId);
    expect(build!.status).toBe('pending');
    refused(await mutate(reporter, 'jobCancel', build!.id), 'jobCancel');
    expect((await jobs(pipelineId)).build!.status).toBe('pending');

    const canceled = await mutate(developer, 'jobCancel', build!.id);
    expect(canceled.data!.jobCancel).toMatchObject({ job: { status: 'CANCELED' }, errors: [] });
    const again = await mutate(developer, 'jobCancel', build!.id);
    expect(again.data!.jobCancel).toMatchObject({
      job: { status: 'CANCELED' },
      errors: ['Unprocessable entity'],
    });
  });

  it('jobRetry: a Developer retries a failed job as a new job; a Reporter may not; a running one is not retryable', async () => {
    const pipelineId = await createPipeline();
    const failed = await runner.run('failed');
    refused(await mutate(reporter, 'jobRetry', failed.id), 'jobRetry');

    const retried = await mutate(developer, 'jobRetry', failed.id);
    expect(retried.errors).toBeUndefined();
    const payload = retried.data!.jobRetry!;
    expect(payload).toMatchObject({ job: { status: 'PENDING' }, errors: [] });
    const attempt = (await jobs(pipelineId)).build!;
    expect(payload.job!.id).toBe(gid(attempt.id));
    expect(attempt.id).not.toBe(failed.id);

    const notYet = await mutate(developer, 'jobRetry', attempt.id);
    expect(notYet.data!.jobRetry).toMatchObject({
      job: { status: 'PENDING' },
      errors: ['Job is not retryable'],
    });
    await runner.run('success');
  });

  it('jobUnschedule: a Developer turns a delayed job into a manual one; a Reporter may not; twice says it is not scheduled', async () => {
    const pipelineId = await createPipeline();
    await runner.run('success');
    const { later } = await jobs(pipelineId);
    expect(later!.status).toBe('scheduled');
    refused(await mutate(reporter, 'jobUnschedule', later!.id), 'jobUnschedule');
    expect((await jobs(pipelineId)).later!.status).toBe('scheduled');

    const unscheduled = await mutate(developer, 'jobUnschedule', later!.id);
    expect(unscheduled.data!.jobUnschedule).toMatchObject({
      job: { status: 'MANUAL', detailedStatus: { group: 'manual', action: { title: 'Run' } } },
      errors: [],
    });
    const again = await mutate(developer, 'jobUnschedule', later!.id);
    expect(again.data!.jobUnschedule).toMatchObject({ errors: ['Job is not scheduled'] });
  });

  it('refuses an id of another type with GraphQL’s coercion error, and a read-only token', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: developer.headers,
      payload: { query: MUTATIONS.jobCancel, variables: { id: 'gid://gitlab/MergeRequest/1' } },
    });
    expect(answer.json<Answer>().errors?.[0]?.message).toContain(
      'does not represent an instance of Ci::Build',
    );
  });
});
