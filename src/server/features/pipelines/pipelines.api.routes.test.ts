import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { commitCiConfig } from '../../../../test/support/ci';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';

const CONFIG = [
  'workflow:',
  '  rules:',
  '    - if: $CI_PIPELINE_SOURCE != "push"',
  'job:',
  '  script: [echo]',
].join('\n');

describe('the pipelines API: who may do what, and what bad input gets', () => {
  let t: TestApp;
  let owner: TestUser;
  let developer: TestUser;
  let reporter: TestUser;
  let stranger: TestUser;
  let project: ProjectContext;

  const url = (path: string) => `/api/v4/projects/${project.project.id}${path}`;
  const create = (user: TestUser | null, payload: object) =>
    t.app.inject({ method: 'POST', url: url('/pipeline'), headers: user?.headers ?? {}, payload });
  const count = async () =>
    Number((await t.app.inject({ url: url('/pipelines'), headers: owner.headers })).headers['x-total']);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    developer = await buildUser(t.container);
    reporter = await buildUser(t.container);
    stranger = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
    await commitCiConfig(t.app, owner, project.project.id, CONFIG);
    await commitCiConfig(t.app, owner, project.project.id, CONFIG, 'feature');
  });
  afterAll(() => t.close());

  it('runs a pipeline for Developers on an unprotected branch, not on a protected one, nor for Reporters', async () => {
    const feature = await create(developer, { ref: 'feature' });
    expect(feature.statusCode, feature.body).toBe(201);
    expect(feature.json()).toMatchObject({ ref: 'feature', source: 'api', status: 'pending' });
    const before = await count();
    const main = await create(developer, { ref: 'main' });
    expect(main.statusCode).toBe(400);
    expect(main.json()).toEqual({ message: { base: ['Insufficient permissions to create a new pipeline'] } });
    const byReporter = await create(reporter, { ref: 'feature' });
    expect(byReporter.statusCode).toBe(403);
    expect(byReporter.json()).toEqual({ message: '403 Forbidden' });
    expect((await create(null, { ref: 'feature' })).statusCode).toBe(401);
    expect((await create(stranger, { ref: 'feature' })).json()).toEqual({ message: '404 Project Not Found' });
    expect(await count()).toBe(before);
  });

  it('refuses a pipeline for a ref that does not exist or has no configuration, writing nothing', async () => {
    const before = await count();
    const unknown = await create(owner, { ref: 'nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: { base: ['Reference not found'] } });
    await t.app.inject({
      method: 'POST',
      url: url('/repository/branches'),
      headers: owner.headers,
      payload: { branch: 'bare', ref: project.project.defaultBranch },
    });
    await t.app.inject({
      method: 'DELETE',
      url: url('/repository/files/.gitlab-ci.yml'),
      headers: owner.headers,
      payload: { branch: 'bare', commit_message: 'No CI' },
    });
    const missing = await create(owner, { ref: 'bare' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: { base: ['Missing CI config file'] } });
    const noRef = await create(owner, {});
    expect(noRef.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('answers the errors of a configuration that does not hold, and keeps its failed pipeline', async () => {
    await commitCiConfig(t.app, owner, project.project.id, 'build:\n  script: 123', 'broken');
    const before = await count();
    const response = await create(owner, { ref: 'broken' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: {
        base: [
          'jobs:build:script config should be a string or a nested array of strings up to 10 levels deep',
        ],
      },
    });
    expect(await count()).toBe(before + 1);
    const [failed] = (
      await t.app.inject({ url: url('/pipelines?ref=broken&scope=finished'), headers: owner.headers })
    ).json<Array<{ status: string }>>();
    expect(failed).toMatchObject({ status: 'failed' });
  });

  it('lists pipelines with filters, order and GitLab’s page headers, to members who may read the code', async () => {
    const page = await t.app.inject({
      url: url('/pipelines?per_page=1&order_by=id&sort=asc'),
      headers: reporter.headers,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers).toMatchObject({ 'x-page': '1', 'x-per-page': '1', 'x-next-page': '2' });
    const all = (await t.app.inject({ url: url('/pipelines'), headers: owner.headers })).json<
      Array<{ id: number; ref: string }>
    >();
    expect(all.map((pipeline) => pipeline.id)).toEqual(
      [...all.map((pipeline) => pipeline.id)].sort((a, b) => b - a),
    );
    const byUser = await t.app.inject({
      url: url(`/pipelines?username=${developer.username}`),
      headers: owner.headers,
    });
    expect(byUser.json<Array<{ ref: string }>>().map((pipeline) => pipeline.ref)).toEqual(['feature']);
    const branches = await t.app.inject({ url: url('/pipelines?scope=branches'), headers: owner.headers });
    expect(new Set(branches.json<Array<{ ref: string }>>().map((pipeline) => pipeline.ref)).size).toBe(
      branches.json<unknown[]>().length,
    );
    const bad = await t.app.inject({ url: url('/pipelines?scope=everything'), headers: owner.headers });
    expect(bad.statusCode).toBe(400);
    const hidden = await t.app.inject({ url: url('/pipelines'), headers: stranger.headers });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: '404 Project Not Found' });
    const other = await buildProject(t.container, owner);
    const elsewhere = await t.app.inject({
      url: `/api/v4/projects/${other.project.id}/pipelines/${all[0]!.id}`,
      headers: owner.headers,
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('leaves a skipped pipeline, with no jobs, for a push whose commit says [skip ci]', async () => {
    const sha = await commitCiConfig(
      t.app,
      owner,
      project.project.id,
      'job:\n  script: [echo]\n',
      'skipping',
      'Docs only [skip ci]',
    );
    const [skipped] = (
      await t.app.inject({ url: url(`/pipelines?sha=${sha}`), headers: owner.headers })
    ).json<Array<{ id: number; status: string; source: string }>>();
    expect(skipped).toMatchObject({ status: 'skipped', source: 'push' });
    const jobs = await t.app.inject({ url: url(`/pipelines/${skipped!.id}/jobs`), headers: owner.headers });
    expect(jobs.json()).toEqual([]);
    const byApi = await create(owner, { ref: 'skipping' });
    expect(byApi.json()).toMatchObject({ status: 'pending', source: 'api' });
  });

  it('lets Developers cancel jobs, not Reporters', async () => {
    const pipeline = (await create(developer, { ref: 'feature' })).json<{ id: number }>();
    const [job] = (
      await t.app.inject({ url: url(`/pipelines/${pipeline.id}/jobs`), headers: reporter.headers })
    ).json<Array<{ id: number }>>();
    const refused = await t.app.inject({
      method: 'POST',
      url: url(`/jobs/${job!.id}/cancel`),
      headers: reporter.headers,
    });
    expect(refused.statusCode).toBe(403);
    const canceled = await t.app.inject({
      method: 'POST',
      url: url(`/jobs/${job!.id}/cancel`),
      headers: developer.headers,
    });
    expect(canceled.statusCode).toBe(201);
    expect(canceled.json()).toMatchObject({ id: job!.id, status: 'canceled' });
    const after = (
      await t.app.inject({ url: url(`/pipelines/${pipeline.id}`), headers: reporter.headers })
    ).json();
    expect(after).toMatchObject({ status: 'canceled' });
  });

  it('lints for Developers only', async () => {
    const lint = (user: TestUser) =>
      t.app.inject({
        method: 'POST',
        url: url('/ci/lint'),
        headers: user.headers,
        payload: { content: CONFIG },
      });
    expect((await lint(developer)).json()).toMatchObject({ valid: true, errors: [], warnings: [] });
    expect((await lint(reporter)).statusCode).toBe(403);
  });
});
