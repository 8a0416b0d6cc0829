import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../src/shared/access/accessLevels';
import type { ProjectContext } from '../../../src/server/features/projects/projects.service';
import { commitCiConfig, waitUntil } from '../../support/ci';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

type Job = { id: number; name: string; status: string; pipeline: { id: number } };
type Pipeline = {
  id: number;
  status: string;
  detailed_status: { text: string; label: string; icon: string };
};

/**
 * Resource groups as gitlab-runner sees them: jobs are taken and finished through the runner
 * protocol by hand, and the jobs of a group run one at a time across the project's pipelines.
 */
describe('resource groups', () => {
  let t: TestApp;
  let admin: TestUser;
  let owner: TestUser;
  let developer: TestUser;
  let reporter: TestUser;
  let project: ProjectContext;
  let runnerToken: string;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser, payload?: object) =>
    t.app.inject({ method, url: `/api/v4${url}`, headers: user.headers, ...(payload ? { payload } : {}) });
  const projectUrl = () => `/projects/${project.project.id}`;

  async function runPipeline(): Promise<number> {
    const response = await api('POST', `${projectUrl()}/pipeline`, owner, { ref: 'main' });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  }
  const pipeline = async (id: number) =>
    (await api('GET', `${projectUrl()}/pipelines/${id}`, owner)).json<Pipeline>();
  const deployOf = async (pipelineId: number) =>
    (await api('GET', `${projectUrl()}/pipelines/${pipelineId}/jobs`, owner))
      .json<Job[]>()
      .find((job) => job.name === 'deploy')!;
  const deployStatus = (pipelineId: number, status: string) =>
    waitUntil(
      () => deployOf(pipelineId),
      (job) => job.status === status,
      10_000,
    );

  /** What a runner asks for: the job it gets, or null (204). */
  async function takeJob(): Promise<{ id: number; token: string } | null> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v4/jobs/request',
      payload: { token: runnerToken, info: { features: { cancelable: true } } },
    });
    return response.statusCode === 201 ? response.json<{ id: number; token: string }>() : null;
  }
  const finishJob = (job: { id: number; token: string }, state: 'success' | 'failed') =>
    t.app.inject({ method: 'PUT', url: `/api/v4/jobs/${job.id}`, payload: { token: job.token, state } });

  /** Takes and passes jobs until none is left, so each test starts with a free resource. */
  async function drain() {
    for (let job = await takeJob(); job; job = await takeJob()) await finishJob(job, 'success');
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { RUNNER_LONG_POLL_SECONDS: '1' } });
    // The resource is handed on by the job queue, as in every app process.
    t.container.jobs.start((error) => console.error(error));
    admin = await buildUser(t.container, { admin: true });
    owner = await buildUser(t.container);
    developer = await buildUser(t.container);
    reporter = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
    const runner = await api('POST', '/user/runners', admin, {
      runner_type: 'instance_type',
      run_untagged: true,
    });
    runnerToken = runner.json<{ token: string }>().token;
    // The key is expanded with the job's variables, as GitLab does.
    await commitCiConfig(
      t.app,
      owner,
      project.project.id,
      [
        'variables:',
        '  TARGET: production',
        'deploy:',
        '  stage: deploy',
        '  resource_group: $TARGET',
        '  script: [echo deploy]',
      ].join('\n'),
    );
    const [pushed] = await waitUntil(
      () => api('GET', `${projectUrl()}/pipelines`, owner).then((r) => r.json<Pipeline[]>()),
      (list) => list.length > 0,
    );
    await deployStatus(pushed!.id, 'pending');
    await drain();
  });
  afterAll(async () => {
    await t?.container.jobs.stop();
    await t?.close();
  });

  it("runs the second pipeline's deploy only once the first one's has finished", async () => {
    await drain();
    const first = await runPipeline();
    await deployStatus(first, 'pending');
    const second = await runPipeline();
    const waiting = await deployStatus(second, 'waiting_for_resource');
    // The pipeline whose only active job waits shows it.
    expect(await pipeline(second)).toMatchObject({
      status: 'waiting_for_resource',
      detailed_status: { text: 'Waiting', label: 'waiting for resource', icon: 'status_pending' },
    });

    const taken = await takeJob();
    expect(taken?.id).toBe((await deployOf(first)).id);
    // The second deploy is not handed out while the first holds the resource.
    expect(await takeJob()).toBeNull();
    const upcoming = await api('GET', `${projectUrl()}/resource_groups/production/upcoming_jobs`, developer);
    expect(upcoming.json<Job[]>().map((job) => [job.id, job.status])).toEqual([
      [waiting.id, 'waiting_for_resource'],
    ]);

    await finishJob(taken!, 'success');
    await deployStatus(second, 'pending');
    const next = await takeJob();
    expect(next?.id).toBe(waiting.id);
    expect((await pipeline(second)).status).toBe('running');
    await finishJob(next!, 'success');
  });

  it('hands the resource on when its holder is canceled', async () => {
    await drain();
    const first = await runPipeline();
    await deployStatus(first, 'pending');
    const holder = await takeJob();
    const second = await runPipeline();
    await deployStatus(second, 'waiting_for_resource');

    const canceled = await api('POST', `${projectUrl()}/jobs/${holder!.id}/cancel`, owner);
    expect(canceled.statusCode).toBe(201);
    await deployStatus(second, 'pending');
    // The canceled job's runner learns it is over, the next deploy runs.
    const next = await takeJob();
    expect(next?.id).toBe((await deployOf(second)).id);
    await finishJob(next!, 'success');
  });

  it('gives the resource to the newest pipeline first in newest_first mode', async () => {
    await drain();
    const changed = await api('PUT', `${projectUrl()}/resource_groups/production`, developer, {
      process_mode: 'newest_first',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ key: 'production', process_mode: 'newest_first' });
    const first = await runPipeline();
    await deployStatus(first, 'pending');
    const holder = await takeJob();
    const middle = await runPipeline();
    const newest = await runPipeline();
    await deployStatus(middle, 'waiting_for_resource');
    await deployStatus(newest, 'waiting_for_resource');
    const upcoming = await api('GET', `${projectUrl()}/resource_groups/production/upcoming_jobs`, developer);
    expect(upcoming.json<Job[]>().map((job) => job.pipeline.id)).toEqual([newest, middle]);

    await finishJob(holder!, 'failed');
    await deployStatus(newest, 'pending');
    expect((await deployOf(middle)).status).toBe('waiting_for_resource');
    await finishJob((await takeJob())!, 'success');
    await deployStatus(middle, 'pending');
    await finishJob((await takeJob())!, 'success');
    await api('PUT', `${projectUrl()}/resource_groups/production`, developer, { process_mode: 'unordered' });
  });

  it('hands the resource on after its holder’s pipeline is deleted, at the next sweep', async () => {
    await drain();
    const first = await runPipeline();
    await deployStatus(first, 'pending');
    await takeJob();
    const second = await runPipeline();
    await deployStatus(second, 'waiting_for_resource');
    const deleted = await api('DELETE', `${projectUrl()}/pipelines/${first}`, owner);
    expect(deleted.statusCode).toBe(204);
    // Nothing finished, so nothing handed the resource on; the sweep every process runs does.
    expect(await t.container.resourceGroups.resumeStalled()).toBe(1);
    await deployStatus(second, 'pending');
    await finishJob((await takeJob())!, 'success');
  });

  it("serves GitLab's resource group API to Developers and up", async () => {
    const list = await api('GET', `${projectUrl()}/resource_groups`, developer);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total']).toBe('1');
    expect(list.json()).toEqual([
      {
        id: expect.any(Number),
        key: 'production',
        process_mode: 'unordered',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
    const one = await api('GET', `${projectUrl()}/resource_groups/production`, owner);
    expect(one.json()).toMatchObject({ key: 'production', process_mode: 'unordered' });

    expect((await api('GET', `${projectUrl()}/resource_groups`, reporter)).statusCode).toBe(403);
    expect(
      (
        await api('PUT', `${projectUrl()}/resource_groups/production`, reporter, {
          process_mode: 'oldest_first',
        })
      ).statusCode,
    ).toBe(403);
    expect((await api('GET', `${projectUrl()}/resource_groups/staging`, developer)).statusCode).toBe(404);
    const invalid = await api('PUT', `${projectUrl()}/resource_groups/production`, developer, {
      process_mode: 'fastest_first',
    });
    expect(invalid.statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/v4${projectUrl()}/resource_groups` })).statusCode).toBe(401);
  });
});
