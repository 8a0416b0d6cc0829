import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Discussion, Note } from '../../src/shared/api/notes';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { buildMergeRequest, pushFile } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

describe('system notes', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner);
  });
  afterAll(() => t.close());

  const api = (iid: number) => `/api/v4/projects/${project.project.id}/merge_requests/${iid}`;
  const page = (iid: number) => `/${project.fullPath}/-/merge_requests/${iid}`;

  async function history(iid: number): Promise<Note[]> {
    const response = await t.app.inject({
      method: 'GET',
      url: `${page(iid)}/discussions.json?notes_filter=2`,
      headers: owner.headers,
    });
    return response.json<Discussion[]>().flatMap((d) => d.notes);
  }

  const put = (iid: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: api(iid), headers: owner.headers, payload });

  it('appear on push, title, description, draft, close, reopen and merge, with GitLab’s texts and icons', async () => {
    const mr = await buildMergeRequest(t.container, owner, project, { description: 'First words' });
    const { iid } = mr.mergeRequest;
    const branch = mr.mergeRequest.sourceBranch;
    const oldHead = mr.mergeRequest.headSha ?? '';
    const newHead = await pushFile(project, branch, {
      path: 'more.txt',
      content: 'more\n',
      message: 'Add more',
    });
    await t.container.pushHooks.run(
      { project, actor: owner, changes: [{ ref: `refs/heads/${branch}`, oldSha: oldHead, newSha: newHead }] },
      (error) => {
        throw error;
      },
    );
    expect((await put(iid, { title: 'Better title' })).statusCode).toBe(200);
    expect((await put(iid, { description: 'Second words' })).statusCode).toBe(200);
    expect((await put(iid, { draft: true })).statusCode).toBe(200);
    expect((await put(iid, { draft: false })).statusCode).toBe(200);
    expect((await put(iid, { state_event: 'close' })).statusCode).toBe(200);
    expect((await put(iid, { state_event: 'reopen' })).statusCode).toBe(200);
    const merged = await t.app.inject({ method: 'PUT', url: `${api(iid)}/merge`, headers: owner.headers });
    expect(merged.statusCode, merged.body).toBe(200);

    const notes = await history(iid);
    expect(notes.map((n) => [n.note.split('\n')[0], n.system_note_icon_name])).toEqual([
      ['added 1 commit', 'commit'],
      [`changed title from **Add ${branch}** to **Better title**`, 'pencil'],
      ['changed the description', 'pencil'],
      ['marked this merge request as **draft**', 'pencil'],
      ['marked this merge request as **ready**', 'pencil'],
      ['closed', 'status_closed'],
      ['reopened', 'status_open'],
      ['merged', 'merge'],
    ]);
    expect(notes[0]?.commits).toEqual([{ id: newHead, short_id: newHead.slice(0, 8), title: 'Add more' }]);
    expect(notes[0]?.note).toContain(`* ${newHead.slice(0, 8)} - Add more`);
    expect(notes.every((n) => n.author?.id === owner.id && n.system)).toBe(true);
  });

  it('keeps description versions: compare with the previous one, and soft delete to "Deleted"', async () => {
    const mr = await buildMergeRequest(t.container, owner, project, { description: 'alpha beta gamma' });
    const { iid } = mr.mergeRequest;
    await put(iid, { description: 'alpha delta gamma' });
    const note = (await history(iid)).find((n) => n.note === 'changed the description');
    expect(note).toMatchObject({ description_version_deleted: false, can_delete_description_version: true });

    const diff = await t.app.inject({
      method: 'GET',
      url: note?.description_diff_path ?? '',
      headers: owner.headers,
    });
    expect(diff.statusCode).toBe(200);
    expect(diff.headers['content-type']).toContain('text/html');
    expect(diff.body).toBe(
      'alpha <span class="idiff deletion">beta</span><span class="idiff addition">delta</span> gamma',
    );

    const removed = await t.app.inject({
      method: 'DELETE',
      url: note?.delete_description_version_path ?? '',
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    const after = (await history(iid)).find((n) => n.note === 'changed the description');
    expect(after).toMatchObject({ description_version_deleted: true, description_diff_path: null });
    const gone = await t.app.inject({
      method: 'GET',
      url: note?.description_diff_path ?? '',
      headers: owner.headers,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('escapes hostile text in a description diff', async () => {
    const mr = await buildMergeRequest(t.container, owner, project, { description: 'safe' });
    await put(mr.mergeRequest.iid, { description: 'safe <img src=x onerror=alert(1)>' });
    const note = (await history(mr.mergeRequest.iid)).find((n) => n.note === 'changed the description');
    const diff = await t.app.inject({
      method: 'GET',
      url: note?.description_diff_path ?? '',
      headers: owner.headers,
    });
    expect(diff.body).not.toContain('<img');
    expect(diff.body).toContain('&lt;img');
  });
});
