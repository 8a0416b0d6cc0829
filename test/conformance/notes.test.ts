import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { gitlabClient } from '../support/gitlab-client';
import { addProjectMember, buildMergeRequest } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

describe('notes, discussions and draft notes through @gitbeaker/rest', () => {
  let t: TestApp;
  let owner: TestUser;
  let reviewer: TestUser;
  let project: ProjectContext;
  let host: string;
  let gitlab: ReturnType<typeof gitlabClient>;
  let asReviewer: ReturnType<typeof gitlabClient>;
  let iid: number;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
    reviewer = await buildUser(t.container, { name: 'Rita Reviewer' });
    project = await buildProject(t.container, owner, { visibility: 'private' });
    await addProjectMember(t.container, project, reviewer, ACCESS_LEVELS.developer);
    host = await t.listen();
    gitlab = gitlabClient(host, owner.token);
    asReviewer = gitlabClient(host, reviewer.token);
    iid = (await buildMergeRequest(t.container, owner, project)).mergeRequest.iid;
  });
  afterAll(() => t.close());

  it('creates, lists, shows, edits and deletes merge request notes (MergeRequestNotes)', async () => {
    const note = await gitlab.MergeRequestNotes.create(project.project.id, iid, 'First!');
    expect(note).toMatchObject({
      body: 'First!',
      type: null,
      system: false,
      noteable_type: 'MergeRequest',
      noteable_iid: iid,
      project_id: project.project.id,
      author: { username: owner.username },
      resolvable: false,
      internal: false,
      confidential: false,
    });
    await gitlab.MergeRequestNotes.create(project.fullPath, iid, 'Second');

    const all = await gitlab.MergeRequestNotes.all(project.project.id, iid, { sort: 'asc' });
    expect(all.filter((n) => !n.system).map((n) => n.body)).toEqual(['First!', 'Second']);
    const shown = await gitlab.MergeRequestNotes.show(project.project.id, iid, note.id);
    expect(shown.id).toBe(note.id);

    const edited = await gitlab.MergeRequestNotes.edit(project.project.id, iid, note.id, {
      body: 'First, edited',
    });
    expect(edited.body).toBe('First, edited');
    await gitlab.MergeRequestNotes.remove(project.project.id, iid, note.id);
    await expect(gitlab.MergeRequestNotes.show(project.project.id, iid, note.id)).rejects.toThrow();
  });

  it('paginates notes with GitLab’s headers', async () => {
    for (const n of [1, 2, 3])
      await gitlab.MergeRequestNotes.create(project.project.id, iid, `page note ${n}`);
    const response = await fetch(
      `${host}/api/v4/projects/${project.project.id}/merge_requests/${iid}/notes?per_page=2&sort=asc`,
      { headers: owner.headers },
    );
    expect(response.headers.get('x-per-page')).toBe('2');
    expect(response.headers.get('x-next-page')).toBe('2');
    expect(Number(response.headers.get('x-total'))).toBeGreaterThanOrEqual(3);
    expect(response.headers.get('link')).toContain('rel="next"');
  });

  it('starts a thread, replies, resolves it, edits and removes a reply (MergeRequestDiscussions)', async () => {
    const thread = await asReviewer.MergeRequestDiscussions.create(project.project.id, iid, 'Why this?');
    expect(thread).toMatchObject({
      individual_note: false,
      notes: [{ body: 'Why this?', type: 'DiscussionNote', resolvable: true, resolved: false }],
    });
    const reply = await gitlab.MergeRequestDiscussions.addNote(
      project.project.id,
      iid,
      thread.id,
      'Because.',
    );
    expect(reply).toMatchObject({ body: 'Because.', type: 'DiscussionNote' });

    const resolved = await fetch(
      `${host}/api/v4/projects/${project.project.id}/merge_requests/${iid}/discussions/${thread.id}?resolved=true`,
      { method: 'PUT', headers: owner.headers },
    );
    expect(resolved.status, await resolved.clone().text()).toBe(200);
    const body = (await resolved.json()) as {
      notes: Array<{ resolved: boolean; resolved_by: { username: string } }>;
    };
    expect(body.notes.every((n) => n.resolved && n.resolved_by.username === owner.username)).toBe(true);

    const shown = await gitlab.MergeRequestDiscussions.show(project.project.id, iid, thread.id);
    const shownNotes = shown.notes as Array<{ body: string }> | undefined;
    expect(shownNotes?.map((n) => n.body)).toEqual(['Why this?', 'Because.']);
    const edited = await gitlab.MergeRequestDiscussions.editNote(
      project.project.id,
      iid,
      thread.id,
      reply.id,
      {
        body: 'Because it is faster.',
      },
    );
    expect(edited.body).toBe('Because it is faster.');
    await gitlab.MergeRequestDiscussions.removeNote(project.project.id, iid, thread.id, reply.id);
    const all = await gitlab.MergeRequestDiscussions.all(project.project.id, iid);
    expect(all.find((d) => d.id === thread.id)?.notes).toHaveLength(1);
  });

  it('writes issue notes (IssueNotes)', async () => {
    const { record } = await t.container.issues.create(owner, project.project.id, { title: 'Crash' });
    const note = await gitlab.IssueNotes.create(project.project.id, record.issue.iid, 'Seen it too');
    expect(note).toMatchObject({
      body: 'Seen it too',
      noteable_type: 'Issue',
      noteable_iid: record.issue.iid,
    });
    const all = await gitlab.IssueNotes.all(project.project.id, record.issue.iid);
    expect(all.map((n) => n.body)).toContain('Seen it too');
  });

  it('keeps drafts to their author until published, one or all at once (MergeRequestDraftNotes)', async () => {
    const draft = await asReviewer.MergeRequestDraftNotes.create(project.project.id, iid, 'Pending thought');
    expect(draft).toMatchObject({
      note: 'Pending thought',
      author_id: reviewer.id,
      resolve_discussion: false,
    });
    expect(await gitlab.MergeRequestDraftNotes.all(project.project.id, iid)).toEqual([]);
    const edited = await asReviewer.MergeRequestDraftNotes.edit(project.project.id, iid, draft.id, {
      note: 'Pending, reworded',
    });
    expect(edited.note).toBe('Pending, reworded');
    expect((await asReviewer.MergeRequestDraftNotes.show(project.project.id, iid, draft.id)).id).toBe(
      draft.id,
    );

    await asReviewer.MergeRequestDraftNotes.publish(project.project.id, iid, draft.id);
    const second = await asReviewer.MergeRequestDraftNotes.create(project.project.id, iid, 'Two');
    await asReviewer.MergeRequestDraftNotes.create(project.project.id, iid, 'Three');
    await asReviewer.MergeRequestDraftNotes.publishBulk(project.project.id, iid);
    expect(await asReviewer.MergeRequestDraftNotes.all(project.project.id, iid)).toEqual([]);
    const bodies = (await gitlab.MergeRequestNotes.all(project.project.id, iid)).map((n) => n.body);
    expect(bodies).toEqual(expect.arrayContaining(['Pending, reworded', 'Two', 'Three']));

    const gone = await asReviewer.MergeRequestDraftNotes.create(project.project.id, iid, 'Never mind');
    await asReviewer.MergeRequestDraftNotes.remove(project.project.id, iid, gone.id);
    await expect(
      asReviewer.MergeRequestDraftNotes.show(project.project.id, iid, second.id),
    ).rejects.toThrow();
  });
});
