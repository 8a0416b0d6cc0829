import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../test/support/factories';
import { addProjectMember, buildMergeRequest } from '../../../test/support/merge-request-factories';
import { subscriptionClient } from '../../../test/support/graphql-ws';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

const DEVELOPER = 30;

type Created = {
  workItemNoteCreated: {
    id: string;
    body: string;
    internal: boolean;
    userPermissions: { adminNote: boolean; awardEmoji: boolean };
  } | null;
};

/** A viewer's socket subscribed to one merge request's new notes, as the Activity section does. */
function viewer(url: string, user: TestUser, noteableId: string) {
  const client = subscriptionClient(url, user.token);
  const heard: NonNullable<Created['workItemNoteCreated']>[] = [];
  let connected!: () => void;
  const ready = new Promise<void>((resolve) => (connected = resolve));
  client.on('connected', () => setTimeout(connected, 200));
  client.subscribe<Created>(
    {
      query: `subscription($id: NoteableID!) { workItemNoteCreated(noteableId: $id) {
        id body internal userPermissions { adminNote awardEmoji } } }`,
      variables: { id: noteableId },
    },
    {
      next: ({ data }) => {
        if (data?.workItemNoteCreated) heard.push(data.workItemNoteCreated);
      },
      error: () => undefined,
      complete: () => undefined,
    },
  );
  return { client, heard, ready };
}

describe('note subscriptions with many viewers', () => {
  let t: TestApp;
  let url: string;
  let ada: TestUser;
  let grace: TestUser;
  let eve: TestUser;
  let notesUrl: string;
  let noteableId: string;

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
    ada = await buildUser(t.container);
    grace = await buildUser(t.container);
    eve = await buildUser(t.container);
    const project = await buildProject(t.container, ada, { visibility: 'public' });
    await addProjectMember(t.container, project, grace, DEVELOPER);
    const mr = await buildMergeRequest(t.container, ada, project, { source_branch: 'feature/live' });
    notesUrl = `/api/v4/projects/${project.project.id}/merge_requests/${mr.mergeRequest.iid}/notes`;
    noteableId = `gid://gitlab/MergeRequest/${mr.mergeRequest.id}`;
  });
  afterAll(() => t.close());

  it('gives each viewer the note with their own rights, and an internal note only to members', async () => {
    const viewers = [ada, grace, eve, ada].map((user) => ({ user, ...viewer(url, user, noteableId) }));
    await Promise.all(viewers.map((v) => v.ready));
    try {
      const posted = await t.app.inject({
        method: 'POST',
        url: notesUrl,
        headers: ada.headers,
        payload: { body: 'Seen by everyone.' },
      });
      expect(posted.statusCode).toBe(201);
      await expect.poll(() => viewers.map((v) => v.heard.length), { timeout: 5_000 }).toEqual([1, 1, 1, 1]);
      // Ada wrote it: she may administer it, on both of her sockets; the others may not.
      expect(viewers.map((v) => v.heard[0]?.userPermissions.adminNote)).toEqual([true, false, false, true]);
      expect(viewers.map((v) => v.heard[0]?.body)).toEqual(Array(4).fill('Seen by everyone.'));

      const internal = await t.app.inject({
        method: 'POST',
        url: notesUrl,
        headers: grace.headers,
        payload: { body: 'Members only.', internal: true },
      });
      expect(internal.statusCode).toBe(201);
      await expect.poll(() => viewers.map((v) => v.heard.length), { timeout: 5_000 }).toEqual([2, 2, 1, 2]);
      expect(viewers[1]?.heard[1]).toMatchObject({ body: 'Members only.', internal: true });
      // Eve, not a member, stays without it a while longer too.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(viewers[2]?.heard.map((note) => note.body)).toEqual(['Seen by everyone.']);
    } finally {
      await Promise.all(viewers.map(async (v) => v.client.dispose()));
    }
  });
});
