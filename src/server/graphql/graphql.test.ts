import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

describe('GraphQL queries', () => {
  let t: TestApp;
  let alice: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await buildUser(t.container);
  });
  afterAll(() => t.close());

  const query = async (
    text: string,
    variables: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers,
      payload: { query: text, variables },
    });
    return {
      status: response.statusCode,
      body: response.json<{ data?: Record<string, unknown>; errors?: unknown[] }>(),
    };
  };

  it('answers currentUser for a token and null for an anonymous visitor', async () => {
    const signedIn = await query('{ currentUser { id username } }', {}, alice.headers);
    expect(signedIn.body.data).toEqual({
      currentUser: { id: `gid://gitlab/User/${alice.id}`, username: alice.username },
    });
    const anonymous = await query('{ currentUser { id } }');
    expect(anonymous.body.data).toEqual({ currentUser: null });
  });

  it('returns a project to members and null to others, without saying it exists', async () => {
    const project = await buildProject(t.container, alice, { visibility: 'private' });
    const text = 'query($p: ID!) { project(fullPath: $p) { fullPath visibility } }';
    const owner = await query(text, { p: project.fullPath }, alice.headers);
    expect(owner.body.data).toEqual({ project: { fullPath: project.fullPath, visibility: 'private' } });
    const stranger = await buildUser(t.container);
    expect((await query(text, { p: project.fullPath }, stranger.headers)).body.data).toEqual({
      project: null,
    });
    expect((await query(text, { p: project.fullPath })).body.data).toEqual({ project: null });
  });

  it('rejects a malformed query with a 400 and GraphQL errors', async () => {
    const response = await query('{ currentUser { nope } }');
    expect(response.status).toBe(400);
    expect(response.body.errors).toHaveLength(1);
  });
});
