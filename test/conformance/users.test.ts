import { Gitlab } from '@gitbeaker/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../support/factories';
import { gitlabClient } from '../support/gitlab-client';
import { createTestApp, type TestApp } from '../support/test-app';

/** The status of a refused gitbeaker call. */
async function statusOf(call: Promise<unknown>): Promise<number | undefined> {
  try {
    await call;
    return undefined;
  } catch (error) {
    return (error as { cause?: { response?: Response } }).cause?.response?.status;
  }
}

describe('users, personal access tokens and OAuth through @gitbeaker/rest', () => {
  let t: TestApp;
  let url: string;
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
    admin = await buildUser(t.container, { username: 'conformance-admin', admin: true });
    member = await buildUser(t.container, { username: 'conformance-member' });
  });
  afterAll(() => t.close());

  it('shows the current user', async () => {
    const me = await gitlabClient(url, member.token).Users.showCurrentUser();
    expect(me).toMatchObject({
      id: member.id,
      username: 'conformance-member',
      email: 'conformance-member@example.com',
      state: 'active',
      is_admin: false,
      web_url: `${t.config.externalUrl}/conformance-member`,
    });
  });

  it('creates a user as an administrator, and refuses anyone else with 403', async () => {
    const created = await gitlabClient(url, admin.token).Users.create({
      email: 'olga@example.com',
      username: 'olga',
      name: 'Olga Petrova',
      password: 'olga password 1',
      skipConfirmation: true,
    });
    expect(created).toMatchObject({ username: 'olga', name: 'Olga Petrova', email: 'olga@example.com' });
    expect(await gitlabClient(url, admin.token).Users.show(created.id)).toMatchObject({ username: 'olga' });
    const found = await gitlabClient(url, member.token).Users.all({ username: 'olga' });
    expect(found.map((user) => user.id)).toEqual([created.id]);

    const refused = gitlabClient(url, member.token).Users.create({
      email: 'pat@example.com',
      username: 'pat',
      name: 'Pat',
      password: 'pat password 1',
    });
    expect(await statusOf(refused)).toBe(403);
  });

  it('lists, shows and revokes personal access tokens', async () => {
    const adminApi = gitlabClient(url, admin.token);
    const created = await adminApi.PersonalAccessTokens.create(member.id, 'gitbeaker', ['read_api']);
    expect(created).toMatchObject({
      name: 'gitbeaker',
      scopes: ['read_api'],
      user_id: member.id,
      active: true,
    });
    expect(created.token).toMatch(/^glpat-/);

    const tokenApi = gitlabClient(url, created.token);
    expect(await tokenApi.PersonalAccessTokens.show()).toMatchObject({ id: created.id, name: 'gitbeaker' });

    const memberApi = gitlabClient(url, member.token);
    const tokens = await memberApi.PersonalAccessTokens.all();
    expect(tokens.map((token) => token.name).sort()).toEqual(['gitbeaker', 'test']);
    expect(tokens.every((token) => token.user_id === member.id && !('token' in token))).toBe(true);

    await memberApi.PersonalAccessTokens.remove({ tokenId: created.id });
    expect(await statusOf(tokenApi.Users.showCurrentUser())).toBe(401);
    const [revoked] = await memberApi.PersonalAccessTokens.all({ state: 'inactive' });
    expect(revoked).toMatchObject({ id: created.id, revoked: true, active: false });
  });

  it('uses an OAuth token from the password grant as oauthToken', async () => {
    const response = await fetch(`${url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        username: member.username,
        password: member.password,
      }),
    });
    expect(response.status).toBe(200);
    const { access_token: accessToken } = (await response.json()) as { access_token: string };

    const oauthApi = new Gitlab({ host: url, oauthToken: accessToken });
    expect(await oauthApi.Users.showCurrentUser()).toMatchObject({ id: member.id });
    // Only administrators may mint tokens for a user id, OAuth or not.
    expect(await statusOf(oauthApi.Users.createPersonalAccessToken(member.id, 'via oauth', ['api']))).toBe(
      403,
    );
  });
});
