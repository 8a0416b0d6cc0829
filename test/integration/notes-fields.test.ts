import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mergeRequests } from '../../src/server/db/schema';
import { commitFiles } from '../../src/server/git/commits';
import { ACCESS_LEVELS } from '../../src/shared/access/accessLevels';
import type { Discussion, NotePosition } from '../../src/shared/api/notes';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { addProjectMember, buildMergeRequest, testAuthor } from '../support/merge-request-factories';
import { countQueries } from '../support/queries';
import { createTestApp, type TestApp } from '../support/test-app';
import { insertMember } from '../../src/server/features/members/members.repo';

const numbered = (count: number, changed: Record<number, string> = {}) =>
  Array.from({ length: count }, (_, i) => changed[i + 1] ?? `line ${i + 1}`).join('\n') + '\n';

describe('note and discussion fields: truncated_diff_lines, is_contributor, attachment', () => {
  let t: TestApp;
  let owner: TestUser;
  let developer: TestUser;
  let outsider: TestUser;
  let project: ProjectContext;
  let base: string;
  let refs: { base_sha: string; start_sha: string; head_sha: string };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
    developer = await buildUser(t.container, { name: 'Dev Eloper' });
    outsider = await buildUser(t.container, { name: 'Otto Outsider' });
    project = await buildProject(t.container, owner, { visibility: 'public' });
    await addProjectMember(t.container, project, developer, ACCESS_LEVELS.developer);
    const commit = (branch: string, content: string) =>
      commitFiles(project.gitDir, {
        branch,
        startBranch: 'main',
        message: `app.txt on ${branch}`,
        author: testAuthor,
        changes: [{ action: branch === 'main' ? 'create' : 'update', path: 'app.txt', content }],
      });
    await commit('main', numbered(60));
    await commit('feature', numbered(60, { 5: 'line five, changed', 40: 'line forty, changed' }));
    const mr = await t.container.mergeRequests.create(owner, project.project.id, {
      source_branch: 'feature',
      target_branch: 'main',
      title: 'Feature',
    });
    base = `/${project.fullPath}/-/merge_requests/${mr.mergeRequest.iid}`;
    const latest = mr.latestDiff!;
    refs = {
      base_sha: latest.baseCommitSha,
      start_sha: latest.startCommitSha,
      head_sha: latest.headCommitSha,
    };
  });
  afterAll(() => t.close());

  const position = (lines: Partial<NotePosition>): NotePosition => ({
    ...refs,
    old_path: 'app.txt',
    new_path: 'app.txt',
    position_type: 'text',
    ...lines,
  });

  async function post(user: TestUser, note: Record<string, unknown>) {
    const response = await t.app.inject({
      method: 'POST',
      url: `${base}/notes`,
      headers: user.headers,
      payload: { note },
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  async function discussions(user: TestUser | null) {
    const response = await t.app.inject({
      method: 'GET',
      url: `${base}/discussions.json?per_page=100`,
      headers: user?.headers ?? {},
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Discussion[]>();
  }

  const threadWith = (list: Discussion[], text: string) => {
    const found = list.find((d) => d.notes[0]?.note === text);
    if (!found) throw new Error(`no thread "${text}"`);
    return found;
  };

  it('gives a diff thread the lines of its hunk up to the commented line, at most 16', async () => {
    await post(owner, {
      note: 'On line forty',
      type: 'DiffNote',
      position: position({ old_line: null, new_line: 40 }),
    });
    await post(owner, {
      note: 'On the removed line five',
      type: 'DiffNote',
      position: position({ old_line: 5, new_line: null }),
    });
    await post(owner, { note: 'Not on a line', type: 'DiscussionNote' });
    const list = await discussions(owner);

    const forty = threadWith(list, 'On line forty').truncated_diff_lines!;
    expect(forty).toHaveLength(5);
    expect(forty.map((line) => line.text)).toEqual([
      ' line 37',
      ' line 38',
      ' line 39',
      '-line 40',
      '+line forty, changed',
    ]);
    expect(forty.at(-1)).toMatchObject({ type: 'new', old_line: null, new_line: 40 });
    expect(forty.at(-1)!.rich_text).toContain('line forty, changed');
    expect(forty.at(-1)!.line_code).toMatch(/^[0-9a-f]{40}_\d+_40$/);
    expect(forty[0]).not.toHaveProperty('meta_data');

    const five = threadWith(list, 'On the removed line five').truncated_diff_lines!;
    expect(five.map((line) => line.text)).toEqual([' line 2', ' line 3', ' line 4', '-line 5']);

    const plain = threadWith(list, 'Not on a line');
    expect(plain.truncated_diff_lines).toBeNull();
    expect(plain.truncated_diff_lines_path).toBeNull();
  });

  it('sends a resolved diff thread’s lines behind truncated_diff_lines_path on the page, as GitLab does', async () => {
    await post(owner, {
      note: 'Resolved soon',
      type: 'DiffNote',
      position: position({ old_line: 39, new_line: 39 }),
    });
    const open = threadWith(await discussions(owner), 'Resolved soon');
    const resolved = await t.app.inject({ method: 'POST', url: open.resolve_path!, headers: owner.headers });
    expect(resolved.statusCode, resolved.body).toBe(200);
    // The resolve answer renders its lines (GitLab's render_truncated_diff_lines).
    expect(resolved.json<{ discussion: Discussion }>().discussion.truncated_diff_lines).toHaveLength(3);

    const collapsed = threadWith(await discussions(owner), 'Resolved soon');
    expect(collapsed.truncated_diff_lines).toBeNull();
    expect(collapsed.truncated_diff_lines_path).toBe(`${base}/discussions/${collapsed.id}`);
    const lazy = await t.app.inject({
      method: 'GET',
      url: collapsed.truncated_diff_lines_path!,
      headers: owner.headers,
    });
    expect(lazy.statusCode, lazy.body).toBe(200);
    expect(
      lazy.json<{ truncated_diff_lines: Array<{ text: string }> }>().truncated_diff_lines.map((l) => l.text),
    ).toEqual([' line 37', ' line 38', ' line 39']);
    const missing = await t.app.inject({
      method: 'GET',
      url: `${base}/discussions/${'0'.repeat(40)}`,
      headers: owner.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('answers a warm page of diff threads from memory, without reading the diff again', async () => {
    await discussions(owner);
    const forPath = vi.spyOn(t.container.diffs, 'forPath');
    try {
      const list = await discussions(owner);
      expect(threadWith(list, 'On line forty').truncated_diff_lines).toHaveLength(5);
      expect(forPath).not.toHaveBeenCalled();
    } finally {
      forPath.mockRestore();
    }
  });

  it('marks as contributor an author who is no member but had a merge request merged into the default branch', async () => {
    // Outsiders contribute through forks; here their merge request is written as the database has it.
    const merged = await buildMergeRequest(t.container, owner, project, { title: 'Outside help' });
    await t.deps.database.db
      .update(mergeRequests)
      .set({ authorId: outsider.id })
      .where(eq(mergeRequests.id, merged.mergeRequest.id));
    await post(outsider, { note: 'Thanks for the review!' });
    await post(developer, { note: 'A member comments.' });
    let list = await discussions(owner);
    expect(threadWith(list, 'Thanks for the review!').notes[0]!.is_contributor).toBe(false);

    await t.deps.database.db
      .update(mergeRequests)
      .set({ state: 'merged' })
      .where(eq(mergeRequests.id, merged.mergeRequest.id));
    list = await discussions(owner);
    const outsiderNote = threadWith(list, 'Thanks for the review!').notes[0]!;
    expect(outsiderNote.is_contributor).toBe(true);
    expect(outsiderNote.human_access).toBeNull();
    // Members are shown by their role instead, never as contributors.
    const memberNote = threadWith(list, 'A member comments.').notes[0]!;
    expect(memberNote.is_contributor).toBe(false);
    expect(memberNote.human_access).toBe('Developer');
    expect(threadWith(list, 'On line forty').notes[0]!.human_access).toBe('Owner');
  });

  it('names roles inherited from the project’s parent groups, as the project itself computes them', async () => {
    const parent = await t.container.groups.createGroup(owner, { name: 'Shop', path: `shop-${Date.now()}` });
    const child = await t.container.groups.createGroup(owner, {
      name: 'Web',
      path: 'web',
      parent_id: parent.group.id,
    });
    const inGroup = await buildProject(t.container, owner, { namespace_id: child.group.id });
    const maintainer = await buildUser(t.container, { name: 'Mae Maintainer' });
    await insertMember(
      t.container.db,
      { kind: 'group', id: parent.group.id },
      maintainer.id,
      ACCESS_LEVELS.maintainer,
    );
    const mr = await buildMergeRequest(t.container, owner, inGroup);
    const noteable = await t.container.noteables.byIid(
      maintainer,
      'MergeRequest',
      inGroup.project.id,
      mr.mergeRequest.iid,
    );
    await t.container.notes.create(maintainer, noteable, { body: 'From the parent group.' });
    const response = await t.app.inject({
      method: 'GET',
      url: `/${inGroup.fullPath}/-/merge_requests/${mr.mergeRequest.iid}/discussions.json`,
      headers: owner.headers,
    });
    const [thread] = response.json<Discussion[]>();
    expect(thread!.notes[0]).toMatchObject({ human_access: 'Maintainer', is_contributor: false });
  });

  it('sends attachment null on every note, on the page and over REST v4', async () => {
    const list = await discussions(owner);
    expect(list.flatMap((d) => d.notes).every((note) => note.attachment === null)).toBe(true);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v4/projects/${project.project.id}/merge_requests/1/notes`,
      headers: owner.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const notes = response.json<Array<{ attachment: unknown }>>();
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.every((note) => note.attachment === null)).toBe(true);
  });

  it('keeps internal diff threads from outsiders', async () => {
    await post(owner, {
      note: 'Internal, on line five',
      internal: true,
      type: 'DiffNote',
      position: position({ old_line: null, new_line: 5 }),
    });
    expect((await discussions(owner)).some((d) => d.notes[0]?.note === 'Internal, on line five')).toBe(true);
    const internal = (await discussions(owner)).find((d) => d.notes[0]?.note === 'Internal, on line five')!;
    for (const reader of [outsider, null]) {
      const list = await discussions(reader);
      expect(list.some((d) => d.notes.some((n) => n.note.startsWith('Internal')))).toBe(false);
      const lines = await t.app.inject({
        method: 'GET',
        url: `${base}/discussions/${internal.id}`,
        headers: reader?.headers ?? {},
      });
      expect(lines.statusCode).toBe(404);
    }
  });

  it('costs the same number of queries per page however many threads and authors it holds', async () => {
    const warmPage = async () => {
      await discussions(owner);
      return countQueries(t, () => discussions(owner));
    };
    const before = await warmPage();
    const authors = await Promise.all(
      [1, 2, 3, 4].map((n) => buildUser(t.container, { name: `Commenter ${n}` })),
    );
    for (const [index, author] of authors.entries()) {
      if (index % 2 === 0) await addProjectMember(t.container, project, author, ACCESS_LEVELS.reporter);
      await post(author, { note: `Thread ${index}`, type: 'DiscussionNote' });
      await post(author, {
        note: `Diff thread ${index}`,
        type: 'DiffNote',
        position: position({ old_line: null, new_line: 5 }),
      });
    }
    const after = await warmPage();
    expect((await discussions(owner)).length).toBeGreaterThan(10);
    expect(before).toBeGreaterThan(0);
    expect(after).toBe(before);
  });
});
