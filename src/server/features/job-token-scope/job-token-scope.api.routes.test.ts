import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../projects/projects.service';
import { addProjectMember, buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';

describe('job token scope API', () => {
  let t: TestApp;
  let owner: TestUser;
  let developer: TestUser;
  let project: ProjectContext;
  let source: ProjectContext;

  const call = (method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string, user: TestUser, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v4/projects/${project.project.id}/job_token_scope${url}`,
      headers: user.headers,
      payload,
    });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    developer = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    source = await buildProject(t.container, owner);
    await addProjectMember(t.container, project, developer, 30);
  });
  afterAll(() => t?.close());

  it('answers the inbound limit, on by default, and turns it off with `enabled`', async () => {
    expect((await call('GET', '', owner)).json()).toEqual({ inbound_enabled: true, outbound_enabled: false });
    const patched = await call('PATCH', '', owner, { enabled: false });
    expect(patched.statusCode).toBe(204);
    expect(patched.body).toBe('');
    expect((await call('GET', '', owner)).json()).toEqual({
      inbound_enabled: false,
      outbound_enabled: false,
    });
    await call('PATCH', '', owner, { enabled: true });
    expect((await call('GET', '', owner)).json()).toMatchObject({ inbound_enabled: true });
  });

  it('lists, adds and removes allowlisted projects; a second add is a 400; an unknown project a 404', async () => {
    expect((await call('GET', '/allowlist', owner)).json()).toEqual([]);
    const added = await call('POST', '/allowlist', owner, { target_project_id: source.project.id });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({
      source_project_id: project.project.id,
      target_project_id: source.project.id,
    });
    const again = await call('POST', '/allowlist', owner, { target_project_id: source.project.id });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: '400 Bad request - Target project is already in the job token scope',
    });
    const missing = await call('POST', '/allowlist', owner, { target_project_id: 2_000_000 });
    expect(missing.statusCode).toBe(404);
    const listed = await call('GET', '/allowlist', owner);
    expect(listed.headers['x-total']).toBe('1');
    expect(listed.json()).toMatchObject([{ id: source.project.id, path_with_namespace: source.fullPath }]);
    expect((await call('DELETE', `/allowlist/${source.project.id}`, owner)).statusCode).toBe(204);
    expect((await call('DELETE', `/allowlist/${source.project.id}`, owner)).statusCode).toBe(404);
    expect((await call('GET', '/allowlist', owner)).json()).toEqual([]);
  });

  it('is for Maintainers: a Developer gets 403 and nothing changes', async () => {
    expect((await call('GET', '', developer)).statusCode).toBe(403);
    expect((await call('PATCH', '', developer, { enabled: false })).statusCode).toBe(403);
    expect(
      (await call('POST', '/allowlist', developer, { target_project_id: source.project.id })).statusCode,
    ).toBe(403);
    expect((await call('GET', '', owner)).json()).toMatchObject({ inbound_enabled: true });
    expect((await call('GET', '/allowlist', owner)).json()).toEqual([]);
  });
});
