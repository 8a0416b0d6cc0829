import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../../src/server/features/projects/projects.service';
import { commitCiConfig } from '../../support/ci';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * The variables a pipeline was run with may hold secrets: GitLab shows them (REST, and the
 * pipeline page's Manual variables tab) to Maintainers and to whoever ran the pipeline while they
 * may still run it, and to nobody else.
 */
describe('the variables a pipeline was run with', () => {
  let t: TestApp;
  let owner: TestUser;
  let maintainer: TestUser;
  let runner: TestUser;
  let otherDeveloper: TestUser;
  let reporter: TestUser;
  let project: ProjectContext;
  let withVariables: number;
  let without: number;

  const variablesOf = (user: TestUser | null, pipelineId: number) =>
    t.app.inject({
      url: `/api/v4/projects/${project.project.id}/pipelines/${pipelineId}/variables`,
      headers: user?.headers ?? {},
    });
  const pageOf = async (user: TestUser, pipelineId: number) =>
    (
      await t.app.inject({
        url: `/${project.fullPath}/-/pipelines/${pipelineId}.json`,
        headers: user.headers,
      })
    ).json<{ manual_variables_count: number | null }>();

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    [maintainer, runner, otherDeveloper, reporter] = await Promise.all([
      buildUser(t.container),
      buildUser(t.container),
      buildUser(t.container),
      buildUser(t.container),
    ]);
    project = await buildProject(t.container, owner, { visibility: 'public' });
    await addProjectMember(t.container, project, maintainer, 40);
    await addProjectMember(t.container, project, runner, 30);
    await addProjectMember(t.container, project, otherDeveloper, 30);
    await addProjectMember(t.container, project, reporter, 20);
    // `main` is protected from Developers, as a new project's default branch is.
    await commitCiConfig(t.app, owner, project.project.id, 'build:\n  script: [echo]', 'feature');
    const run = async (variables?: unknown[]) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v4/projects/${project.project.id}/pipeline`,
        headers: runner.headers,
        payload: { ref: 'feature', ...(variables ? { variables } : {}) },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>().id;
    };
    withVariables = await run([
      { key: 'DEPLOY_TOKEN', value: 's3cret' },
      { key: 'CONFIG', value: 'a: 1', variable_type: 'file' },
    ]);
    without = await run();
  });
  afterAll(() => t.close());

  it('answers them in GitLab’s shape to whoever ran the pipeline and to Maintainers', async () => {
    for (const user of [runner, maintainer, owner]) {
      const response = await variablesOf(user, withVariables);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        { key: 'DEPLOY_TOKEN', value: 's3cret', variable_type: 'env_var' },
        { key: 'CONFIG', value: 'a: 1', variable_type: 'file' },
      ]);
    }
    expect((await variablesOf(runner, without)).json()).toEqual([]);
  });

  it('refuses another Developer and a Reporter (403), who read the pipeline itself', async () => {
    for (const user of [otherDeveloper, reporter]) {
      expect((await variablesOf(user, withVariables)).statusCode).toBe(403);
      expect((await pageOf(user, withVariables)).manual_variables_count).toBeNull();
    }
    expect((await variablesOf(null, withVariables)).statusCode).toBe(403);
  });

  it('refuses whoever ran it once they may no longer run pipelines on its branch', async () => {
    const protect = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/protected_branches`,
      headers: owner.headers,
      payload: { name: 'feature', push_access_level: 40, merge_access_level: 40 },
    });
    expect(protect.statusCode).toBe(201);
    expect((await variablesOf(runner, withVariables)).statusCode).toBe(403);
    expect((await variablesOf(maintainer, withVariables)).statusCode).toBe(200);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v4/projects/${project.project.id}/protected_branches/feature`,
      headers: owner.headers,
    });
    expect((await variablesOf(runner, withVariables)).statusCode).toBe(200);
  });

  it('counts them on the pipeline page for those who may read them', async () => {
    expect((await pageOf(runner, withVariables)).manual_variables_count).toBe(2);
    expect((await pageOf(maintainer, without)).manual_variables_count).toBe(0);
  });

  it('answers 404 for a pipeline of another project or none', async () => {
    expect((await variablesOf(owner, 999_999)).statusCode).toBe(404);
  });
});
