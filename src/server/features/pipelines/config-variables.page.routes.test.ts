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
].join('\n');

describe('the run pipeline form’s config variables', () => {
  let t: TestApp;
  let developer: TestUser;
  let reporter: TestUser;
  let stranger: TestUser;
  let project: ProjectContext;

  const get = (user: TestUser | null, query: string) =>
    t.app.inject({
      url: `/${project.fullPath}/-/pipelines/config_variables${query}`,
      headers: user?.headers ?? {},
    });

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await buildUser(t.container);
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
    await commitCiConfig(t.app, owner, project.project.id, 'build:\n  stage: nowhere\n  script: [x]', 'broken');
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
});
