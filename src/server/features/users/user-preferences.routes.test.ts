import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';

describe('user diff preferences API', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await buildUser(t.container);
  });
  afterAll(() => t.close());

  const url = '/api/v4/user/preferences';

  it('starts with whitespace shown and all files on one page', async () => {
    const response = await t.app.inject({ method: 'GET', url, headers: user.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user_id: user.id,
      show_whitespace_in_diffs: true,
      view_diffs_file_by_file: false,
    });
  });

  it('saves each preference on its own, as JSON or form text', async () => {
    const first = await t.app.inject({
      method: 'PUT',
      url,
      headers: user.headers,
      payload: { view_diffs_file_by_file: true },
    });
    expect(first.json()).toMatchObject({ show_whitespace_in_diffs: true, view_diffs_file_by_file: true });
    const second = await t.app.inject({
      method: 'PUT',
      url,
      headers: user.headers,
      payload: { show_whitespace_in_diffs: 'false' },
    });
    expect(second.json()).toMatchObject({ show_whitespace_in_diffs: false, view_diffs_file_by_file: true });
    const read = await t.app.inject({ method: 'GET', url, headers: user.headers });
    expect(read.json()).toMatchObject({ show_whitespace_in_diffs: false, view_diffs_file_by_file: true });
  });

  it('refuses a malformed value and writes nothing', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url,
      headers: user.headers,
      payload: { view_diffs_file_by_file: 'maybe' },
    });
    expect(response.statusCode).toBe(400);
    const read = await t.app.inject({ method: 'GET', url, headers: user.headers });
    expect(read.json()).toMatchObject({ view_diffs_file_by_file: true });
  });

  it('saves nothing for a signed-out visitor: 401', async () => {
    const response = await t.app.inject({ method: 'PUT', url, payload: { show_whitespace_in_diffs: false } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: '401 Unauthorized' });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
