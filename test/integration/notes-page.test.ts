import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import type {
  CreateNoteResponse,
  Discussion,
  Note,
  NotesData,
  NotesPollResponse,
} from '../../src/shared/api/notes';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { addProjectMember, buildMergeRequest } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

/** A clock tests move by hand, so "changed since" is exact. */
function manualClock(start = new Date('2026-01-01T10:00:00Z')) {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

describe('notes on the merge request page', () => {
  let t: TestApp;
  const clock = manualClock();
  let owner: TestUser;
  let developer: TestUser;
  let guest: TestUser;
  let outsider: TestUser;
  let project: ProjectContext;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
    developer = await buildUser(t.container, { name: 'Dev Eloper' });
    guest = await buildUser(t.container, { name: 'Gus Guest' });
    outsider = await buildUser(t.container, { name: 'Otto Outsider' });
    project = await buildProject(t.container, owner, { visibility: 'public' });
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, project, guest, ACCESS_LEVELS.guest);
    await buildMergeRequest(t.container, owner, project);
    base = `/${project.fullPath}/-/merge_requests/1`;
  });
  afterAll(() => t.close());

  const send = (
    user: TestUser | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: user?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  async function comment(user: TestUser, note: string, extra: Record<string, unknown> = {}) {
    const response = await send(user, 'POST', `${base}/notes`, { note: { note, ...extra } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CreateNoteResponse>();
  }

  const discussions = async (user: TestUser | null, query = '') => {
    const response = await send(user, 'GET', `${base}/discussions.json${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Discussion[]>();
  };

  it('creates a comment in GitLab’s NoteEntity shape, with its discussion', async () => {
    clock.advance(1000);
    const created = await comment(developer, 'Looks **good**');
    const note = created.note as Note;
    expect(note).toMatchObject({
      type: null,
      system: false,
      note: 'Looks **good**',
      note_html: '<p>Looks <strong>good</strong></p>',
      author: {
        id: developer.id,
        username: developer.username,
        name: 'Dev Eloper',
        path: `/${developer.username}`,
      },
      internal: false,
      confidential: false,
      resolvable: false,
      resolved: false,
      noteable_type: 'MergeRequest',
      path: `/${project.fullPath}/-/notes/${note.id}`,
      toggle_award_path: `/${project.fullPath}/-/notes/${note.id}/toggle_award_emoji`,
      human_access: 'Developer',
      is_noteable_author: false,
      current_user: {
        can_edit: true,
        can_award_emoji: true,
        can_resolve: false,
        can_resolve_discussion: false,
      },
      award_emoji: [],
    });
    expect(note.discussion_id).toMatch(/^[0-9a-f]{40}$/);
    expect(note.noteable_note_url).toMatch(new RegExp(`${base}#note_${note.id}$`));
    expect(created.discussion).toMatchObject({
      id: note.discussion_id,
      individual_note: true,
      resolvable: false,
      notes: [{ id: note.id }],
    });
  });

  it('starts a resolvable thread, and a reply to an individual note turns it into a thread', async () => {
    const thread = await comment(developer, 'A question', { type: 'DiscussionNote' });
    expect(thread.discussion).toMatchObject({ individual_note: false, resolvable: true, resolved: false });
    expect(thread.note).toMatchObject({ type: 'DiscussionNote', resolvable: true });

    const single = await comment(owner, 'Just a remark');
    const reply = await send(developer, 'POST', `${base}/notes`, {
      note: { note: 'Answering' },
      in_reply_to_discussion_id: single.note?.discussion_id,
      return_discussion: true,
    });
    expect(reply.statusCode).toBe(201);
    const body = reply.json<CreateNoteResponse>();
    expect(body.discussion).toMatchObject({ individual_note: false, resolvable: true });
    expect(body.discussion?.notes.map((n) => [n.note, n.type])).toEqual([
      ['Just a remark', 'DiscussionNote'],
      ['Answering', 'DiscussionNote'],
    ]);
  });

  it('refuses an empty note, a note over 1 MB and a reply to a missing discussion, writing nothing', async () => {
    const before = (await discussions(owner)).length;
    const empty = await send(developer, 'POST', `${base}/notes`, { note: { note: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: "Note can't be blank" });
    const huge = await send(developer, 'POST', `${base}/notes`, { note: { note: 'x'.repeat(1_000_001) } });
    expect(huge.statusCode).toBe(400);
    const missing = await send(developer, 'POST', `${base}/notes`, {
      note: { note: 'hello?' },
      in_reply_to_discussion_id: 'f'.repeat(40),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: '404 Discussion Not Found' });
    expect((await discussions(owner)).length).toBe(before);
  });

  it('renders hostile markdown inert', async () => {
    const created = await comment(
      developer,
      '<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>',
    );
    expect(created.note?.note_html).not.toMatch(/<script|<img|href="javascript:/i);
  });

  it('pages discussions with x-next-page-cursor until none remain', async () => {
    const all = await discussions(owner);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 20; i++) {
      const response = await send(
        owner,
        'GET',
        `${base}/discussions.json?per_page=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      const page = response.json<Discussion[]>();
      seen.push(...page.map((d) => d.id));
      cursor = response.headers['x-next-page-cursor'] as string | undefined;
      if (!cursor) break;
      expect(page).toHaveLength(2);
    }
    expect(seen).toEqual(all.map((d) => d.id));
    const bad = await send(owner, 'GET', `${base}/discussions.json?cursor=nonsense`);
    expect(bad.statusCode).toBe(400);
  });

  it('filters comments only (1) and history only (2), and persists the choice when asked', async () => {
    const comments = await discussions(developer, '?notes_filter=1&persist_filter=true');
    expect(comments.every((d) => d.notes.every((n) => !n.system))).toBe(true);
    const history = await discussions(developer, '?notes_filter=2');
    expect(history.every((d) => d.notes.every((n) => n.system))).toBe(true);
    const data = (await send(developer, 'GET', `${base}/notes_data.json`)).json<NotesData>();
    expect(data.notesFilter).toBe(1);
    const remembered = await discussions(developer);
    expect(remembered.every((d) => d.notes.every((n) => !n.system))).toBe(true);
    await discussions(developer, '?notes_filter=0&persist_filter=true');
  });

  describe('internal notes', () => {
    let internalId: number;
    let internalDiscussion: string;
    beforeAll(async () => {
      const created = await comment(developer, 'Internal only', { internal: true });
      internalId = created.note?.id ?? 0;
      internalDiscussion = created.note?.discussion_id ?? '';
      const reply = await send(owner, 'POST', `${base}/notes`, {
        note: { note: 'Reply asks to be public', internal: false },
        in_reply_to_discussion_id: internalDiscussion,
      });
      expect(reply.json<CreateNoteResponse>().note?.internal).toBe(true);
    });

    const ids = (list: Discussion[]) => list.flatMap((d) => d.notes.map((n) => n.id));

    it('are never sent to visitors, outsiders or guests: page JSON and polling', async () => {
      for (const user of [null, outsider, guest]) {
        const list = await discussions(user);
        expect(ids(list)).not.toContain(internalId);
        expect(list.some((d) => d.id === internalDiscussion)).toBe(false);
        const poll = (await send(user, 'GET', `${base}/notes`)).json<NotesPollResponse>();
        expect(poll.notes.some((n) => n.internal)).toBe(false);
        expect(poll.note_ids).not.toContain(internalId);
      }
      expect(ids(await discussions(developer))).toContain(internalId);
    });

    it('are never sent to non-members over REST v4 either', async () => {
      const rest = `/api/v4/projects/${project.project.id}/merge_requests/1`;
      for (const user of [null, outsider, guest]) {
        const list = await send(user, 'GET', `${rest}/notes?per_page=100`);
        expect(list.json<Array<{ id: number }>>().map((n) => n.id)).not.toContain(internalId);
        expect((await send(user, 'GET', `${rest}/notes/${internalId}`)).statusCode).toBe(404);
        const threads = await send(user, 'GET', `${rest}/discussions?per_page=100`);
        expect(threads.json<Array<{ id: string }>>().map((d) => d.id)).not.toContain(internalDiscussion);
      }
      expect((await send(developer, 'GET', `${rest}/notes/${internalId}`)).json()).toMatchObject({
        internal: true,
      });
    });

    it('cannot be written by guests', async () => {
      const response = await send(guest, 'POST', `${base}/notes`, { note: { note: 'psst', internal: true } });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('edit, delete and resolve follow the current_user flags', () => {
    it('lets the author edit, not others; a maintainer deletes, a developer cannot delete others’ notes', async () => {
      const created = await comment(developer, 'First version');
      const path = created.note?.path ?? '';
      const asOwner = (await discussions(owner))
        .flatMap((d) => d.notes)
        .find((n) => n.id === created.note?.id);
      expect(asOwner?.current_user.can_edit).toBe(false);

      const byOwner = await send(owner, 'PUT', path, { note: { note: 'Hijacked' } });
      expect(byOwner.statusCode).toBe(403);
      clock.advance(1000);
      const edited = await send(developer, 'PUT', path, { note: { note: 'Second version' } });
      expect(edited.statusCode).toBe(200);
      expect(edited.json<Note>()).toMatchObject({
        note: 'Second version',
        last_edited_by: { id: developer.id },
      });

      const ownerNote = await comment(owner, 'Owner speaks');
      expect((await send(developer, 'DELETE', ownerNote.note?.path ?? '')).statusCode).toBe(403);
      expect((await send(owner, 'DELETE', path)).statusCode).toBe(204);
      expect((await send(owner, 'DELETE', path)).statusCode).toBe(404);
    });

    it('resolves and reopens a thread; guests may not', async () => {
      const thread = await comment(developer, 'Fix this', { type: 'DiscussionNote' });
      const resolvePath = thread.discussion?.resolve_path ?? '';
      expect((await send(guest, 'POST', resolvePath)).statusCode).toBe(403);
      const resolved = await send(developer, 'POST', resolvePath);
      expect(resolved.statusCode).toBe(200);
      expect(resolved.json<{ discussion: Discussion }>().discussion).toMatchObject({
        resolved: true,
        resolved_by: { id: developer.id },
        expanded: false,
      });
      const reopened = await send(developer, 'DELETE', resolvePath);
      expect(reopened.json<{ discussion: Discussion }>().discussion.resolved).toBe(false);
      const byNote = await send(developer, 'POST', `/${project.fullPath}/-/notes/${thread.note?.id}/resolve`);
      expect(byNote.json<{ discussion: Discussion }>().discussion.resolved).toBe(true);
    });
  });

  it('polls only the notes changed since X-Last-Fetched-At, and lists every id so deletions show', async () => {
    // Past the 5-second overlap of every earlier note.
    clock.advance(10_000);
    const first = (await send(owner, 'GET', `${base}/notes`)).json<NotesPollResponse>();
    clock.advance(10_000);
    const fresh = await comment(developer, 'Fresh');
    const polled = await t.app.inject({
      method: 'GET',
      url: `${base}/notes`,
      headers: { ...owner.headers, 'x-last-fetched-at': String(first.last_fetched_at) },
    });
    const body = polled.json<NotesPollResponse>();
    expect(body.notes.map((n) => n.id)).toEqual([fresh.note?.id]);
    expect(body.last_fetched_at).toBe(clock.now().getTime() * 1000);
    await send(developer, 'DELETE', fresh.note?.path ?? '');
    const after = await t.app.inject({
      method: 'GET',
      url: `${base}/notes`,
      headers: { ...owner.headers, 'x-last-fetched-at': String(body.last_fetched_at) },
    });
    expect(after.json<NotesPollResponse>().note_ids).not.toContain(fresh.note?.id);
  });

  it('toggles an emoji award on a note, and refuses a name that is no emoji', async () => {
    const created = await comment(developer, 'Award me');
    const path = created.note?.toggle_award_path ?? '';
    const awarded = await send(owner, 'POST', path, { name: 'thumbsup' });
    expect(awarded.statusCode, awarded.body).toBe(200);
    const awards = async () =>
      (await discussions(owner)).flatMap((d) => d.notes).find((n) => n.id === created.note?.id)?.award_emoji;
    expect(await awards()).toEqual([
      expect.objectContaining({
        name: 'thumbsup',
        user: expect.objectContaining({ id: owner.id }) as unknown,
      }),
    ]);
    expect((await send(owner, 'POST', path, { name: '<img src=x onerror=alert(1)>' })).statusCode).toBe(404);
    await send(owner, 'POST', path, { name: 'thumbsup' });
    expect(await awards()).toEqual([]);
    expect((await send(null, 'POST', path, { name: 'tada' })).statusCode).toBe(401);
  });

  it('serves notes_data.json with what the Activity section mounts with', async () => {
    const response = await send(developer, 'GET', `${base}/notes_data.json`);
    expect(response.statusCode).toBe(200);
    expect(response.json<NotesData>()).toMatchObject({
      discussionsPath: `${base}/discussions.json`,
      notesPath: `${base}/notes`,
      draftsPath: `${base}/draft_notes`,
      noteableType: 'MergeRequest',
      projectId: project.project.id,
      noteableData: {
        iid: 1,
        discussion_locked: false,
        targetType: 'merge_request',
        create_note_path: `${base}/notes`,
        current_user: { can_create_note: true, can_create_confidential_note: true, can_update: true },
      },
      currentUserData: { id: developer.id, username: developer.username },
    });
    const anonymous = (await send(null, 'GET', `${base}/notes_data.json`)).json<NotesData>();
    expect(anonymous.currentUserData).toBeNull();
    expect(anonymous.noteableData.current_user.can_create_note).toBe(false);
  });
});
