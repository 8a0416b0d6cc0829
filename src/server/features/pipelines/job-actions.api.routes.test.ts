import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { commitCiConfig, instanceRunnerToken } from '../../../../test/support/ci';
import { fakeRunner } from '../../../../test/support/fake-runner';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';

const CONFIG = [
  'workflow:',
  '  rules:',
  '    - if: $CI_PIPELINE_SOURCE != "push"',
  'build:',
  '  stage: build',
  '  script: [make]',
  'test:',
  '  stage: test',
  '  script: [make test]',
  'deploy:',
  '  stage: deploy',
  '  when: manual',
  '  script: [make deploy]',
].join('\n');

type Job = { id: number; name: string; status: string; erased_at: string | null; user: { username: string } };

describe('job and pipeline actions: play, retry, erase, cancel, delete, with GitLab’s roles', () => {
  let t: TestApp;
  let owner: TestUser;
  let maintainer: TestUser;
  let developer: TestUser;
  let reporter: TestUser;
  let project: ProjectContext;
  let runner: ReturnType<typeof fakeRunner>;

  const url = (path: string) => `/api/v4/projects/${project.project.id}${path}`;
  const post = (user: TestUser, path: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: url(path), headers: user.headers, ...(payload ? { payload } : {}) });
  const jobsOf = async (pipelineId: number) =>
    (await t.app.inject({ url: url(`/pipelines/${pipelineId}/jobs`), headers: owner.headers })).json<Job[]>();
  const statuses = async (pipelineId: number) =>
    Object.fromEntries((await jobsOf(pipelineId)).map((job) => [job.name, job.status]));
  const pipelineStatus = async (pipelineId: number) =>
    (await t.app.inject({ url: url(`/pipelines/${pipelineId}`), headers: owner.headers })).json<{
      status: string;
    }>().status;
  const createPipeline = async (user: TestUser, ref = 'feature') => {
    const response = await post(user, '/pipeline', { ref });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    maintainer = await buildUser(t.container);
    developer = await buildUser(t.container);
    reporter = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    await addProjectMember(t.container, project, maintainer, ACCESS_LEVELS.maintainer);
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
    await commitCiConfig(t.app, owner, project.project.id, CONFIG);
    await commitCiConfig(t.app, owner, project.project.id, CONFIG, 'feature');
    runner = fakeRunner(t.app, await instanceRunnerToken(t.container));
  });
  afterAll(() => t.close());

  it('retries a failed job as a new attempt: the skipped jobs after it run again; a Reporter may not', async () => {
    const pipelineId = await createPipeline(owner);
    const failed = await runner.run('failed');
    expect(await statuses(pipelineId)).toEqual({ build: 'failed', test: 'skipped', deploy: 'skipped' });
    expect(await pipelineStatus(pipelineId)).toBe('failed');

    const byReporter = await post(reporter, `/jobs/${failed.id}/retry`);
    expect(byReporter.statusCode).toBe(403);
    expect(byReporter.json()).toEqual({ message: '403 Forbidden' });

    const retried = await post(developer, `/jobs/${failed.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(201);
    const attempt = retried.json<Job>();
    expect(attempt).toMatchObject({
      name: 'build',
      status: 'pending',
      user: { username: developer.username },
    });
    expect(attempt.id).not.toBe(failed.id);
    expect(await statuses(pipelineId)).toEqual({ build: 'pending', test: 'created', deploy: 'created' });
    expect(await pipelineStatus(pipelineId)).toBe('pending');
    // The old attempt is kept, listed only with include_retried.
    const all = await t.app.inject({
      url: url(`/pipelines/${pipelineId}/jobs?include_retried=true`),
      headers: owner.headers,
    });
    expect(all.json<Job[]>().filter((job) => job.name === 'build')).toHaveLength(2);

    // A job not finished cannot be retried again.
    const again = await post(developer, `/jobs/${attempt.id}/retry`);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ message: '403 Forbidden - Job is not retryable' });

    await runner.run('success');
    await runner.run('success');
    expect(await statuses(pipelineId)).toEqual({ build: 'success', test: 'success', deploy: 'manual' });
  });

  it('plays a manual job for a Developer (200), not for a Reporter; a job that is not manual is unplayable', async () => {
    const pipelineId = await createPipeline(owner);
    await runner.run('success');
    await runner.run('success');
    const deploy = (await jobsOf(pipelineId)).find((job) => job.name === 'deploy')!;
    expect(deploy.status).toBe('manual');
    expect((await post(reporter, `/jobs/${deploy.id}/play`)).statusCode).toBe(403);
    const build = (await jobsOf(pipelineId)).find((job) => job.name === 'build')!;
    const unplayable = await post(developer, `/jobs/${build.id}/play`);
    expect(unplayable.statusCode).toBe(400);
    expect(unplayable.json()).toEqual({ message: '400 Bad request - Unplayable Job' });

    const played = await post(developer, `/jobs/${deploy.id}/play`, {
      job_variables_attributes: [{ key: 'TARGET', value: 'staging' }],
    });
    expect(played.statusCode, played.body).toBe(200);
    expect(played.json()).toMatchObject({
      id: deploy.id,
      status: 'pending',
      user: { username: developer.username },
    });
    const taken = await runner.take();
    expect(taken.id).toBe(deploy.id);
    expect(taken.variables).toContainEqual({ key: 'TARGET', value: 'staging', public: false, masked: false });
    await runner.finish(taken, 'success');
    expect(await pipelineStatus(pipelineId)).toBe('success');
  });

  it('erases a job: a Developer their own only, a Maintainer any; its log is gone and a running job is not erasable', async () => {
    const pipelineId = await createPipeline(developer);
    const running = await runner.take();
    await runner.log(running, 'secret output\n');
    const early = await post(maintainer, `/jobs/${running.id}/erase`);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ message: '403 Forbidden - Job is not erasable!' });
    await runner.finish(running, 'success');
    const test = await runner.run('success');

    // `build` was started by the developer (their pipeline); `test` too: a Reporter never, another Developer's job never.
    const otherDeveloper = await buildUser(t.container);
    await addProjectMember(t.container, project, otherDeveloper, ACCESS_LEVELS.developer);
    expect((await post(otherDeveloper, `/jobs/${running.id}/erase`)).statusCode).toBe(403);
    expect((await post(reporter, `/jobs/${running.id}/erase`)).statusCode).toBe(403);

    const erased = await post(developer, `/jobs/${running.id}/erase`);
    expect(erased.statusCode, erased.body).toBe(201);
    expect(erased.json<Job>().erased_at).not.toBeNull();
    const trace = await t.app.inject({ url: url(`/jobs/${running.id}/trace`), headers: owner.headers });
    expect(trace.body).toBe('');
    expect((await post(developer, `/jobs/${running.id}/erase`)).statusCode).toBe(403);

    expect((await post(maintainer, `/jobs/${test.id}/erase`)).statusCode).toBe(201);
    expect(await pipelineStatus(pipelineId)).toBe('success');
  });

  it('a Developer may not erase their own job on a protected branch', async () => {
    await t.app.inject({
      method: 'POST',
      url: url('/protected_branches'),
      headers: owner.headers,
      payload: { name: 'release', push_access_level: 30, merge_access_level: 30 },
    });
    await commitCiConfig(t.app, owner, project.project.id, CONFIG, 'release');
    await createPipeline(developer, 'release');
    const job = await runner.run('success');
    await runner.run('success');
    expect((await post(developer, `/jobs/${job.id}/erase`)).statusCode).toBe(403);
    expect((await post(maintainer, `/jobs/${job.id}/erase`)).statusCode).toBe(201);
  });

  it('cancels a pipeline (its running and waiting jobs), then retries its canceled jobs', async () => {
    const pipelineId = await createPipeline(owner);
    const running = await runner.take();
    expect((await post(reporter, `/pipelines/${pipelineId}/cancel`)).statusCode).toBe(403);
    const canceled = await post(developer, `/pipelines/${pipelineId}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(201);
    // The runner said it cancels gracefully? The fake one did not: the job is canceled at once.
    expect(canceled.json()).toMatchObject({ id: pipelineId, status: 'canceled' });
    expect(await statuses(pipelineId)).toEqual({ build: 'canceled', test: 'canceled', deploy: 'canceled' });
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/v4/jobs/${running.id}`,
      payload: { token: running.token, state: 'success' },
    });
    expect(update.statusCode).toBe(403);

    expect((await post(reporter, `/pipelines/${pipelineId}/retry`)).statusCode).toBe(403);
    const retried = await post(developer, `/pipelines/${pipelineId}/retry`);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json()).toMatchObject({ status: 'pending' });
    expect(await statuses(pipelineId)).toEqual({ build: 'pending', test: 'created', deploy: 'created' });
    await runner.run('success');
    await runner.run('success');
    expect(await statuses(pipelineId)).toEqual({ build: 'success', test: 'success', deploy: 'manual' });
  });

  it('deletes a pipeline for its Owner only (204), with its jobs; then it is not found', async () => {
    const pipelineId = await createPipeline(owner);
    const job = await runner.run('success');
    for (const user of [maintainer, developer])
      expect(
        (
          await t.app.inject({
            method: 'DELETE',
            url: url(`/pipelines/${pipelineId}`),
            headers: user.headers,
          })
        ).statusCode,
      ).toBe(403);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: url(`/pipelines/${pipelineId}`),
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await t.app.inject({ url: url(`/pipelines/${pipelineId}`), headers: owner.headers })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: url(`/jobs/${job.id}`), headers: owner.headers })).statusCode).toBe(
      404,
    );
  });

  it('unschedules a delayed job back to manual; only a scheduled job can be', async () => {
    await commitCiConfig(
      t.app,
      owner,
      project.project.id,
      [
        'workflow:',
        '  rules:',
        '    - if: $CI_PIPELINE_SOURCE != "push"',
        'later:',
        '  when: delayed',
        '  start_in: 1 hour',
        '  script: [echo]',
      ].join('\n'),
      'delayed',
    );
    const pipelineId = await createPipeline(owner, 'delayed');
    const [later] = await jobsOf(pipelineId);
    expect(later).toMatchObject({ name: 'later', status: 'scheduled' });
    await expect(
      t.container.jobActions.unschedule(reporter, String(project.project.id), later!.id),
    ).rejects.toThrow('403 Forbidden');
    await t.container.jobActions.unschedule(developer, String(project.project.id), later!.id);
    expect(await statuses(pipelineId)).toEqual({ later: 'manual' });
    await expect(
      t.container.jobActions.unschedule(developer, String(project.project.id), later!.id),
    ).rejects.toThrow('Job is not scheduled');
  });
});
