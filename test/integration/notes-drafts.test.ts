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
