import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { buildMergeRequest } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Two app processes on one PostgreSQL database, as behind a load balancer: a limit counted in one
 * process's memory would let each process allow its own share, so a client spreading its
 * requests over both got twice as many through.
 */
describe('rate limits shared by two app processes', () => {
  let first: TestApp;
  let second: TestApp;
  let owner: TestUser;
  let notesUrl: string;

  beforeAll(async () => {
    const env = { NOTES_CREATE_LIMIT: '4' };
    first = await createTestApp({ env });
    second = await createTestApp({ shareWith: first, env });
    owner = await buildUser(first.container);
    const project = await buildProject(first.container, owner);
    const created = await buildMergeRequest(first.container, owner, project);
    notesUrl = `/api/v4/projects/${project.project.id}/merge_requests/${created.mergeRequest.iid}/notes`;
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('lets one user post 4 notes a minute through both processes together, however they race', async () => {
    const statuses = (
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? first : second).app.inject({
            method: 'POST',
            url: notesUrl,
            headers: owner.headers,
            payload: { body: `Note ${i}` },
          }),
        ),
      )
    ).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });

  it('counts guesses at one account in both processes', async () => {
    const victim = await buildUser(first.container);
    const statuses = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (
          await (i % 2 ? first : second).app.inject({
            method: 'POST',
            url: '/users/sign_in',
            remoteAddress: `192.0.2.${i}`,
            payload: { login: victim.username, password: 'wrong' },
          })
        ).statusCode,
      );
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
  });
});
