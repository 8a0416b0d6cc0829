import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import type { CreateNoteResponse, Discussion, DraftNote } from '../../src/shared/api/notes';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { addProjectMember, buildMergeRequest } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

describe('draft notes: a review', () => {
  let t: TestApp;
  let owner: TestUser;
  let reviewer: TestUser;
  let project: ProjectContext;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    reviewer = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    await addProjectMember(t.container, project, reviewer, ACCESS_LEVELS.developer);
    await buildMergeRequest(t.container, owner, project);
    base = `/${project.fullPath}/-/merge_requests/1`;
  });
  afterAll(() => t.close());

  const send = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

  const draft = async (user: TestUser, note: string, extra: Record<string, unknown> = {}) => {
    const response = await send(user, 'POST', `${base}/draft_notes`, { draft_note: { note }, ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<DraftNote>();
  };

  const publicNotes = async (user: TestUser) =>
    (await send(user, 'GET', `${base}/discussions.json?notes_filter=1`))
      .json<Discussion[]>()
      .flatMap((d) => d.notes.map((n) => n.note));

  it('stay invisible to others until published, and publish one at a time', async () => {
    const pending = await draft(reviewer, 'First finding');
    expect(pending).toMatchObject({
      isDraft: true,
      note: 'First finding',
      note_html: '<p>First finding</p>',
      path: `${base}/draft_notes/${pending.id}`,
      publish_path: `${base}/draft_notes/${pending.id}/publish`,
    });
    expect((await send(owner, 'GET', `${base}/draft_notes`)).json<DraftNote[]>()).toEqual([]);
    expect((await send(reviewer, 'GET', `${base}/draft_notes`)).json<DraftNote[]>()).toHaveLength(1);
    expect(await publicNotes(owner)).not.toContain('First finding');
    expect((await send(owner, 'DELETE', pending.path)).statusCode).toBe(404);

    const edited = await send(reviewer, 'PUT', pending.path, {
      draft_note: { note: 'First finding, edited' },
    });
    expect(edited.json<DraftNote>().note).toBe('First finding, edited');
    const published = await send(reviewer, 'POST', pending.publish_path);
    expect(published.statusCode).toBe(200);
    expect(await publicNotes(owner)).toContain('First finding, edited');
    expect((await send(reviewer, 'GET', `${base}/draft_notes`)).json<DraftNote[]>()).toEqual([]);
  });

  it('submits the whole review in one go, resolving the thread a draft reply asked to resolve', async () => {
    const thread = (
      await send(owner, 'POST', `${base}/notes`, { note: { note: 'Please check', type: 'DiscussionNote' } })
    ).json<CreateNoteResponse>();
    await draft(reviewer, 'Two');
    await draft(reviewer, 'Three');
    await draft(reviewer, 'Checked, done', {
      in_reply_to_discussion_id: thread.discussion?.id,
      draft_note: { note: 'Checked, done', resolve_discussion: true },
    });
    const submitted = await send(reviewer, 'POST', `${base}/draft_notes/bulk_publish`);
    expect(submitted.statusCode).toBe(204);
    expect(await publicNotes(owner)).toEqual(expect.arrayContaining(['Two', 'Three', 'Checked, done']));
    expect((await send(reviewer, 'GET', `${base}/draft_notes`)).json<DraftNote[]>()).toEqual([]);
    const threads = (await send(owner, 'GET', `${base}/discussions.json`)).json<Discussion[]>();
    expect(threads.find((d) => d.id === thread.discussion?.id)).toMatchObject({
      resolved: true,
      notes: [{ note: 'Please check' }, { note: 'Checked, done' }],
    });
  });

  it('leaves a replied thread as its draft says once published: toggled to reopen, or kept resolved', async () => {
    const start = async (note: string) => {
      const created = await send(owner, 'POST', `${base}/notes`, { note: { note, type: 'DiscussionNote' } });
      const id = created.json<CreateNoteResponse>().discussion!.id;
      const resolved = await send(owner, 'PUT', `${base}/discussions/${id}/resolve`);
      expect(resolved.statusCode, resolved.body).toBe(200);
      return id;
    };
    const reopened = await start('Reopen me');
    const kept = await start('Keep me resolved');
    const reopenDraft = await draft(reviewer, 'Not done after all', {
      in_reply_to_discussion_id: reopened,
      draft_note: { note: 'Not done after all', resolve_discussion: true },
    });
    // The toggle: the thread's state once published, as GitLab's resolve_discussion.
    const toggled = await send(reviewer, 'PUT', reopenDraft.path, {
      draft_note: { resolve_discussion: false },
    });
    expect(toggled.json<DraftNote>()).toMatchObject({
      resolve_discussion: false,
      note: 'Not done after all',
    });
    await draft(reviewer, 'Fine as it is', {
      in_reply_to_discussion_id: kept,
      draft_note: { note: 'Fine as it is', resolve_discussion: true },
    });
    expect((await send(reviewer, 'POST', `${base}/draft_notes/bulk_publish`)).statusCode).toBe(204);
    const threads = (await send(owner, 'GET', `${base}/discussions.json`)).json<Discussion[]>();
    expect(threads.find((d) => d.id === reopened)).toMatchObject({ resolved: false });
    expect(threads.find((d) => d.id === kept)).toMatchObject({ resolved: true });
  });

  it('refuses an empty draft and a reply to a missing thread, and discards a review', async () => {
    const empty = await send(reviewer, 'POST', `${base}/draft_notes`, { draft_note: { note: ' ' } });
    expect(empty.statusCode).toBe(400);
    const orphan = await send(reviewer, 'POST', `${base}/draft_notes`, {
      draft_note: { note: 'hm' },
      in_reply_to_discussion_id: 'a'.repeat(40),
    });
    expect(orphan.statusCode).toBe(404);
    await draft(reviewer, 'Throw away');
    expect((await send(reviewer, 'DELETE', `${base}/draft_notes/discard`)).statusCode).toBe(204);
    expect((await send(reviewer, 'GET', `${base}/draft_notes`)).json<DraftNote[]>()).toEqual([]);
  });
});

