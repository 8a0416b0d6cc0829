import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { commitCiConfig } from '../../../../test/support/ci';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';

const CONFIG = [
  'variables:',
  '  DEPLOY_TARGET:',
  '    value: staging',
  '    description: Where the deploy job ships to',
  '    options: [staging, canary, production]',
  '  GREETING:',
  '    value: hello',
  '    description: Said by the build',
  '  LITERAL:',
  '    value: $HOME',
  '    expand: false',
  '  PLAIN: just a value',
  'build:',
  '  script: [echo $GREETING]',
  'web-only:',
  '  script: [echo from the form]',
  '  rules:',
  '    - if: $CI_PIPELINE_SOURCE == "web"',
].join('\n');

/** Rules that keep no job for a pipeline run from the form. */
const NO_JOBS = 'never:\n  script: [x]\n  rules:\n    - if: $CI_PIPELINE_SOURCE == "push"';

describe('the run pipeline form: its config variables and its run', () => {
  let t: TestApp;
  let developer: TestUser;
  let reporter: TestUser;
  let stranger: TestUser;
  let owner: TestUser;
  let project: ProjectContext;

  const get = (user: TestUser | null, query: string) =>
    t.app.inject({
      url: `/${project.fullPath}/-/pipelines/config_variables${query}`,
      headers: user?.headers ?? {},
    });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    developer = await buildUser(t.container);
    reporter = await buildUser(t.container);
    stranger = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
    // A branch made before the configuration: it has none.
    await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${project.project.id}/repository/branches`,
      headers: owner.headers,
      payload: { branch: 'bare', ref: 'main' },
    });
    await commitCiConfig(t.app, owner, project.project.id, CONFIG);
    await commitCiConfig(
      t.app,
      owner,
      project.project.id,
      'build:\n  stage: nowhere\n  script: [x]',
      'broken',
    );
    await commitCiConfig(t.app, owner, project.project.id, NO_JOBS, 'push-only');
  });
  afterAll(() => t.close());

  it('answers the ref’s top-level variables as GitLab does: value, and description, options, raw where given', async () => {
    const response = await get(developer, '?sha_or_ref=main');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      DEPLOY_TARGET: {
        value: 'staging',
        description: 'Where the deploy job ships to',
        options: ['staging', 'canary', 'production'],
      },
      GREETING: { value: 'hello', description: 'Said by the build' },
      LITERAL: { value: '$HOME', raw: true },
      PLAIN: { value: 'just a value' },
    });
    // GitLab's older `sha=` and no ref at all (the default branch) read the same.
    expect((await get(developer, '?sha=main')).json()).toEqual(response.json());
    expect((await get(developer, '')).json()).toEqual(response.json());
  });

  it('answers nothing for a ref without a configuration, an unknown ref, or a configuration that does not hold', async () => {
    for (const ref of ['bare', 'no-such-branch', 'broken']) {
      const response = await get(developer, `?sha_or_ref=${ref}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({});
    }
  });

  it('is not found for whoever may not run pipelines: a Reporter, a stranger, an anonymous visitor', async () => {
    for (const user of [reporter, stranger, null])
      expect((await get(user, '?sha_or_ref=main')).statusCode).toBe(404);
  });

  it('refuses a ref too long to be one with a clear 400', async () => {
    const response = await get(developer, `?sha_or_ref=${'a'.repeat(1025)}`);
    expect(response.statusCode).toBe(400);
  });

  const run = (user: TestUser | null, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/${project.fullPath}/-/pipelines`,
      headers: user?.headers ?? {},
      payload: payload as Record<string, unknown>,
    });
  const count = async () =>
    Number(
      (
        await t.app.inject({
          url: `/api/v4/projects/${project.project.id}/pipelines`,
          headers: owner.headers,
        })
      ).headers['x-total'],
    );

  it('runs a pipeline of source web with the form’s variables, so web-only rules keep their jobs', async () => {
    // The default branch is protected: its Maintainers and Owners run pipelines on it.
    const response = await run(owner, {
      ref: 'main',
      variables_attributes: [
        { key: 'DEPLOY_TARGET', secret_value: 'canary', variable_type: 'env_var' },
        { key: 'KUBECONFIG', secret_value: 'apiVersion: v1', variable_type: 'file' },
      ],
    });
    expect(response.statusCode).toBe(201);
    const pipeline = response.json<{ id: number; source: string; ref: string }>();
    expect(pipeline).toMatchObject({ source: 'web', ref: 'main' });
    const api = `/api/v4/projects/${project.project.id}/pipelines/${pipeline.id}`;
    const variables = await t.app.inject({ url: `${api}/variables`, headers: owner.headers });
    expect(variables.json()).toEqual([
      { key: 'DEPLOY_TARGET', value: 'canary', variable_type: 'env_var' },
      { key: 'KUBECONFIG', value: 'apiVersion: v1', variable_type: 'file' },
    ]);
    const jobs = await t.app.inject({ url: `${api}/jobs`, headers: owner.headers });
    expect(
      jobs
        .json<Array<{ name: string }>>()
        .map((job) => job.name)
        .sort(),
    ).toEqual(['build', 'web-only']);
  });

  it('answers what stopped the pipeline in GitLab’s words, and makes none', async () => {
    const before = await count();
    const cases: Array<[string, string]> = [
      ['no-such-branch', 'Reference not found'],
      ['main', 'Insufficient permissions to create a new pipeline'],
      ['bare', 'Missing CI config file'],
      [
        'push-only',
        'The resulting pipeline would have been empty. Review the rules configuration for the relevant jobs.',
      ],
    ];
    for (const [ref, message] of cases) {
      const response = await run(developer, { ref });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: [message], warnings: [], total_warnings: 0 });
    }
    const badKey = await run(developer, {
      ref: 'main',
      variables_attributes: [{ key: 'NOT A KEY', secret_value: 'x' }],
    });
    expect(badKey.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('lets only those who may run pipelines run one: 404 for a Reporter and a stranger, 401 anonymous', async () => {
    const before = await count();
    expect((await run(reporter, { ref: 'main' })).statusCode).toBe(404);
    expect((await run(stranger, { ref: 'main' })).statusCode).toBe(404);
    expect((await run(null, { ref: 'main' })).statusCode).toBe(401);
    expect(await count()).toBe(before);
  });
});
