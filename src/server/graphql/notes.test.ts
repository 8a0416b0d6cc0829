import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCESS_LEVELS } from '../../shared/access/accessLevels';
import type { CreateNoteResponse, Discussion } from '../../shared/api/notes';
import { buildProject, buildUser, type TestUser } from '../../../test/support/factories';
import { addProjectMember, buildMergeRequest } from '../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import type { ProjectContext } from '../features/projects/projects.service';
import { subscriptionClient } from '../../../test/support/graphql-ws';

type Received = Array<Record<string, { id: string; body?: string; internal?: boolean }>>;

/** Subscribes and collects every message; `ready` once the server has the subscription. */
function collect(client: Client, query: string, noteableId: string) {
  const received: Received = [];
  const unsubscribe = client.subscribe<Received[number]>(
    { query, variables: { id: noteableId } },
    {
      next: (message) => message.data && received.push(message.data),
      error: () => undefined,
      complete: () => undefined,
    },
  );
  const ready = new Promise<void>((resolve) => client.on('connected', () => setTimeout(resolve, 150)));
  return { received, ready, unsubscribe };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('notes over GraphQL', () => {
  let t: TestApp;
  let url: string;
  let owner: TestUser;
  let reporter: TestUser;
  let outsider: TestUser;
  let project: ProjectContext;
  let base: string;
  let noteableId: string;

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
    reporter = await buildUser(t.container);
    outsider = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'public' });
    await addProjectMember(t.container, project, reporter, ACCESS_LEVELS.reporter);
    const mr = await buildMergeRequest(t.container, owner, project);
    base = `/${project.fullPath}/-/merge_requests/${mr.mergeRequest.iid}`;
    noteableId = `gid://gitlab/MergeRequest/${mr.mergeRequest.id}`;
  });
  afterAll(() => t.close());

  const graphql = async (user: TestUser | null, query: string, variables: Record<string, unknown> = {}) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: user?.headers ?? {},
      payload: { query, variables },
    });
    return response.json<{ data?: Record<string, unknown>; errors?: unknown[] }>();
  };

  const comment = async (user: TestUser, note: string, internal = false) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${base}/notes`,
      headers: user.headers,
      payload: { note: { note, internal } },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CreateNoteResponse>().note!;
  };

  const NOTE_QUERY = `query($id: NoteID!) { note(id: $id) {
    id body bodyHtml internal url author { username }
    userPermissions { awardEmoji adminNote readNote createNote resolveNote }
    discussion { id notes { nodes { body } } }
  } }`;

  it('answers note(id) with its permissions for the asker', async () => {
    const note = await comment(owner, 'Hello *there*');
    const asOwner = await graphql(owner, NOTE_QUERY, { id: `gid://gitlab/Note/${note.id}` });
    expect(asOwner.data?.note).toEqual({
      id: `gid://gitlab/Note/${note.id}`,
      body: 'Hello *there*',
      bodyHtml: '<p>Hello <em>there</em></p>',
      internal: false,
      url: expect.stringMatching(new RegExp(`${base}#note_${note.id}$`)) as unknown,
      author: { username: owner.username },
      userPermissions: {
        awardEmoji: true,
        adminNote: true,
        readNote: true,
        createNote: true,
        resolveNote: false,
      },
      discussion: {
        id: `gid://gitlab/Discussion/${note.discussion_id}`,
        notes: { nodes: [{ body: 'Hello *there*' }] },
      },
    });
    const asVisitor = await graphql(null, NOTE_QUERY, { id: `gid://gitlab/Note/${note.id}` });
    expect(asVisitor.data?.note).toMatchObject({
      userPermissions: { adminNote: false, createNote: false, readNote: true },
    });
  });

  it('answers null for an internal note to those who may not read it', async () => {
    const note = await comment(owner, 'Between us', true);
    const id = `gid://gitlab/Note/${note.id}`;
    expect((await graphql(outsider, NOTE_QUERY, { id })).data?.note).toBeNull();
    expect((await graphql(null, NOTE_QUERY, { id })).data?.note).toBeNull();
    expect((await graphql(reporter, NOTE_QUERY, { id })).data?.note).toMatchObject({ internal: true });
  });

  it('locks a merge request’s discussion: members still comment, others get 403, a system note says so', async () => {
    const mutation = `mutation($input: MergeRequestSetLockedInput!) {
      mergeRequestSetLocked(input: $input) { mergeRequest { discussionLocked } errors } }`;
    const iid = base.split('/').pop()!;
    const refused = await graphql(outsider, mutation, {
      input: { projectPath: project.fullPath, iid, locked: true },
    });
    expect(refused.data?.mergeRequestSetLocked).toEqual({ mergeRequest: null, errors: ['403 Forbidden'] });
    const locked = await graphql(owner, mutation, {
      input: { projectPath: project.fullPath, iid, locked: true },
    });
    expect(locked.data?.mergeRequestSetLocked).toEqual({
      mergeRequest: { discussionLocked: true },
      errors: [],
    });

    const byOutsider = await t.app.inject({
      method: 'POST',
      url: `${base}/notes`,
      headers: outsider.headers,
      payload: { note: { note: 'Let me in' } },
    });
    expect(byOutsider.statusCode).toBe(403);
    await comment(reporter, 'Members may');
    const history = await t.app.inject({
      method: 'GET',
      url: `${base}/discussions.json?notes_filter=2`,
      headers: owner.headers,
    });
    const texts = history.json<Discussion[]>().map((d) => d.notes[0]?.note);
    expect(texts).toContain('locked the discussion in this merge request');

    await graphql(owner, mutation, { input: { projectPath: project.fullPath, iid, locked: false } });
  });

  it('locks an issue’s discussion: a Reporter may, its author without the role is refused and nothing is written', async () => {
    const mutation = `mutation($input: IssueSetLockedInput!) {
      issueSetLocked(input: $input) { issue { iid discussionLocked } errors } }`;
    // Written by someone who is not a member: an author, yet not one who may lock (Reporter and up).
    const { record } = await t.container.issues.create(outsider, project.project.id, {
      title: 'Crash on start',
    });
    const iid = String(record.issue.iid);
    const issueApi = `/api/v4/projects/${project.project.id}/issues/${iid}`;
    const issuePage = `/${project.fullPath}/-/issues/${iid}`;
    const setLocked = (user: TestUser | null, locked: boolean) =>
      graphql(user, mutation, { input: { projectPath: project.fullPath, iid, locked } });
    const state = async () => {
      const issue = await t.app.inject({ method: 'GET', url: issueApi, headers: owner.headers });
      const notes = await t.app.inject({ method: 'GET', url: `${issueApi}/notes`, headers: owner.headers });
      return {
        locked: issue.json<{ discussion_locked: boolean }>().discussion_locked,
        notes: notes.json<Array<{ body: string }>>().map((n) => n.body),
      };
    };

    expect((await setLocked(outsider, true)).data?.issueSetLocked).toEqual({
      issue: null,
      errors: ['403 Forbidden'],
    });
    expect((await setLocked(null, true)).data?.issueSetLocked).toMatchObject({ issue: null });
    expect(await state()).toEqual({ locked: false, notes: [] });

    expect((await setLocked(reporter, true)).data?.issueSetLocked).toEqual({
      issue: { iid, discussionLocked: true },
      errors: [],
    });
    const byAuthor = await t.app.inject({
      method: 'POST',
      url: `${issuePage}/notes`,
      headers: outsider.headers,
      payload: { note: { note: 'Let me in' } },
    });
    expect(byAuthor.statusCode).toBe(403);
    expect(await state()).toEqual({ locked: true, notes: ['locked the discussion in this issue'] });

    expect((await setLocked(reporter, false)).data?.issueSetLocked).toEqual({
      issue: { iid, discussionLocked: false },
      errors: [],
    });
    expect((await state()).notes).toEqual([
      'unlocked the discussion in this issue',
      'locked the discussion in this issue',
    ]);
  });

  it('pushes new notes to subscribers within a second, internal ones only to those who may read them', async () => {
    const query = `subscription($id: NoteableID!) { workItemNoteCreated(noteableId: $id) { id body internal } }`;
    const member = subscriptionClient(url, reporter.token);
    const stranger = subscriptionClient(url, outsider.token);
    const forMember = collect(member, query, noteableId);
    const forStranger = collect(stranger, query, noteableId);
    await Promise.all([forMember.ready, forStranger.ready]);

    const secret = await comment(owner, 'Internal thought', true);
    const open = await comment(owner, 'Public thought');
    // Measured from the moment the second note's request answered: the push itself.
    const written = Date.now();
    for (let i = 0; i < 80 && forMember.received.length < 2; i++) await settle(10);
    expect(Date.now() - written).toBeLessThan(1000);
    await settle(300);

    const ids = (list: Received) => list.map((m) => m.workItemNoteCreated?.id);
    expect(ids(forMember.received)).toEqual([
      `gid://gitlab/Note/${secret.id}`,
      `gid://gitlab/Note/${open.id}`,
    ]);
    expect(ids(forStranger.received)).toEqual([`gid://gitlab/Note/${open.id}`]);
    expect(JSON.stringify(forStranger.received)).not.toContain('Internal thought');
    await Promise.all([member.dispose(), stranger.dispose()]);
  });

  it('tells subscribers a note was deleted, and not an internal one to those who may not read it', async () => {
    const query = `subscription($id: NoteableID!) { workItemNoteDeleted(noteableId: $id) { id } }`;
    const member = subscriptionClient(url, reporter.token);
    const stranger = subscriptionClient(url, outsider.token);
    const forMember = collect(member, query, noteableId);
    const forStranger = collect(stranger, query, noteableId);
    await Promise.all([forMember.ready, forStranger.ready]);
    const secret = await comment(owner, 'Soon gone', true);
    const open = await comment(owner, 'Also gone');
    for (const note of [secret, open]) {
      const response = await t.app.inject({ method: 'DELETE', url: note.path, headers: owner.headers });
      expect(response.statusCode).toBe(204);
    }
    await settle(400);
    const ids = (list: Received) => list.map((m) => m.workItemNoteDeleted?.id);
    expect(ids(forMember.received)).toEqual([
      `gid://gitlab/Note/${secret.id}`,
      `gid://gitlab/Note/${open.id}`,
    ]);
    expect(ids(forStranger.received)).toEqual([`gid://gitlab/Note/${open.id}`]);
    await Promise.all([member.dispose(), stranger.dispose()]);
  });

  it('reads a new note and its noteable once for all subscribers, each of them seeing it with their rights', async () => {
    const query = `subscription($id: NoteableID!) { workItemNoteCreated(noteableId: $id) { id body } }`;
    const viewers = [reporter, reporter, reporter, outsider, outsider];
    const sockets = viewers.map((viewer) => subscriptionClient(url, viewer.token));
    const subscriptions = sockets.map((socket) => collect(socket, query, noteableId));
    await Promise.all(subscriptions.map((subscription) => subscription.ready));
    const records = vi.spyOn(t.container.notes, 'noteRecord');
    const noteableReads = vi.spyOn(t.container.noteables, 'byIdForViewers');
    try {
      const secret = await comment(owner, 'Only for members', true);
      const open = await comment(owner, 'Seen by every tab');
      const heard = (i: number) => subscriptions[i]!.received.map((m) => m.workItemNoteCreated?.id);
      for (let i = 0; i < 100 && subscriptions.some((x) => x.received.length === 0); i++) await settle(10);
      await settle(100);
      for (const i of [0, 1, 2])
        expect(heard(i)).toEqual([`gid://gitlab/Note/${secret.id}`, `gid://gitlab/Note/${open.id}`]);
      for (const i of [3, 4]) expect(heard(i)).toEqual([`gid://gitlab/Note/${open.id}`]);
      // Each record is read once for the POST's answer and once for every subscriber together, and
      // the noteable once per note for all of them.
      for (const note of [secret, open])
        expect(records.mock.calls.filter(([noteId]) => noteId === note.id)).toHaveLength(2);
      expect(noteableReads).toHaveBeenCalledTimes(2);
    } finally {
      records.mockRestore();
      noteableReads.mockRestore();
      for (const socket of sockets) void socket.dispose();
    }
  });
});