describe('draft notes: quick actions in a pending review', () => {
  let t: TestApp;
  let owner: TestUser;
  let reviewer: TestUser;
  let reporter: TestUser;
  let project: ProjectContext;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    reviewer = await buildUser(t.container);
    reporter = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    await addProjectMember(t.container, project, reviewer, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
  });
  afterAll(() => t.close());

  type ApiNote = { body: string; system: boolean };
  const send = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

  async function freshMergeRequest() {
    const { mergeRequest } = await buildMergeRequest(t.container, owner, project);
    return {
      api: `/api/v4/projects/${project.project.id}/merge_requests/${mergeRequest.iid}`,
      page: `/${project.fullPath}/-/merge_requests/${mergeRequest.iid}`,
    };
  }
  const apiDraft = async (user: TestUser, api: string, note: string) =>
    expect((await send(user, 'POST', `${api}/draft_notes`, { note })).statusCode).toBe(201);
  const pageDraft = async (user: TestUser, page: string, note: string) => {
    const response = await send(user, 'POST', `${page}/draft_notes`, { draft_note: { note } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<DraftNote>();
  };
  const mergeRequest = async (api: string) =>
    (await send(owner, 'GET', api)).json<{ state: string; upvotes: number }>();
  const notesOf = async (api: string) => {
    const all = (await send(owner, 'GET', `${api}/notes?sort=asc`)).json<ApiNote[]>();
    return {
      comments: all.filter((n) => !n.system).map((n) => n.body),
      system: all.filter((n) => n.system).map((n) => n.body),
    };
  };

  it('REST v4 bulk_publish runs the commands with the publisher rights and writes only the text', async () => {
    const { api } = await freshMergeRequest();
    await apiDraft(reviewer, api, 'Needs more work.\n/award :thumbsup:');
    await apiDraft(reviewer, api, '/close');

    const submitted = await send(reviewer, 'POST', `${api}/draft_notes/bulk_publish`);
    expect(submitted.statusCode).toBe(204);
    expect(await mergeRequest(api)).toMatchObject({ state: 'closed', upvotes: 1 });
    const notes = await notesOf(api);
    expect(notes.comments).toEqual(['Needs more work.']);
    expect(notes.system).toContain('closed');
    expect((await send(reviewer, 'GET', `${api}/draft_notes`)).json()).toEqual([]);
  });

  it('a command the publisher may not run is not run, and a draft of commands only still writes no note', async () => {
    const { api } = await freshMergeRequest();
    // A Reporter may comment but not close someone else's merge request.
    await apiDraft(reporter, api, '/close');
    expect((await send(reporter, 'POST', `${api}/draft_notes/bulk_publish`)).statusCode).toBe(204);
    expect((await mergeRequest(api)).state).toBe('opened');
    expect(await notesOf(api)).toEqual({ comments: [], system: [] });
  });

  it('the page lists the commands a draft will run, and publishing it alone runs them', async () => {
    const { api, page } = await freshMergeRequest();
    const pending = await pageDraft(
      reviewer,
      page,
      'Closing this.\n/shrug not a command\n```\n/reopen\n```\n/close\n/award :tada:',
    );
    expect(pending.references.commands).toBe('/close\n/award :tada:');
    // The body shows as it will be published; the commands are listed below it instead.
    expect(pending.note_html).toContain('/shrug not a command');
    expect(pending.note_html).not.toContain('/award');

    const published = await send(reviewer, 'POST', pending.publish_path);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<{ notes: Array<{ note: string }> }>().notes.map((n) => n.note)).toEqual([
      'Closing this.\n/shrug not a command\n```\n/reopen\n```',
    ]);
    expect((await mergeRequest(api)).state).toBe('closed');
    const awards = (await send(owner, 'GET', `${api}/award_emoji`)).json<Array<{ name: string }>>();
    expect(awards.map((a) => a.name)).toEqual(['tada']);

    const onlyCommand = await pageDraft(reviewer, page, '/reopen');
    expect((await send(reviewer, 'POST', onlyCommand.publish_path)).json()).toEqual({ notes: [] });
    expect((await mergeRequest(api)).state).toBe('opened');
    expect((await notesOf(api)).comments).toEqual(['Closing this.\n/shrug not a command\n```\n/reopen\n```']);
  });
});
