import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { draftNotes, issues, mergeRequests, notes } from '../../../src/server/db/schema';
import type { ProjectContext } from '../../../src/server/features/projects/projects.service';
import { buildProject, buildUser, type TestUser } from '../../support/factories';
import { buildMergeRequest, pushFile } from '../../support/merge-request-factories';
import { createTestApp, type TestApp } from '../../support/test-app';

/** A clock the test moves by hand. */
const pinnedClock = (start: string) => {
  let now = new Date(start);
  return { now: () => now, advance: (seconds: number) => (now = new Date(now.getTime() + seconds * 1000)) };
};

const basicAuth = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

const TOO_MANY = 'This endpoint has been requested too many times. Try again later.';

describe('client addresses behind proxies (TRUSTED_PROXIES)', () => {
  const clock = pinnedClock('2031-06-01T12:00:00Z');
  const lines: string[] = [];
  let t: TestApp;
  let victim: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ clock, logTo: { write: (line) => lines.push(line) } });
    victim = await buildUser(t.container);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock.advance(3600);
    lines.length = 0;
  });

  const signIn = (login: string, password: string, remoteAddress: string, forwardedFor?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/users/sign_in',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: { login, password },
    });
  const loggedAddresses = () =>
    lines
      .map((line) => JSON.parse(line) as { url?: string; remoteAddress?: string })
      .filter((entry) => entry.url === '/users/sign_in')
      .map((entry) => entry.remoteAddress);

  it('ignores X-Forwarded-For from a client that is no proxy: a new forged address per guess is still limited, and the log shows the real one', async () => {
    // One guess at each of 31 logins, each claiming another address: the address's 30 failures a minute hold.
    const statuses = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await signIn(`guess-${i}`, 'wrong', '203.0.113.50', `198.51.100.${i}`)).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect(new Set(loggedAddresses())).toEqual(new Set(['203.0.113.50']));
  });

  it('believes X-Forwarded-For from a trusted proxy (loopback by default): the client it names is limited and logged', async () => {
    for (let i = 0; i < 30; i++)
      expect((await signIn(`proxied-${i}`, 'wrong', '127.0.0.1', '198.51.100.77')).statusCode).toBe(401);
    expect((await signIn('proxied-x', 'wrong', '127.0.0.1', '198.51.100.77')).statusCode).toBe(429);
    // Another client behind the same proxy is not.
    expect((await signIn('proxied-y', 'wrong', '127.0.0.1', '198.51.100.78')).statusCode).toBe(401);
    expect(new Set(loggedAddresses())).toEqual(new Set(['198.51.100.77', '198.51.100.78']));
  });

  it('limits guesses at one account from 30 addresses to 10, on every sign-in path, until ten minutes have passed', async () => {
    const project = await buildProject(t.container, victim, { visibility: 'private' });
    const attempts = [
      // The sign-in page, OAuth's password grant and git over HTTP with a password, in turn.
      (ip: string) => signIn(victim.username, 'wrong', '127.0.0.1', ip),
      (ip: string) =>
        t.app.inject({
          method: 'POST',
          url: '/oauth/token',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': ip },
          payload: { grant_type: 'password', username: victim.username, password: 'wrong' },
        }),
      (ip: string) =>
        t.app.inject({
          url: `/${project.fullPath}.git/info/refs?service=git-upload-pack`,
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': ip, authorization: basicAuth(victim.username, 'wrong') },
        }),
    ];
    const statuses = [];
    for (let i = 0; i < 30; i++) statuses.push((await attempts[i % 3]!(`192.0.2.${i}`)).statusCode);
    // The page and git answer a wrong password 401, OAuth 400 (`invalid_grant`).
    expect(statuses.slice(0, 10)).toEqual([401, 400, 401, 401, 400, 401, 401, 400, 401, 401]);
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));

    const git = await attempts[2]!('192.0.2.200');
    expect(git.statusCode).toBe(429);
    expect(git.headers['retry-after']).toBe('600');
    clock.advance(600);
    expect((await signIn(victim.username, victim.password, '127.0.0.1', '192.0.2.201')).statusCode).toBe(200);
  });

  it('trusts only the proxies configured, and none when TRUSTED_PROXIES is empty', async () => {
    expect(loadConfig({ TRUSTED_PROXIES: '10.1.0.0/16, 192.0.2.9' }).trustedProxies).toEqual([
      '10.1.0.0/16',
      '192.0.2.9',
    ]);
    expect(loadConfig({}).trustedProxies).toEqual(['loopback']);
    expect(() => loadConfig({ TRUSTED_PROXIES: 'proxy.example.com' })).toThrow('TRUSTED_PROXIES');
    const seen: string[] = [];
    const logTo = {
      write: (line: string) => void seen.push((JSON.parse(line) as { remoteAddress: string }).remoteAddress),
    };
    const configured = await createTestApp({ env: { TRUSTED_PROXIES: '10.1.0.0/16' }, logTo });
    const none = await createTestApp({ env: { TRUSTED_PROXIES: '' }, logTo });
    try {
      const forwarded = { 'x-forwarded-for': '198.51.100.1' };
      await configured.app.inject({ url: '/-/liveness', remoteAddress: '10.1.2.3', headers: forwarded });
      await configured.app.inject({ url: '/-/liveness', remoteAddress: '127.0.0.1', headers: forwarded });
      await none.app.inject({ url: '/-/liveness', remoteAddress: '127.0.0.1', headers: forwarded });
      expect(seen).toEqual(['198.51.100.1', '127.0.0.1', '127.0.0.1']);
    } finally {
      await configured.close();
      await none.close();
    }
  });
});

