import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import type { CreateNoteResponse, Discussion } from '../../src/shared/api/notes';
import type { IssuePage } from '../../src/shared/api/issues';
import type { MergeRequestPage } from '../../src/shared/api/mergeRequests';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { addProjectMember, buildMergeRequest } from '../support/merge-request-factories';
import { countQueries } from '../support/queries';
import { createTestApp, type TestApp } from '../support/test-app';

/** A reader: a user, or null for an anonymous visitor. */
type Reader = TestUser | null;

describe('references in markdown, linked per reader', () => {
  let t: TestApp;
  let owner: TestUser;
  let reporter: TestUser;
  let outsider: TestUser;
  let hostileName: TestUser;
  let open: ProjectContext;
  let closed: ProjectContext;
  let issuePath: string;

  const SECRET = 'Leaked signing key';
  const PRIVATE_MR = 'Rotate the production database password';

  const get = (reader: Reader, url: string) =>
    t.app.inject({ method: 'GET', url, headers: reader?.headers ?? {} });

  /** The note's HTML on the issue page's Activity, as `reader` receives it. */
  async function noteHtmlFor(reader: Reader, text: string): Promise<string> {
    const response = await get(reader, `${issuePath}/discussions.json`);
    expect(response.statusCode, response.body).toBe(200);
    const notes = response.json<Discussion[]>().flatMap((d) => d.notes);
    const note = notes.find((n) => n.note === text);
    if (!note) throw new Error(`no note ${text}`);
    return note.note_html;
  }

  async function comment(text: string): Promise<void> {
    const response = await t.app.inject({
      method: 'POST',
      url: `${issuePath}/notes`,
      headers: owner.headers,
      payload: { note: { note: text } },
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    reporter = await buildUser(t.container);
    outsider = await buildUser(t.container);
    hostileName = await buildUser(t.container, { name: '"><img src=x onerror=alert(1)>' });
    open = await buildProject(t.container, owner, { visibility: 'public' });
    closed = await buildProject(t.container, owner, { visibility: 'private' });
    await addProjectMember(t.container, open, reporter, ACCESS_LEVELS.reporter);
    const { record } = await t.container.issues.create(owner, open.project.id, { title: 'Crash on start' });
    issuePath = `/${open.fullPath}/-/issues/${record.issue.iid}`;
    await t.container.issues.create(owner, open.project.id, { title: SECRET, confidential: true });
    await t.container.issues.create(owner, open.project.id, {
      title: '"><script>alert(1)</script>',
    });
    await buildMergeRequest(t.container, owner, open, { title: 'Open change' });
    await buildMergeRequest(t.container, owner, closed, { title: PRIVATE_MR });
  });
  afterAll(() => t.close());

  it('links issues, merge requests and users with GitLab’s classes, data and titles', async () => {
    const text = `See #1, !1, @${reporter.username} and ${closed.fullPath}!1 :thumbsup:`;
    await comment(text);
    const html = await noteHtmlFor(owner, text);
    expect(html).toContain(
      `<a href="/${open.fullPath}/-/issues/1" data-reference-type="issue" ` +
        `data-project="${open.project.id}"`,
    );
    expect(html).toMatch(
      /data-iid="1" data-issue-type="issue" data-original="#1" title="Crash on start" class="gfm gfm-issue">#1<\/a>/,
    );
    expect(html).toMatch(
      /data-reference-type="merge_request"[^>]*title="Open change" class="gfm gfm-merge_request">!1<\/a>/,
    );
    expect(html).toContain(
      `data-reference-type="user" data-user="${reporter.id}" data-original="@${reporter.username}" ` +
        `title="${reporter.name}" class="gfm gfm-project_member js-user-link">@${reporter.username}</a>`,
    );
    expect(html).toContain(`title="${PRIVATE_MR}" class="gfm gfm-merge_request">${closed.fullPath}!1</a>`);
    expect(html).toContain('<gl-emoji title="thumbs up" data-name="thumbsup">👍</gl-emoji>');
  });

  it('leaves references to nothing as plain text', async () => {
    const text = `Not #99, !42, @nobody-${Date.now()} or no/such!1`;
    await comment(text);
    expect(await noteHtmlFor(owner, text)).toBe(`<p>${text}</p>`);
  });

  it('links a confidential issue for members and shows a non-member only the text', async () => {
    const text = 'Related to #2';
    await comment(text);
    expect(await noteHtmlFor(owner, text)).toContain(`title="${SECRET}"`);
    expect(await noteHtmlFor(reporter, text)).toContain(`title="${SECRET}"`);
    for (const reader of [outsider, null]) {
      const html = await noteHtmlFor(reader, text);
      expect(html).toBe('<p>Related to #2</p>');
    }
    const anonymousPage = await get(null, `${issuePath}/discussions.json`);
    expect(anonymousPage.body).not.toContain(SECRET);
  });

  it('shows a merge request of a private project only to its members', async () => {
    const text = `Blocked by ${closed.fullPath}!1`;
    await comment(text);
    expect(await noteHtmlFor(owner, text)).toContain('gfm-merge_request');
    for (const reader of [reporter, outsider, null]) {
      expect(await noteHtmlFor(reader, text)).toBe(`<p>Blocked by ${closed.fullPath}!1</p>`);
    }
    expect((await get(outsider, `${issuePath}/discussions.json`)).body).not.toContain(PRIVATE_MR);
  });

  it('keeps a hostile title or name inert', async () => {
    const text = `Compare #3 with @${hostileName.username}`;
    await comment(text);
    const html = await noteHtmlFor(outsider, text);
    expect(html).toContain('title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain('title="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect(html).not.toMatch(/<script|<img/);
  });

  it('links a group for those who may see it, and a private group for its members only', async () => {
    const stamp = Date.now();
    const publicGroup = await t.container.groups.createGroup(owner, {
      name: 'Platform team',
      path: `platform-${stamp}`,
      visibility: 'public',
    });
    const privateGroup = await t.container.groups.createGroup(owner, {
      name: 'Security team',
      path: `security-${stamp}`,
    });
    const text = `Ask @${publicGroup.group.fullPath} or @${privateGroup.group.fullPath}`;
    await comment(text);
    const forOwner = await noteHtmlFor(owner, text);
    expect(forOwner).toContain(
      `data-reference-type="user" data-group="${publicGroup.group.id}" data-original="@${publicGroup.group.fullPath}" title="Platform team"`,
    );
    expect(forOwner).toContain('title="Security team"');
    const forOutsider = await noteHtmlFor(outsider, text);
    expect(forOutsider).toContain('title="Platform team"');
    expect(forOutsider).not.toContain('Security team');
    expect(forOutsider).toContain(`or @${privateGroup.group.fullPath}</p>`);
  });

  it('reads what a page of notes references in a few queries, however many notes there are', async () => {
    const page = () => get(owner, `${issuePath}/discussions.json`);
    await page();
    const before = await countQueries(t, page);
    for (let i = 0; i < 8; i++)
      await comment(`Also #${(i % 3) + 1}, !1, @${reporter.username}, ${closed.fullPath}!1`);
    await page();
    expect(await countQueries(t, page)).toBe(before);
  });

  it('links references in the issue’s title and description, per reader', async () => {
    const { record } = await t.container.issues.create(owner, open.project.id, {
      title: 'Follow-up of #2',
      description: `Reported by @${reporter.username}, see #2`,
    });
    const url = `/${open.fullPath}/-/issues/${record.issue.iid}.json`;
    const forOwner = (await get(owner, url)).json<IssuePage>();
    expect(forOwner.title_html).toMatch(/^Follow-up of <a [^>]*class="gfm gfm-issue">#2<\/a>$/);
    expect(forOwner.description_html).toContain(`title="${SECRET}"`);
    const forOutsider = (await get(outsider, url)).json<IssuePage>();
    expect(forOutsider.title_html).toBe('Follow-up of #2');
    expect(forOutsider.description_html).toContain('gfm-project_member');
    expect(forOutsider.description_html).not.toContain(SECRET);
  });

  it('links references in a merge request’s title and description, and with render_html', async () => {
    await buildMergeRequest(t.container, owner, open, { title: 'Fixes #2', description: 'Closes #2 :tada:' });
    const page = (await get(owner, `/${open.fullPath}/-/merge_requests/2.json`)).json<MergeRequestPage>();
    expect(page.title_html).toContain('class="gfm gfm-issue">#2</a>');
    expect(page.description_html).toContain('data-name="tada"');
    const rest = await get(outsider, `/api/v4/projects/${open.project.id}/merge_requests/2?render_html=true`);
    expect(rest.json<MergeRequestPage>()).toMatchObject({
      title_html: 'Fixes #2',
      description_html: '<p>Closes #2 <gl-emoji title="party popper" data-name="tada">🎉</gl-emoji></p>',
    });
  });

  it('previews with the project as context, and refuses a project the caller may not read', async () => {
    const preview = (user: Reader, body: object) =>
      t.app.inject({ method: 'POST', url: '/api/v4/markdown', headers: user?.headers ?? {}, payload: body });
    const linked = await preview(owner, { text: 'See #2', gfm: true, project: open.fullPath });
    expect(linked.statusCode).toBe(201);
    expect(linked.json<{ html: string }>().html).toContain(`title="${SECRET}"`);
    const hidden = await preview(outsider, { text: 'See #2', gfm: true, project: open.fullPath });
    expect(hidden.json<{ html: string }>().html).toBe('<p>See #2</p>');
    const noContext = await preview(owner, { text: `See #1 and ${open.fullPath}#1`, gfm: true });
    expect(noContext.json<{ html: string }>().html).toMatch(/^<p>See #1 and <a [^>]*gfm-issue/);
    const refused = await preview(outsider, { text: 'x', gfm: true, project: closed.fullPath });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: '404 Project Not Found' });
  });

  it('answers the reply that creates a note with its references linked for the author', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${issuePath}/notes`,
      headers: reporter.headers,
      payload: { note: { note: 'Dup of #2' } },
    });
    expect(response.json<CreateNoteResponse>().note?.note_html).toContain(`title="${SECRET}"`);
  });
});
