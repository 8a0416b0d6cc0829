import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

/** Input that never reaches a feature: the body limit, broken JSON, fields nobody asked for. */
describe('bad input at the edge of the API', () => {
  let t: TestApp;
  let alice: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await buildUser(t.container);
  });
  afterAll(() => t.close());

  const projectCount = async () =>
    (await t.app.inject({ url: '/api/v4/projects?owned=true', headers: alice.headers })).json<unknown[]>()
      .length;

  it('refuses a body over 2 MiB with 413 and a message, writing nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v4/projects',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'huge', description: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: '413 Request Entity Too Large' });
    expect(await projectCount()).toBe(0);
  });

  it('refuses malformed JSON with 400 and a message, writing nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v4/projects',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: '{"name": "broken"',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/JSON/i);
    expect(await projectCount()).toBe(0);
  });

  it('ignores a field it does not know, as GitLab does, and refuses a known one with a bad value', async () => {
    const ignored = await t.app.inject({
      method: 'POST',
      url: '/api/v4/projects',
      headers: alice.headers,
      payload: { name: 'Known', shiny_new_option: true },
    });
    expect(ignored.statusCode).toBe(201);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v4/projects',
      headers: alice.headers,
      payload: { name: 'Other', visibility: 'secret' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'visibility does not have a valid value' });
    expect(await projectCount()).toBe(1);
  });
});
