import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { Project } from '../../../shared/api/projects';
import type { ProjectContext } from './projects.service';

describe('a project’s general pipeline settings over the API', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner);
  });
  afterAll(() => t.close());

  const url = () => `/api/v4/projects/${project.project.id}`;
  const put = (payload: object) =>
    t.app.inject({ method: 'PUT', url: url(), headers: owner.headers, payload });
  const settings = async () =>
    (await t.app.inject({ method: 'GET', url: url(), headers: owner.headers })).json<Project>();

  it('starts from GitLab’s defaults: an hour, and .gitlab-ci.yml', async () => {
    expect(await settings()).toMatchObject({ build_timeout: 3600, ci_config_path: null });
  });

  it('takes a timeout in seconds (also as text) and a path in the repository', async () => {
    const response = await put({ build_timeout: '5400', ci_config_path: 'ci/pipeline.yml' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ build_timeout: 5400, ci_config_path: 'ci/pipeline.yml' });
    expect(await settings()).toMatchObject({ build_timeout: 5400, ci_config_path: 'ci/pipeline.yml' });
  });

  it('keeps another project’s file as written, and a blank path is the default again', async () => {
    expect((await put({ ci_config_path: 'ci.yml@ops/ci-templates' })).json()).toMatchObject({
      ci_config_path: 'ci.yml@ops/ci-templates',
    });
    expect((await put({ ci_config_path: '' })).json()).toMatchObject({
      ci_config_path: null,
      build_timeout: 5400,
    });
  });

  it.each([
    [{ build_timeout: 599 }, { build_timeout: ['needs to be between 10 minutes and 1 month'] }],
    [{ build_timeout: 2_629_746 }, { build_timeout: ['needs to be between 10 minutes and 1 month'] }],
    [
      { ci_config_path: '/etc/ci.yml' },
      { ci_config_path: ['cannot include leading slash or directory traversal.'] },
    ],
    [
      { ci_config_path: 'ci/../../x.yml' },
      { ci_config_path: ['cannot include leading slash or directory traversal.'] },
    ],
    [
      { ci_config_path: `${'a'.repeat(252)}.yml` },
      { ci_config_path: ['is too long (maximum is 255 characters)'] },
    ],
  ])('refuses %j with GitLab’s message and changes nothing', async (payload, message) => {
    const before = await settings();
    const response = await put({ ...payload, description: 'changed' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await settings()).toEqual(before);
  });

  it('refuses a timeout that is not a whole number', async () => {
    const response = await put({ build_timeout: '1h' });
    expect(response.statusCode).toBe(400);
    expect((await settings()).build_timeout).toBe(5400);
  });
});
