import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import type { CreateNoteResponse, Discussion, NotesData } from '../../src/shared/api/notes';
import { listDraftNotes } from '../../src/server/features/notes/notes.repo';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { addProjectMember, buildMergeRequest } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

describe('notes on issues, locked and archived noteables', () => {
  let t: TestApp;
  let owner: TestUser;
  let guest: TestUser;
  let outsider: TestUser;
  let project: ProjectContext;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    guest = await buildUser(t.container);
    outsider = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'public' });
    await addProjectMember(t.container, project, guest, ACCESS_LEVELS.guest);
    const { record } = await t.container.issues.create(owner, project.project.id, { title: 'Crash' });
    base = `/${project.fullPath}/-/issues/${record.issue.iid}`;
  });
  afterAll(() => t.close());

  const post = (user: TestUser, url: string, note: string) =>
    t.app.inject({ method: 'POST', url, headers: user.headers, payload: { note: { note } } });

  it('comments on an issue, which has no resolvable threads and no drafts', async () => {
    const response = await post(outsider, `${base}/notes`, 'Me too');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<CreateNoteResponse>().note).toMatchObject({
      noteable_type: 'Issue',
      resolvable: false,
    });
    const thread = await t.app.inject({
      method: 'POST',
      url: `${base}/notes`,
      headers: owner.headers,
      payload: { note: { note: 'A thread', type: 'DiscussionNote' } },
    });
    expect(thread.json<CreateNoteResponse>().discussion).toMatchObject({
      individual_note: false,
      resolvable: false,
    });
    const data = (
      await t.app.inject({ method: 'GET', url: `${base}/notes_data.json`, headers: owner.headers })
    ).json<NotesData>();
    expect(data).toMatchObject({
      noteableType: 'Issue',
      draftsPath: null,
      noteableData: { targetType: 'issue' },
    });
  });

  it('in a locked discussion, members comment and others get 403', async () => {
    await t.container.issues.setLocked(owner, project.fullPath, 1, true);
    expect((await post(outsider, `${base}/notes`, 'Let me in')).statusCode).toBe(403);
    expect((await post(guest, `${base}/notes`, 'Member here')).statusCode).toBe(201);
    const data = (
      await t.app.inject({ method: 'GET', url: `${base}/notes_data.json`, headers: outsider.headers })
    ).json<NotesData>();
    expect(data.noteableData).toMatchObject({
      discussion_locked: true,
      current_user: { can_create_note: false },
    });
    await t.container.issues.setLocked(owner, project.fullPath, 1, false);
  });

  it('in an archived project, nobody comments, not even the owner', async () => {
    const archived = await buildProject(t.container, owner, { visibility: 'public' });
    await buildMergeRequest(t.container, owner, archived);
    await t.container.projects.setArchived(owner, archived.project.id, true);
    const url = `/${archived.fullPath}/-/merge_requests/1/notes`;
    expect((await post(owner, url, 'Too late')).statusCode).toBe(403);
    const list = await t.app.inject({
      method: 'GET',
      url: `/${archived.fullPath}/-/merge_requests/1/discussions.json`,
    });
    expect(list.json<Discussion[]>().some((d) => d.notes.some((n) => n.note === 'Too late'))).toBe(false);
  });

  it('in an archived project, notes are read-only: no edit, delete, resolve or pending comment, nothing written', async () => {
    const archived = await buildProject(t.container, owner, { visibility: 'public' });
    const reviewer = await buildUser(t.container);
    await addProjectMember(t.container, archived, reviewer, ACCESS_LEVELS.developer);
    const { mergeRequest } = await buildMergeRequest(t.container, owner, archived);
    const page = `/${archived.fullPath}/-/merge_requests/${mergeRequest.iid}`;
    const api = `/api/v4/projects/${archived.project.id}/merge_requests/${mergeRequest.iid}`;
    const send = (user: TestUser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
    const started = await send(owner, 'POST', `${page}/notes`, {
      note: { note: 'Rename the cart', type: 'DiscussionNote' },
    });
    const { note, discussion } = started.json<CreateNoteResponse>();
    const noteId = note!.id;
    const threadId = discussion!.id;
    const pending = await send(reviewer, 'POST', `${page}/draft_notes`, { draft_note: { note: 'Pending' } });
    const draftPath = pending.json<{ path: string }>().path;
    await t.container.projects.setArchived(owner, archived.project.id, true);
    const snapshot = async () => ({
      threads: (await t.app.inject({ url: `${page}/discussions.json`, headers: owner.headers })).json(),
      drafts: await listDraftNotes(t.container.db, mergeRequest.id, reviewer.id),
    });
    const before = await snapshot();
    expect(before.threads).toMatchObject([{ resolved: false, notes: [{ note: 'Rename the cart' }] }]);
    expect(before.drafts).toMatchObject([{ note: 'Pending' }]);

    const attempts: Array<[TestUser, 'POST' | 'PUT' | 'DELETE', string, object?]> = [
      // Editing one's own note, on the page and over REST.
      [owner, 'PUT', `/${archived.fullPath}/-/notes/${noteId}`, { note: { note: 'Edited' } }],
      [owner, 'PUT', `${api}/notes/${noteId}`, { body: 'Edited' }],
      // Deleting it, even as the project's owner.
      [owner, 'DELETE', `/${archived.fullPath}/-/notes/${noteId}`],
      [owner, 'DELETE', `${api}/notes/${noteId}`],
      // Resolving the thread, by its thread and by its note.
      [owner, 'PUT', `${page}/discussions/${threadId}/resolve`],
      [owner, 'POST', `/${archived.fullPath}/-/notes/${noteId}/resolve`],
      [owner, 'PUT', `${api}/discussions/${threadId}?resolved=true`],
      // Starting a review, over REST and on the page, and publishing one begun before.
      [reviewer, 'POST', `${api}/draft_notes`, { note: 'Late finding' }],
      [reviewer, 'POST', `${page}/draft_notes`, { draft_note: { note: 'Late finding' } }],
      [reviewer, 'PUT', draftPath, { draft_note: { note: 'Edited' } }],
      [reviewer, 'POST', `${draftPath}/publish`],
      [reviewer, 'POST', `${page}/draft_notes/bulk_publish`],
    ];
    for (const [user, method, url, payload] of attempts) {
      const response = await send(user, method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});
