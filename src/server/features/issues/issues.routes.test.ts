import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { Issue, IssueDetail } from '../../../shared/api/issues';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { addProjectMember } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { notes } from '../../db/schema';
import type { ProjectContext } from '../projects/projects.service';

describe('issues API', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
    project = await buildProject(t.container, owner, { visibility: 'private' });
  });
  afterAll(() => t.close());

  const api = (p: ProjectContext) => `/api/v4/projects/${p.project.id}/issues`;

  const send = (method: 'POST' | 'PUT' | 'DELETE', user: TestUser | null, url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: user?.headers ?? {} });
  const get = (user: TestUser | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });

  async function createIssue(p: ProjectContext, payload: Record<string, unknown>, user = owner) {
    const response = await send('POST', user, api(p), payload);
    expect(response.statusCode).toBe(201);
    return response.json<IssueDetail>();
  }

  async function listIids(url: string, user: TestUser | null = owner): Promise<number[]> {
    const response = await get(user, url);
    expect(response.statusCode).toBe(200);
    return response.json<Issue[]>().map((issue) => issue.iid);
  }

  async function member(p: ProjectContext, level: number, name?: string) {
    const user = await buildUser(t.container, name ? { name } : {});
    await addProjectMember(t.container, p, user, level);
    return user;
  }

  describe('creating', () => {
    it('creates an issue with GitLab’s fields and the next iid', async () => {
      const p = await buildProject(t.container, owner);
      const assignee = await member(p, ACCESS_LEVELS.developer, 'Dana Developer');
      const issue = await createIssue(p, {
        title: 'Login fails on Safari',
        description: 'Steps:\n\n- [x] open\n- [ ] sign in',
        assignee_ids: [assignee.id],
      });
      expect(issue).toMatchObject({
        iid: 1,
        project_id: p.project.id,
        title: 'Login fails on Safari',
        state: 'opened',
        closed_at: null,
        closed_by: null,
        labels: [],
        milestone: null,
        type: 'ISSUE',
        issue_type: 'issue',
        confidential: false,
        discussion_locked: false,
        author: { id: owner.id, username: owner.username, name: 'Olivia Owner' },
        assignees: [{ id: assignee.id, name: 'Dana Developer' }],
        assignee: { id: assignee.id },
        task_completion_status: { count: 2, completed_count: 1 },
        has_tasks: true,
        references: { short: '#1', relative: '#1', full: `${p.fullPath}#1` },
        subscribed: false,
      });
      expect(issue.web_url).toMatch(new RegExp(`/${p.fullPath}/-/issues/1$`));
      expect((await createIssue(p, { title: 'Second' })).iid).toBe(2);
    });

    it('creates an incident', async () => {
      const issue = await createIssue(project, { title: 'Checkout down', issue_type: 'incident' });
      expect(issue).toMatchObject({ type: 'INCIDENT', issue_type: 'incident' });
    });

    it.each([
      ['an empty title', { title: '   ' }, 'title'],
      ['a missing title', {}, 'title'],
      ['a title over 255 characters', { title: 'x'.repeat(256) }, 'title'],
      ['an unknown issue type', { title: 'ok', issue_type: 'epic' }, 'issue_type'],
    ])('refuses %s with a 400 and writes nothing', async (_, payload, field) => {
      const p = await buildProject(t.container, owner);
      const response = await send('POST', owner, api(p), payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(field);
      expect(await listIids(api(p))).toEqual([]);
    });

    it('refuses an unknown assignee with a 400 and writes nothing', async () => {
      const p = await buildProject(t.container, owner);
      const response = await send('POST', owner, api(p), { title: 'Who?', assignee_ids: [987654] });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(
        'assignee_ids contains unknown users: 987654',
      );
      expect(await listIids(api(p))).toEqual([]);
      // The refused attempt took no iid.
      expect((await createIssue(p, { title: 'First' })).iid).toBe(1);
    });

    it('refuses anonymous visitors (401) and archived projects (403)', async () => {
      const p = await buildProject(t.container, owner, { visibility: 'public' });
      expect((await send('POST', null, api(p), { title: 'Anon' })).statusCode).toBe(401);
      await t.container.projects.setArchived(owner, p.project.id, true);
      const response = await send('POST', owner, api(p), { title: 'Too late' });
      expect(response.statusCode).toBe(403);
      expect(await listIids(api(p))).toEqual([]);
    });

    it('lets a guest open an issue but drops the metadata only reporters may set', async () => {
      const p = await buildProject(t.container, owner);
      const guest = await member(p, ACCESS_LEVELS.guest);
      const issue = await createIssue(
        p,
        { title: 'From a guest', assignee_ids: [owner.id], discussion_locked: true },
        guest,
      );
      expect(issue).toMatchObject({ assignees: [], discussion_locked: false });
    });
  });

  describe('listing', () => {
    let p: ProjectContext;
    let dev: TestUser;
    beforeAll(async () => {
      p = await buildProject(t.container, owner);
      dev = await member(p, ACCESS_LEVELS.developer);
      await createIssue(p, { title: 'Alpha bug', assignee_ids: [dev.id] });
      await createIssue(p, { title: 'Beta feature', description: 'needle here' });
      await createIssue(p, { title: 'Gamma outage', issue_type: 'incident' });
      await createIssue(p, { title: 'Delta secret', confidential: true }, dev);
      await send('PUT', owner, `${api(p)}/2`, { state_event: 'close' });
    });

    it.each([
      ['', [4, 3, 2, 1]],
      ['?state=opened', [4, 3, 1]],
      ['?state=closed', [2]],
      ['?search=NEEDLE', [2]],
      ['?search=alpha', [1]],
      ['?issue_type=incident', [3]],
      ['?confidential=true', [4]],
      ['?assignee_id=None', [4, 3, 2]],
      ['?assignee_id=Any', [1]],
      ['?sort=asc', [1, 2, 3, 4]],
      ['?order_by=title&sort=asc', [1, 2, 4, 3]],
      ['?iids[]=1&iids[]=3', [3, 1]],
      ['?iids[]=2', [2]],
    ])('filters %s', async (query, iids) => {
      expect(await listIids(`${api(p)}${query}`)).toEqual(iids);
    });

    it('filters by author and assignee id', async () => {
      expect(await listIids(`${api(p)}?author_id=${dev.id}`)).toEqual([4]);
      expect(await listIids(`${api(p)}?assignee_id=${dev.id}`)).toEqual([1]);
    });

    it('sets GitLab’s pagination headers', async () => {
      const response = await get(owner, `${api(p)}?per_page=3&page=1`);
      expect(response.json<Issue[]>().map((i) => i.iid)).toEqual([4, 3, 2]);
      expect(response.headers).toMatchObject({
        'x-total': '4',
        'x-total-pages': '2',
        'x-page': '1',
        'x-per-page': '3',
        'x-next-page': '2',
        'x-prev-page': '',
      });
      expect(String(response.headers.link)).toContain('rel="next"');
    });

    it('shows any issue by its global id to administrators only', async () => {
      const admin = await buildUser(t.container, { admin: true });
      const [issue] = (await get(owner, `${api(p)}?search=alpha`)).json<Issue[]>();
      const url = `/api/v4/issues/${issue?.id}`;
      expect((await get(admin, url)).json<IssueDetail>()).toMatchObject({ iid: 1, title: 'Alpha bug' });
      expect((await get(dev, url)).statusCode).toBe(403);
      expect((await get(null, url)).statusCode).toBe(401);
      expect((await get(admin, '/api/v4/issues/987654')).statusCode).toBe(404);
    });

    it('refuses a bad filter value with a 400', async () => {
      expect((await get(owner, `${api(p)}?state=merged`)).statusCode).toBe(400);
    });

    it('lists the issues of every readable project under /issues, by scope', async () => {
      const response = await get(dev, '/api/v4/issues?scope=created_by_me');
      expect(response.json<Issue[]>().map((i) => i.title)).toEqual(['Delta secret']);
      const assigned = await get(dev, '/api/v4/issues?scope=assigned_to_me');
      expect(assigned.json<Issue[]>().map((i) => i.title)).toEqual(['Alpha bug']);
      expect((await get(null, '/api/v4/issues')).statusCode).toBe(401);
    });
  });

  describe('confidential issues', () => {
    let p: ProjectContext;
    let author: TestUser;
    let assignee: TestUser;
    let iid: number;
    beforeAll(async () => {
      p = await buildProject(t.container, owner, { visibility: 'public' });
      author = await member(p, ACCESS_LEVELS.guest);
      assignee = await member(p, ACCESS_LEVELS.guest);
      await createIssue(p, { title: 'Public one' });
      iid = (await createIssue(p, { title: 'Leaked key', confidential: true }, author)).iid;
      await send('PUT', owner, `${api(p)}/${iid}`, { assignee_ids: [assignee.id] });
    });

    it.each(['anonymous', 'non-member', 'guest'] as const)(
      'is 404 for a %s and left out of lists',
      async (who) => {
        const user =
          who === 'anonymous'
            ? null
            : who === 'non-member'
              ? await buildUser(t.container)
              : await member(p, ACCESS_LEVELS.guest);
        expect((await get(user, `${api(p)}/${iid}`)).statusCode).toBe(404);
        expect(await listIids(api(p), user)).toEqual([1]);
        if (user) expect((await send('PUT', user, `${api(p)}/${iid}`, { title: 'x' })).statusCode).toBe(404);
      },
    );

    it('is visible to its author, its assignee and reporters', async () => {
      const reporter = await member(p, ACCESS_LEVELS.reporter);
      for (const user of [author, assignee, reporter]) {
        expect((await get(user, `${api(p)}/${iid}`)).statusCode).toBe(200);
        expect(await listIids(api(p), user)).toEqual([iid, 1]);
      }
    });
  });

  describe('updating', () => {
    it('edits the title and description, closes and reopens', async () => {
      const issue = await createIssue(project, { title: 'Old title' });
      const url = `${api(project)}/${issue.iid}`;
      const edited = await send('PUT', owner, url, { title: 'New title', description: 'Now described' });
      expect(edited.json<IssueDetail>()).toMatchObject({ title: 'New title', description: 'Now described' });

      const closed = (await send('PUT', owner, url, { state_event: 'close' })).json<IssueDetail>();
      expect(closed).toMatchObject({ state: 'closed', closed_by: { id: owner.id } });
      expect(closed.closed_at).not.toBeNull();

      const reopened = (await send('PUT', owner, url, { state_event: 'reopen' })).json<IssueDetail>();
      expect(reopened).toMatchObject({ state: 'opened', closed_by: null, closed_at: null });
    });

    it('sets and clears assignees, the lock and confidentiality', async () => {
      const issue = await createIssue(project, { title: 'Metadata' });
      const url = `${api(project)}/${issue.iid}`;
      const set = await send('PUT', owner, url, {
        assignee_ids: [owner.id],
        discussion_locked: true,
        confidential: true,
      });
      expect(set.json<IssueDetail>()).toMatchObject({
        assignees: [{ id: owner.id }],
        discussion_locked: true,
        confidential: true,
      });
      const cleared = await send('PUT', owner, url, { assignee_id: 0, discussion_locked: false });
      expect(cleared.json<IssueDetail>()).toMatchObject({
        assignees: [],
        assignee: null,
        discussion_locked: false,
      });
    });

    it('refuses bad input with a 400 and changes nothing', async () => {
      const issue = await createIssue(project, { title: 'Stable' });
      const url = `${api(project)}/${issue.iid}`;
      for (const payload of [
        { title: '' },
        { title: 'y'.repeat(256) },
        { state_event: 'merge' },
        { title: 'Renamed', assignee_ids: [987654] },
      ]) {
        expect((await send('PUT', owner, url, payload)).statusCode).toBe(400);
      }
      expect((await get(owner, url)).json<IssueDetail>()).toMatchObject({ title: 'Stable', assignees: [] });
    });

    it('lets the author edit their issue but not set its metadata as a guest', async () => {
      const p = await buildProject(t.container, owner);
      const guest = await member(p, ACCESS_LEVELS.guest);
      const other = await member(p, ACCESS_LEVELS.guest);
      const issue = await createIssue(p, { title: 'Mine' }, guest);
      const url = `${api(p)}/${issue.iid}`;
      expect((await send('PUT', guest, url, { title: 'Still mine' })).statusCode).toBe(200);
      expect((await send('PUT', guest, url, { discussion_locked: true })).statusCode).toBe(403);
      expect((await send('PUT', other, url, { state_event: 'close' })).statusCode).toBe(403);
    });
  });

  it('counts thumbs up and down as upvotes and downvotes', async () => {
    const issue = await createIssue(project, { title: 'Vote on me' });
    const url = `${api(project)}/${issue.iid}`;
    const voter = await member(project, ACCESS_LEVELS.reporter);
    for (const [user, name] of [
      [owner, 'thumbsup'],
      [voter, 'thumbsup'],
      [voter, 'thumbsdown'],
    ] as const) {
      expect((await send('POST', user, `${url}/award_emoji`, { name })).statusCode).toBe(201);
    }
    expect((await get(owner, url)).json<IssueDetail>()).toMatchObject({ upvotes: 2, downvotes: 1 });
    const listed = (await get(owner, `${api(project)}?search=Vote on me`)).json<Issue[]>();
    expect(listed).toMatchObject([{ upvotes: 2, downvotes: 1 }]);
  });

  describe('system notes', () => {
    it('records what changed, in GitLab’s words', async () => {
      const p = await buildProject(t.container, owner);
      const dev = await member(p, ACCESS_LEVELS.developer);
      const issue = await createIssue(p, { title: 'Before', description: 'one' });
      const url = `${api(p)}/${issue.iid}`;
      await send('PUT', owner, url, { title: 'After', description: 'two', assignee_ids: [dev.id] });
      await send('PUT', owner, url, { state_event: 'close', discussion_locked: true, confidential: true });
      await send('PUT', owner, url, { state_event: 'reopen', issue_type: 'incident', assignee_ids: [] });
      const rows = await t.container.db
        .select({ note: notes.note, system: notes.system })
        .from(notes)
        .where(and(eq(notes.noteableType, 'Issue'), eq(notes.noteableId, issue.id)))
        .orderBy(asc(notes.id));
      expect(rows.map((row) => row.note)).toEqual([
        'changed title from **Before** to **After**',
        'changed the description',
        `assigned to @${dev.username}`,
        'made the issue confidential',
        'locked the discussion in this issue',
        'closed',
        'changed type from issue to incident',
        'reopened',
        `unassigned @${dev.username}`,
      ]);
      expect(rows.every((row) => row.system)).toBe(true);
    });

    it('closes once when two closes race: one note, the other call is a no-op or a 409', async () => {
      const issue = await createIssue(project, { title: 'Raced' });
      const url = `${api(project)}/${issue.iid}`;
      const answers = await Promise.all([
        send('PUT', owner, url, { state_event: 'close' }),
        send('PUT', owner, url, { state_event: 'close' }),
      ]);
      for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
      const rows = await t.container.db
        .select({ note: notes.note })
        .from(notes)
        .where(and(eq(notes.noteableType, 'Issue'), eq(notes.noteableId, issue.id)));
      expect(rows).toEqual([{ note: 'closed' }]);
    });

    it('writes none when nothing changed', async () => {
      const issue = await createIssue(project, { title: 'Same' });
      await send('PUT', owner, `${api(project)}/${issue.iid}`, { title: 'Same', state_event: 'reopen' });
      const rows = await t.container.db
        .select({ id: notes.id })
        .from(notes)
        .where(and(eq(notes.noteableType, 'Issue'), eq(notes.noteableId, issue.id)));
      expect(rows).toEqual([]);
    });
  });

  describe('deleting', () => {
    it('lets the owner delete, not a maintainer', async () => {
      const p = await buildProject(t.container, owner);
      const maintainer = await member(p, ACCESS_LEVELS.maintainer);
      const issue = await createIssue(p, { title: 'Spam' });
      const url = `${api(p)}/${issue.iid}`;
      expect((await send('DELETE', maintainer, url)).statusCode).toBe(403);
      expect((await send('DELETE', owner, url)).statusCode).toBe(204);
      expect((await get(owner, url)).statusCode).toBe(404);
      expect((await get(owner, url)).json<{ message: string }>().message).toBe('404 Issue Not Found');
    });
  });
});
