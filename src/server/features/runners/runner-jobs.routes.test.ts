import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitCiConfig } from '../../../../test/support/ci';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { ProjectContext } from '../projects/projects.service';

describe('GET /runners/:id/jobs', () => {
  let t: TestApp;
  let maintainer: TestUser;
  let developer: TestUser;
  let project: ProjectContext;
  let runnerId: number;
  let jobId: number;

  const api = (method: 'GET' | 'POST' | 'PUT', url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url: `/api/v4${url}`, headers: user?.headers, payload });

  beforeAll(async () => {
    t = await createTestApp();
    maintainer = await buildUser(t.container);
    developer = await buildUser(t.container);
    project = await buildProject(t.container, maintainer);
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    const created = await api('POST', '/user/runners', maintainer, {
      runner_type: 'project_type',
      project_id: project.project.id,
    });
    const { id, token } = created.json<{ id: number; token: string }>();
    runnerId = id;
    const config = [
      'workflow:',
      '  rules:',
      '    - if: $CI_PIPELINE_SOURCE != "push"',
      'build:',
      '  script: [make]',
    ];
    await commitCiConfig(t.app, maintainer, project.project.id, config.join('\n'));
    const pipeline = await api('POST', `/projects/${project.project.id}/pipeline`, maintainer, {
      ref: 'main',
    });
    expect(pipeline.statusCode, pipeline.body).toBe(201);
    const taken = await t.app.inject({ method: 'POST', url: '/api/v4/jobs/request', payload: { token } });
    expect(taken.statusCode, taken.body).toBe(201);
    const job = taken.json<{ id: number; token: string }>();
    jobId = job.id;
    await t.app.inject({
      method: 'PUT',
      url: `/api/v4/jobs/${job.id}`,
      payload: { token: job.token, state: 'success' },
    });
  });
  afterAll(() => t.close());

  it('lists the jobs the runner ran, with their project, filtered by status', async () => {
    const response = await api('GET', `/runners/${runnerId}/jobs`, maintainer);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-total']).toBe('1');
    expect(response.json()).toMatchObject([
      {
        id: jobId,
        name: 'build',
        status: 'success',
        runner: { id: runnerId },
        project: { id: project.project.id, path_with_namespace: project.fullPath },
      },
    ]);
    const failed = await api('GET', `/runners/${runnerId}/jobs?status=failed`, maintainer);
    expect(failed.json()).toEqual([]);
    expect((await api('GET', `/runners/${runnerId}/jobs?status=sideways`, maintainer)).statusCode).toBe(400);
  });

  it("keeps a runner's jobs from a Developer, and answers 404 for no runner", async () => {
    const denied = await api('GET', `/runners/${runnerId}/jobs`, developer);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: '403 Forbidden - No access granted' });
    const missing = await api('GET', '/runners/999999/jobs', maintainer);
    expect(missing.json()).toEqual({ message: '404 Runner Not Found' });
  });
});