describe('application rate limits', () => {
  const clock = pinnedClock('2031-06-01T12:00:00Z');
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let project: ProjectContext;
  let mrId: number;
  const limits = {
    NOTES_CREATE_LIMIT: '3',
    ISSUES_CREATE_LIMIT: '2',
    MERGE_REQUESTS_CREATE_LIMIT: '2',
    MARKDOWN_PREVIEW_LIMIT: '4',
    MARKDOWN_PREVIEW_LIMIT_UNAUTHENTICATED: '2',
  };
  beforeAll(async () => {
    t = await createTestApp({ clock, env: limits });
    owner = await buildUser(t.container);
    other = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'public' });
    mrId = (await buildMergeRequest(t.container, owner, project)).mergeRequest.id;
  });
  afterAll(() => t.close());
  // Each test starts in a fresh minute.
  beforeEach(() => clock.advance(3600));

  const api = `/api/v4/projects`;
  const post = (user: TestUser | null, url: string, payload: object, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: user?.headers ?? {},
      payload,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const notesOnMr = async () =>
    (await t.container.db.select().from(notes).where(eq(notes.noteableId, mrId))).filter(
      (note) => !note.system && note.noteableType === 'MergeRequest',
    ).length;

  it('refuses the fourth note of a minute with 429, Retry-After and GitLab’s message, and writes nothing', async () => {
    const url = `${api}/${project.project.id}/merge_requests/1/notes`;
    const before = await notesOnMr();
    for (let i = 0; i < 3; i++) expect((await post(owner, url, { body: `Note ${i}` })).statusCode).toBe(201);
    clock.advance(20);
    const refused = await post(owner, url, { body: 'One too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('40');
    expect(refused.json()).toEqual({ message: { error: TOO_MANY } });
    expect(await notesOnMr()).toBe(before + 3);
    // Counted per user: another may still comment.
    expect((await post(other, url, { body: 'Mine' })).statusCode).toBe(201);
    clock.advance(40);
    expect((await post(owner, url, { body: 'A minute later' })).statusCode).toBe(201);
  });

  it('counts the page’s comments, quick-action-only comments and review drafts alike', async () => {
    const page = `/${project.fullPath}/-/merge_requests/1/notes`;
    expect((await post(owner, page, { note: { note: 'From the page' } })).statusCode).toBe(201);
    expect((await post(owner, page, { note: { note: '/award :thumbsup:' } })).statusCode).toBe(200);
    const draft = await post(owner, `${api}/${project.project.id}/merge_requests/1/draft_notes`, {
      note: 'A draft',
    });
    expect(draft.statusCode).toBe(201);
    const before = await notesOnMr();
    const drafts = await t.container.db.select().from(draftNotes);
    const refused = await post(owner, page, { note: { note: 'Refused' } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: TOO_MANY });
    const refusedDraft = await post(owner, `${api}/${project.project.id}/merge_requests/1/draft_notes`, {
      note: 'Refused draft',
    });
    expect(refusedDraft.statusCode).toBe(429);
    expect(await notesOnMr()).toBe(before);
    expect(await t.container.db.select().from(draftNotes)).toHaveLength(drafts.length);
  });

  it('lets exactly three of ten parallel notes through, however they race', async () => {
    const url = `${api}/${project.project.id}/merge_requests/1/notes`;
    const before = await notesOnMr();
    const statuses = (
      await Promise.all(Array.from({ length: 10 }, (_, i) => post(other, url, { body: `Race ${i}` })))
    ).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    expect(await notesOnMr()).toBe(before + 3);
  });

  it('refuses the third issue of a minute in one project, not in another', async () => {
    const second = await buildProject(t.container, owner);
    const count = async () => (await t.container.db.select().from(issues)).length;
    const url = `${api}/${project.project.id}/issues`;
    for (let i = 0; i < 2; i++)
      expect((await post(owner, url, { title: `Issue ${i}` })).statusCode).toBe(201);
    const before = await count();
    const refused = await post(owner, url, { title: 'One too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toEqual({ message: { error: TOO_MANY } });
    expect(await count()).toBe(before);
    expect((await post(owner, `${api}/${second.project.id}/issues`, { title: 'Elsewhere' })).statusCode).toBe(
      201,
    );
  });

  it('refuses the third merge request of a minute and writes nothing', async () => {
    const count = async () => (await t.container.db.select().from(mergeRequests)).length;
    const url = `${api}/${project.project.id}/merge_requests`;
    for (const branch of ['limit-a', 'limit-b', 'limit-c'])
      await pushFile(project, branch, { path: `${branch}.txt`, content: 'work\n' });
    for (const branch of ['limit-a', 'limit-b'])
      expect(
        (await post(owner, url, { source_branch: branch, target_branch: 'main', title: branch })).statusCode,
      ).toBe(201);
    const before = await count();
    const refused = await post(owner, url, { source_branch: 'limit-c', target_branch: 'main', title: 'c' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: { error: TOO_MANY } });
    expect(await count()).toBe(before);
  });

  it('refuses a revert’s merge request past the limit before its branch is written', async () => {
    const merged = await buildMergeRequest(t.container, owner, project, { title: 'To revert' });
    const iid = merged.mergeRequest.iid;
    const merge = await t.app.inject({
      method: 'PUT',
      url: `${api}/${project.project.id}/merge_requests/${iid}/merge`,
      headers: owner.headers,
    });
    expect(merge.statusCode).toBe(200);
    // The factory's merge request was the minute's first; this is its second.
    await buildMergeRequest(t.container, owner, project);
    const branches = async () =>
      (
        await t.app.inject({
          url: `${api}/${project.project.id}/repository/branches?per_page=100`,
          headers: owner.headers,
        })
      )
        .json<Array<{ name: string }>>()
        .map((branch) => branch.name)
        .sort();
    const before = await branches();
    const refused = await post(owner, `/${project.fullPath}/-/merge_requests/${iid}/revert`, {
      target_branch: 'main',
      create_merge_request: true,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: TOO_MANY });
    expect(await branches()).toEqual(before);
  });

  it('limits markdown previews per user, and anonymous callers per address more tightly', async () => {
    const preview = (user: TestUser | null, remoteAddress: string) =>
      post(user, '/api/v4/markdown', { text: '**hi**', gfm: true }, remoteAddress);
    expect((await preview(null, '192.0.2.1')).statusCode).toBe(201);
    expect((await preview(null, '192.0.2.1')).statusCode).toBe(201);
    const anonymous = await preview(null, '192.0.2.1');
    expect(anonymous.statusCode).toBe(429);
    expect(anonymous.json()).toEqual({ message: { error: TOO_MANY } });
    expect((await preview(null, '192.0.2.2')).statusCode).toBe(201);
    // A user is counted as the user, wherever the requests come from.
    for (let i = 0; i < 4; i++) expect((await preview(owner, `192.0.2.${10 + i}`)).statusCode).toBe(201);
    expect((await preview(owner, '192.0.2.20')).statusCode).toBe(429);
  });
});

describe('application rate limits as production has them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ productionRateLimits: true });
  });
  afterAll(() => t.close());

  it('are on by default: GitLab’s 300 notes and issues, 150 merge requests a minute per user', () => {
    expect(loadConfig({}).applicationRateLimits).toEqual({
      notesCreate: 300,
      issuesCreate: 300,
      mergeRequestsCreate: 150,
      pipelinesCreate: 25,
      markdownPreview: 300,
      markdownPreviewUnauthenticated: 60,
    });
    expect(t.config.applicationRateLimits).toEqual(loadConfig({}).applicationRateLimits);
  });

  it('refuses the 61st anonymous markdown preview of a minute', async () => {
    const statuses = [];
    for (let i = 0; i < 61; i++)
      statuses.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/v4/markdown',
            remoteAddress: '192.0.2.99',
            payload: { text: `Preview ${i}` },
          })
        ).statusCode,
      );
    expect(statuses.filter((status) => status === 201)).toHaveLength(60);
    expect(statuses[60]).toBe(429);
  });
});
