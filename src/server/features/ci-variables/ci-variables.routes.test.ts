import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { commitCiConfig, instanceRunnerToken } from '../../../../test/support/ci';
import { fakeRunner } from '../../../../test/support/fake-runner';
import {
  addGroupMember,
  addProjectMember,
  buildProject,
  buildUser,
  type TestUser,
} from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';

const CONFIG = [
  'workflow:',
  '  rules:',
  '    - if: $CI_PIPELINE_SOURCE != "push"',
  'job:',
  '  script: [env]',
].join('\n');

type Variable = {
  key: string;
  value: string;
  masked: boolean;
  protected: boolean;
  environment_scope: string;
};
type RunnerVariable = { key: string; value: string; public: boolean; masked: boolean; file?: boolean };

describe('CI/CD variables of projects and groups: who manages them, GitLab’s rules, what jobs get', () => {
  let t: TestApp;
  let owner: TestUser;
  let maintainer: TestUser;
  let developer: TestUser;
  let group: { group: { id: number; fullPath: string } };
  let project: ProjectContext;

  const url = (path: string) => `/api/v4/projects/${project.project.id}${path}`;
  const groupUrl = (path: string) => `/api/v4/groups/${group.group.id}${path}`;
  const send = (user: TestUser, method: 'POST' | 'PUT' | 'DELETE' | 'GET', path: string, payload?: object) =>
    t.app.inject({ method, url: path, headers: user.headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    maintainer = await buildUser(t.container);
    developer = await buildUser(t.container);
    group = await t.container.groups.createGroup(owner, { name: 'Shop', path: `shop-${Date.now()}` });
    await addGroupMember(t.container, group, maintainer, ACCESS_LEVELS.maintainer);
    project = await buildProject(t.container, owner, { namespace_id: group.group.id });
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    await commitCiConfig(t.app, owner, project.project.id, CONFIG);
    await commitCiConfig(t.app, owner, project.project.id, CONFIG, 'feature');
  });
  afterAll(() => t.close());

  it('lets Maintainers create, read, update and delete project variables; a Developer gets 403', async () => {
    const created = await send(maintainer, 'POST', url('/variables'), {
      key: 'DEPLOY_TOKEN',
      value: 'abcdefgh1234',
      masked: true,
      description: 'for deploys',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      variable_type: 'env_var',
      key: 'DEPLOY_TOKEN',
      value: 'abcdefgh1234',
      hidden: false,
      protected: false,
      masked: true,
      raw: false,
      environment_scope: '*',
      description: 'for deploys',
    });
    for (const [method, path] of [
      ['GET', url('/variables')],
      ['GET', url('/variables/DEPLOY_TOKEN')],
      ['POST', url('/variables')],
      ['PUT', url('/variables/DEPLOY_TOKEN')],
      ['DELETE', url('/variables/DEPLOY_TOKEN')],
    ] as const)
      expect((await send(developer, method, path, { key: 'X', value: 'y' })).statusCode).toBe(403);

    const updated = await send(maintainer, 'PUT', url('/variables/DEPLOY_TOKEN'), { value: 'zyxwvuts9876' });
    expect(updated.json()).toMatchObject({ key: 'DEPLOY_TOKEN', value: 'zyxwvuts9876', masked: true });
    const listed = await send(maintainer, 'GET', url('/variables'));
    expect(listed.json<Variable[]>().map((variable) => variable.key)).toEqual(['DEPLOY_TOKEN']);
    expect((await send(maintainer, 'DELETE', url('/variables/DEPLOY_TOKEN'))).statusCode).toBe(204);
    const gone = await send(maintainer, 'GET', url('/variables/DEPLOY_TOKEN'));
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: '404 Variable Not Found' });
  });

  it('refuses values that cannot be masked, bad keys and taken keys in GitLab’s words', async () => {
    for (const value of ['short', 'has a space', 'two\nlines!', 'ref$OTHER1'])
      expect(
        (await send(maintainer, 'POST', url('/variables'), { key: 'SECRET', value, masked: true })).json(),
      ).toEqual({
        message: { value: ['is invalid'] },
      });
    expect(
      (await send(maintainer, 'POST', url('/variables'), { key: 'BAD-KEY', value: 'x' })).json(),
    ).toEqual({
      message: { key: ["can contain only letters, digits and '_'."] },
    });
    expect((await send(maintainer, 'POST', url('/variables'), { key: 'TAKEN', value: 'x' })).statusCode).toBe(
      201,
    );
    const taken = await send(maintainer, 'POST', url('/variables'), { key: 'TAKEN', value: 'y' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ message: { key: ['(TAKEN) has already been taken'] } });
    // The same key in another environment scope is another variable; then the key alone is ambiguous.
    const scoped = await send(maintainer, 'POST', url('/variables'), {
      key: 'TAKEN',
      value: 'z',
      environment_scope: 'production',
    });
    expect(scoped.statusCode).toBe(201);
    const ambiguous = await send(maintainer, 'GET', url('/variables/TAKEN'));
    expect(ambiguous.statusCode).toBe(409);
    const filtered = await send(
      maintainer,
      'GET',
      url('/variables/TAKEN?filter[environment_scope]=production'),
    );
    expect(filtered.json()).toMatchObject({ value: 'z', environment_scope: 'production' });
    await send(maintainer, 'DELETE', url('/variables/TAKEN?filter[environment_scope]=production'));
    await send(maintainer, 'DELETE', url('/variables/TAKEN'));
  });

  it('lets only a group’s Owners manage its variables', async () => {
    const byMaintainer = await send(maintainer, 'POST', groupUrl('/variables'), {
      key: 'GROUP_VAR',
      value: 'g',
    });
    expect(byMaintainer.statusCode).toBe(403);
    const created = await send(owner, 'POST', groupUrl('/variables'), {
      key: 'GROUP_VAR',
      value: 'from the group',
      variable_type: 'file',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ key: 'GROUP_VAR', variable_type: 'file' });
    await send(owner, 'POST', groupUrl('/variables'), { key: 'OVERRIDDEN', value: 'by the group' });
    expect((await send(owner, 'GET', groupUrl('/variables'))).json<Variable[]>()).toHaveLength(2);
  });

  it('hands jobs the group’s and project’s variables, protected ones only on a protected branch', async () => {
    await send(maintainer, 'POST', url('/variables'), {
      key: 'MASKED_ONE',
      value: 'hunter2hunter2',
      masked: true,
    });
    await send(maintainer, 'POST', url('/variables'), {
      key: 'PROD_KEY',
      value: 'protected-value',
      protected: true,
    });
    await send(maintainer, 'POST', url('/variables'), { key: 'OVERRIDDEN', value: 'the project wins' });
    const runner = fakeRunner(t.app, await instanceRunnerToken(t.container));

    const onFeature = await send(developer, 'POST', url('/pipeline'), { ref: 'feature' });
    expect(onFeature.statusCode, onFeature.body).toBe(201);
    const featureJob = await runner.take();
    const featureVariables = featureJob.variables as RunnerVariable[];
    expect(featureVariables).toContainEqual({
      key: 'MASKED_ONE',
      value: 'hunter2hunter2',
      public: false,
      masked: true,
    });
    expect(featureVariables.map((variable) => variable.key)).not.toContain('PROD_KEY');
    expect(featureVariables.filter((variable) => variable.key === 'GROUP_VAR')).toEqual([
      { key: 'GROUP_VAR', value: 'from the group', public: false, masked: false, file: true },
    ]);
    // A project's variable wins over its group's of the same key.
    expect(featureVariables.filter((variable) => variable.key === 'OVERRIDDEN')).toEqual([
      { key: 'OVERRIDDEN', value: 'the project wins', public: false, masked: false },
    ]);
    await runner.finish(featureJob, 'success');

    const onMain = await send(owner, 'POST', url('/pipeline'), { ref: 'main' });
    expect(onMain.statusCode, onMain.body).toBe(201);
    const mainJob = await runner.take();
    expect(mainJob.variables as RunnerVariable[]).toContainEqual({
      key: 'PROD_KEY',
      value: 'protected-value',
      public: false,
      masked: false,
    });
    // The server masks the log too, whatever the runner sent.
    await runner.log(mainJob, 'token is hunter2hunter2\n');
    await runner.finish(mainJob, 'success');
    const trace = await send(owner, 'GET', url(`/jobs/${mainJob.id}/trace`));
    expect(trace.body).toBe('token is [MASKED]\n');
  });

  it('gives a variable scoped to an environment only to the jobs that deploy there', async () => {
    const config = [
      'workflow:',
      '  rules:',
      '    - if: $CI_PIPELINE_SOURCE != "push"',
      'plain:',
      '  script: [env]',
      'deploy:',
      '  script: [env]',
      '  environment: production',
      'review:',
      '  script: [env]',
      '  environment: review/$CI_COMMIT_REF_SLUG',
    ].join('\n');
    await commitCiConfig(t.app, owner, project.project.id, config, 'envs');
    await send(maintainer, 'POST', url('/variables'), {
      key: 'DB_URL',
      value: 'prod-db',
      environment_scope: 'production',
    });
    await send(maintainer, 'POST', url('/variables'), {
      key: 'DB_URL',
      value: 'review-db',
      environment_scope: 'review/*',
    });
    const runner = fakeRunner(t.app, await instanceRunnerToken(t.container));
    expect((await send(owner, 'POST', url('/pipeline'), { ref: 'envs' })).statusCode).toBe(201);
    const seen: Record<string, string | undefined> = {};
    for (let taken = 0; taken < 3; taken++) {
      const job = await runner.take();
      seen[job.name] = (job.variables as RunnerVariable[]).find(
        (variable) => variable.key === 'DB_URL',
      )?.value;
      await runner.finish(job, 'success');
    }
    expect(seen).toEqual({ plain: undefined, deploy: 'prod-db', review: 'review-db' });
  });
});
