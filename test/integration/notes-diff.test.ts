import { writeFile, symlink, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFiles } from '../../src/server/git/commits';
import type { CreateNoteResponse, Discussion, NotePosition } from '../../src/shared/api/notes';
import { fileHash, lineCode } from '../../src/shared/diff/lineCode';
import { POSITION_REFUSALS } from '../../src/server/features/notes/diff-position';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { testAuthor } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { inWorkTree } from './git-helpers';

const numbered = (count: number, changed: Record<number, string> = {}) =>
  Array.from({ length: count }, (_, i) => changed[i + 1] ?? `line ${i + 1}`).join('\n') + '\n';

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('diff notes', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  let base: string;
  let refs: { base_sha: string; start_sha: string; head_sha: string };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'private' });
    // Built with a real git client in a work tree, since a symbolic link needs one.
    await inWorkTree(project.gitDir, ['main', 'feature'], async ({ dir, git, commitAll }) => {
      await writeFile(path.join(dir, 'app.txt'), numbered(30));
      await writeFile(path.join(dir, 'other.txt'), numbered(5));
      await writeFile(path.join(dir, 'old-name.txt'), 'moved, not changed\n');
      await symlink('README.md', path.join(dir, 'link'));
      await commitAll('Base files');
      await git(['checkout', '-b', 'feature']);
      await writeFile(
        path.join(dir, 'app.txt'),
        numbered(30, { 5: 'line five, changed', 28: 'line 28, changed' }),
      );
      await writeFile(path.join(dir, 'other.txt'), numbered(5, { 2: 'other two, changed' }));
      await git(['mv', 'old-name.txt', 'new-name.txt']);
      await rm(path.join(dir, 'link'));
      await writeFile(path.join(dir, 'link'), 'a file now\n');
      await writeFile(path.join(dir, 'logo.png'), PNG);
      await commitAll('Feature work');
    });

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

  const position = (file: string, lines: Partial<NotePosition>): NotePosition => ({
    ...refs,
    old_path: file,
    new_path: file,
    position_type: 'text',
    ...lines,
  });

  /** Tells the server `feature` moved, as a push does. */
  const pushed = (oldSha: string, newSha: string) =>
    t.container.pushHooks.run(
      { project, actor: owner, changes: [{ ref: 'refs/heads/feature', oldSha, newSha }] },
      (error) => {
        throw error;
      },
    );

  const post = (note: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `${base}/notes`, headers: owner.headers, payload: { note } });

  const countDiscussions = async () =>
    (await t.app.inject({ method: 'GET', url: `${base}/discussions.json`, headers: owner.headers })).json<
      Discussion[]
    >().length;

  it('comments on an added line and on a context line, with the line code of the line', async () => {
    const added = await post({
      note: 'Why five?',
      position: position('app.txt', { old_line: null, new_line: 5 }),
    });
    expect(added.statusCode, added.body).toBe(201);
    const body = added.json<CreateNoteResponse>();
    expect(body.note).toMatchObject({
      type: 'DiffNote',
      resolvable: true,
      // GitLab's code of an added line: its old position is where the old side stands (after the removed line).
      line_code: lineCode(fileHash('app.txt'), 6, 5),
      position: { new_line: 5, head_sha: refs.head_sha },
    });
    expect(body.discussion).toMatchObject({
      diff_discussion: true,
      active: true,
      diff_file: { file_hash: fileHash('app.txt'), file_path: 'app.txt' },
    });
    const context = await post({
      note: 'Context',
      position: position('app.txt', { old_line: 3, new_line: 3 }),
    });
    expect(context.statusCode, context.body).toBe(201);
  });

  it('shows the suggestions a diff note holds', async () => {
    const response = await post({
      note: 'Better:\n```suggestion:-0+0\nline five, better\n```',
      position: position('app.txt', { old_line: null, new_line: 5 }),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<CreateNoteResponse>().note?.suggestions).toEqual([
      expect.objectContaining({
        from_content: 'line five, changed',
        to_content: 'line five, better',
        applied: false,
      }),
    ]);
  });

  it('refuses what the spec refuses, writing nothing', async () => {
    const before = await countDiscussions();
    const cases: Array<[NotePosition, string, string?]> = [
      // Line 15 is hidden between the hunks, and no line is old 15 and new 16.
      [position('app.txt', { old_line: 15, new_line: 16 }), POSITION_REFUSALS.notInDiff],
      [position('app.txt', { old_line: null, new_line: 5 }), POSITION_REFUSALS.brokenLineCode, 'abc_1_2'],
      [
        position('new-name.txt', { old_path: 'old-name.txt', old_line: 1, new_line: 1 }),
        POSITION_REFUSALS.renamedOnly,
      ],
      [position('link', { old_line: null, new_line: 1 }), POSITION_REFUSALS.symlink],
      [
        { ...position('logo.png', {}), position_type: 'image', x: 5, y: 5, width: 1, height: 1 },
        POSITION_REFUSALS.imagePoint,
      ],
      [
        { ...position('app.txt', { old_line: null, new_line: 5 }), head_sha: 'f'.repeat(40) },
        "The position's head_sha does not belong to a version of this merge request.",
      ],
    ];
    for (const [where, message, code] of cases) {
      const response = await post({ note: 'Nope', position: where, ...(code ? { line_code: code } : {}) });
      expect(response.statusCode, `${where.new_path}: ${response.body}`).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    expect(await countDiscussions()).toBe(before);
  });

  it('pins a comment on a point of an image', async () => {
    const response = await post({
      note: 'This pixel',
      position: { ...position('logo.png', {}), position_type: 'image', x: 0, y: 1, width: 1, height: 1 },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<CreateNoteResponse>().note?.position).toMatchObject({
      position_type: 'image',
      x: 0,
      y: 1,
    });
  });

  it('after a push, keeps notes on unchanged files active and outdates changed lines, resolving them by push', async () => {
    const kept = (
      await post({ note: 'Stays', position: position('app.txt', { old_line: null, new_line: 28 }) })
    ).json<CreateNoteResponse>();
    const moved = (
      await post({ note: 'Goes', position: position('other.txt', { old_line: null, new_line: 2 }) })
    ).json<CreateNoteResponse>();
    const oldHead = refs.head_sha;
    const newHead = await commitFiles(project.gitDir, {
      branch: 'feature',
      message: 'Rework other.txt',
      author: testAuthor,
      changes: [{ action: 'update', path: 'other.txt', content: numbered(5, { 2: 'other two, reworked' }) }],
    });
    await pushed(oldHead, newHead);
    const list = (
      await t.app.inject({ method: 'GET', url: `${base}/discussions.json`, headers: owner.headers })
    ).json<Discussion[]>();
    const find = (id: string | undefined) => list.find((d) => d.id === id);
    expect(find(kept.discussion?.id)).toMatchObject({
      active: true,
      resolved: false,
      position: { head_sha: newHead },
    });
    expect(find(moved.discussion?.id)).toMatchObject({
      active: false,
      resolved: true,
      resolved_by_push: true,
      position: { head_sha: oldHead },
    });
    // An image point on an image the push left alone moves onto the new diff as a line does.
    expect(list.find((d) => d.notes[0]?.note === 'This pixel')).toMatchObject({
      active: true,
      position: { position_type: 'image', head_sha: newHead, x: 0, y: 1, width: 1, height: 1 },
    });
    // The outdated thread says, once, what the push did to its line, and shows it on request.
    const [goes, outdated, ...more] = find(moved.discussion?.id)?.notes ?? [];
    expect(more).toEqual([]);
    expect(goes?.outdated_line_change_path).toBeNull();
    expect(find(kept.discussion?.id)?.notes.map((n) => n.note)).toEqual(['Stays']);
    const [latest] = await t.container.mergeRequests.versions(owner, project.project.id, 1);
    const lineAnchor = `${fileHash('other.txt')}_2_2`;
    expect(outdated).toMatchObject({
      system: true,
      system_note_icon_name: 'pencil',
      author: { id: owner.id },
      note: `changed this line in [version 2 of the diff](${base}/diffs?diff_id=${latest?.id}&start_sha=${oldHead}#${lineAnchor})`,
      outdated_line_change_path: `/${project.fullPath}/-/notes/${outdated?.id}/outdated_line_change`,
    });
    expect(outdated?.note_html).toContain(
      `href="${base}/diffs?diff_id=${latest?.id}&#x26;start_sha=${oldHead}#${lineAnchor}"`,
    );
    const change = await t.app.inject({
      method: 'GET',
      url: outdated?.outdated_line_change_path ?? '',
      headers: owner.headers,
    });
    expect(change.statusCode, change.body).toBe(200);
    const changed =
      change.json<
        Array<{ text: string; rich_text: string; old_line: number | null; new_line: number | null }>
      >();
    expect(changed.map((line) => line.text)).toEqual([
      ' line 1',
      '-other two, changed',
      '+other two, reworked',
      ' line 3',
      ' line 4',
    ]);
    expect(changed[1]).toMatchObject({
      old_line: 2,
      new_line: null,
      rich_text: expect.stringContaining('other two, changed') as unknown,
    });
    // A user's note has no change of its own to show.
    const onNote = await t.app.inject({
      method: 'GET',
      url: `/${project.fullPath}/-/notes/${goes?.id}/outdated_line_change`,
      headers: owner.headers,
    });
    expect(onNote.statusCode).toBe(404);

    // A later push leaves an outdated thread alone: it was not on the version that push replaced.
    // The image it changes outdates the pin that had moved onto the version before.
    const third = await commitFiles(project.gitDir, {
      branch: 'feature',
      message: 'Rework other.txt again, and the logo',
      author: testAuthor,
      changes: [
        { action: 'update', path: 'other.txt', content: numbered(5, { 2: 'other two, again' }) },
        { action: 'update', path: 'logo.png', content: Buffer.concat([PNG, Buffer.from([0])]) },
      ],
    });
    await pushed(newHead, third);
    const again = (
      await t.app.inject({ method: 'GET', url: `${base}/discussions.json`, headers: owner.headers })
    ).json<Discussion[]>();
    expect(again.find((d) => d.id === moved.discussion?.id)?.notes).toHaveLength(2);
    const [thirdVersion] = await t.container.mergeRequests.versions(owner, project.project.id, 1);
    const pin = again.find((d) => d.notes[0]?.note === 'This pixel');
    expect(pin?.active).toBe(false);
    expect(pin?.notes[1]).toMatchObject({
      system: true,
      note: `changed this file in [version 3 of the diff](${base}/diffs?diff_id=${thirdVersion?.id}&start_sha=${newHead}#diff-content-${fileHash('logo.png')})`,
      outdated_line_change_path: null,
    });
    // Resolved by the push, the outdated thread's lines wait behind its path, and are still there.
    const excerpt = await t.app.inject({
      method: 'GET',
      url: find(moved.discussion?.id)?.truncated_diff_lines_path ?? '',
      headers: owner.headers,
    });
    expect(excerpt.statusCode, excerpt.body).toBe(200);
    const { truncated_diff_lines: lines } = excerpt.json<{
      truncated_diff_lines: Array<{ text: string; new_line: number | null }> | null;
    }>();
    expect(lines?.at(-1)).toMatchObject({ new_line: 2, text: '+other two, changed' });
    const history = list.flatMap((d) => d.notes).filter((n) => n.system);
    expect(history.at(-1)).toMatchObject({
      system_note_icon_name: 'commit',
      note: expect.stringMatching(/^added 1 commit\n/) as unknown,
    });
  });
});
