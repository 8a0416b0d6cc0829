import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';
import { protectionFor, ruleMatches } from './branch-protection';

describe('protected branches API', () => {
  let t: TestApp;
  let owner: TestUser;
  let developer: TestUser;
  let stranger: TestUser;
  let project: ProjectContext;
  const url = (suffix = '') => `/api/v4/projects/${project.project.id}/protected_branches${suffix}`;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    developer = await buildUser(t.container);
    stranger = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'private' });
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
  });
  afterAll(() => t.close());

  it('lists the default branch, protected when the project was created', async () => {
    const response = await t.app.inject({ url: url(), headers: owner.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total']).toBe('1');
    expect(response.json()).toEqual([
      {
        id: expect.any(Number),
        name: 'main',
        push_access_levels: [
          expect.objectContaining({ access_level: 40, access_level_description: 'Maintainers' }),
        ],
        merge_access_levels: [
          expect.objectContaining({ access_level: 40, access_level_description: 'Maintainers' }),
        ],
        unprotect_access_levels: [],
        allow_force_push: false,
        code_owner_approval_required: false,
      },
    ]);
  });

  it('protects a wildcard, shows it by its encoded name, refuses a duplicate and unprotects it', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: owner.headers,
      payload: { name: 'release/*', push_access_level: 30, allow_force_push: true },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'release/*',
      push_access_levels: [{ access_level: 30, access_level_description: 'Developers + Maintainers' }],
      allow_force_push: true,
    });

    const shown = await t.app.inject({
      url: url(`/${encodeURIComponent('release/*')}`),
      headers: owner.headers,
    });
    expect(shown.json()).toMatchObject({ name: 'release/*' });

    const duplicate = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: owner.headers,
      payload: { name: 'release/*' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: "Protected branch 'release/*' already exists" });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: url(`/${encodeURIComponent('release/*')}`),
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    const gone = await t.app.inject({
      url: url(`/${encodeURIComponent('release/*')}`),
      headers: owner.headers,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: '404 Protected Branch Not Found' });
  });

  it('takes its parameters from the query string too, and refuses a bad level or name', async () => {
    const fromQuery = await t.app.inject({
      method: 'POST',
      url: url('?name=hotfix&push_access_level=0'),
      headers: owner.headers,
    });
    expect(fromQuery.statusCode).toBe(201);
    expect(fromQuery.json()).toMatchObject({
      name: 'hotfix',
      push_access_levels: [{ access_level: 0, access_level_description: 'No one' }],
    });

    const badLevel = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: owner.headers,
      payload: { name: 'x', push_access_level: 35 },
    });
    expect(badLevel.statusCode).toBe(400);
    const badName = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: owner.headers,
      payload: { name: 'a..b' },
    });
    expect(badName.statusCode).toBe(400);
    expect(badName.json()).toEqual({ message: 'Name is invalid' });
  });

  it('requires approval from code owners when asked on create or by PATCH, and says so', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: owner.headers,
      payload: { name: 'stable/*', code_owner_approval_required: true },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'stable/*', code_owner_approval_required: true });
    expect(await t.container.protectedBranches.protectionOf(project.project.id, 'stable/1')).toMatchObject({
      codeOwnerApprovalRequired: true,
    });

    const patch = (name: string, query: string, headers = owner.headers) =>
      t.app.inject({ method: 'PATCH', url: url(`/${encodeURIComponent(name)}${query}`), headers });
    const off = await patch('stable/*', '?code_owner_approval_required=false');
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ code_owner_approval_required: false, allow_force_push: false });
    const on = await t.app.inject({
      method: 'PATCH',
      url: url('/main'),
      headers: owner.headers,
      payload: { code_owner_approval_required: 'true' },
    });
    expect(on.json()).toMatchObject({ name: 'main', code_owner_approval_required: true });
    expect((await t.app.inject({ url: url('/main'), headers: owner.headers })).json()).toMatchObject({
      code_owner_approval_required: true,
    });

    const bad = await patch('main', '?code_owner_approval_required=maybe');
    expect(bad.statusCode).toBe(400);
    const missing = await patch('nope', '?code_owner_approval_required=true');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: '404 Protected Branch Not Found' });
    const byDeveloper = await patch('main', '?code_owner_approval_required=false', developer.headers);
    expect(byDeveloper.statusCode).toBe(403);
    expect(await t.container.protectedBranches.protectionOf(project.project.id, 'main')).toMatchObject({
      codeOwnerApprovalRequired: true,
    });
  });

  it('is for Maintainers: 403 for a Developer, 404 for a non-member, 401 for anonymous', async () => {
    expect((await t.app.inject({ url: url(), headers: developer.headers })).statusCode).toBe(403);
    const hidden = await t.app.inject({ url: url(), headers: stranger.headers });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: '404 Project Not Found' });
    const post = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: developer.headers,
      payload: { name: 'dev/*' },
    });
    expect(post.statusCode).toBe(403);
  });

  it('matches wildcards across slashes and takes the most permissive matching rule', () => {
    expect(ruleMatches('release/*', 'release/1/2')).toBe(true);
    expect(ruleMatches('release/*', 'releases/1')).toBe(false);
    expect(ruleMatches('*-stable', 'v1-stable')).toBe(true);
    expect(ruleMatches('a.b', 'axb')).toBe(false);
    const rules = [
      {
        name: 'release/*',
        pushAccessLevel: 40,
        mergeAccessLevel: 40,
        allowForcePush: false,
        codeOwnerApprovalRequired: true,
      },
      {
        name: 'release/1',
        pushAccessLevel: 30,
        mergeAccessLevel: 0,
        allowForcePush: true,
        codeOwnerApprovalRequired: false,
      },
    ];
    expect(protectionFor(rules, 'release/1')).toEqual({
      pushAccessLevel: 30,
      mergeAccessLevel: 40,
      allowForcePush: true,
      codeOwnerApprovalRequired: true,
    });
    expect(protectionFor(rules, 'main')).toBeNull();
  });
});
