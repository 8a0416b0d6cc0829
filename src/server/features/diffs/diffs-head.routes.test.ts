import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiffsBatch, DiffsMetadata } from '../../../shared/api/diffs';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { testAuthor } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { commitFiles } from '../../git/commits';
import { mergeRefOf } from '../../git/merge-ref';
import { branchRef, readRef, resolveCommit } from '../../git/repository';
import { gitText } from '../../git/run-git';
import type { ProjectContext } from '../projects/projects.service';

const PINNED_NOW = '2026-03-04T05:06:07Z';

const lines = (count: number, change: Record<number, string> = {}) =>
  Array.from({ length: count }, (_, i) => `${change[i + 1] ?? `line ${i + 1}`}\n`).join('');

/** GitLab's HEAD comparison: the latest version against the target branch's head as merged. */
describe('Changes tab compared with the target head (diff_head)', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  const url = (iid: number, page: string, query: string) =>
    `/${project.fullPath}/-/merge_requests/${iid}/${page}?${query}`;
  const get = <T>(iid: number, page: string, query: string) =>
    t.app.inject({ url: url(iid, page, query), headers: owner.headers }).then((r) => r.json<T>());
  const head = async (branch: string) => (await resolveCommit(project.gitDir, branchRef(branch)))!;
  const write = (branch: string, path: string, content: string, startBranch = 'main') =>
    commitFiles(project.gitDir, {
      branch,
      startBranch,
      message: `Write ${path} on ${branch}`,
      author: testAuthor,
      changes: [{ action: 'update', path, content }],
    });
  const open = async (branch: string) =>
    (
      await t.container.mergeRequests.create(owner, project.project.id, {
        title: branch,
        source_branch: branch,
        target_branch: 'main',
      })
    ).mergeRequest.iid;

  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => new Date(PINNED_NOW) } });
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'private' });
    await commitFiles(project.gitDir, {
      branch: 'main',
      message: 'Start',
      author: testAuthor,
      changes: [{ action: 'create', path: 'app.txt', content: lines(20) }],
    });
  });
  afterAll(() => t.close());

  it('shows the change against the merged target head, with the merge ref as head_sha', async () => {
    await write('feature', 'app.txt', lines(20, { 4: 'line 4 on feature' }));
    const iid = await open('feature');
    await write('main', 'app.txt', lines(20, { 2: 'line 2 on main' }));

    const base = await get<DiffsMetadata>(iid, 'diffs_metadata.json', '');
    expect(base.merge_request_diff?.head_version_path).toBe(
      `/${project.fullPath}/-/merge_requests/${iid}/diffs?diff_head=true`,
    );
    expect(base.target_branch_name).toBe('main');
    const meta = await get<DiffsMetadata>(iid, 'diffs_metadata.json', 'diff_head=true');
    const mergeRef = await readRef(project.gitDir, mergeRefOf(iid));
    expect(meta.diff_refs).toEqual({
      base_sha: await head('main'),
      start_sha: await head('main'),
      head_sha: mergeRef,
    });
    expect(meta.diff_files.map((f) => f.new_path)).toEqual(['app.txt']);
    // Dated by the instance's clock, like every commit the server writes.
    expect(await gitText(project.gitDir, ['show', '-s', '--format=%cI', mergeRef!])).toBe(
      '2026-03-04T05:06:07+00:00',
    );

    const texts = async (query: string) =>
      (await get<DiffsBatch>(iid, 'diffs_batch.json', query)).diff_files[0]!.highlighted_diff_lines.map(
        (line) => line.text,
      );
    // Against the base, line 2 is still the old one; against the merged head it is main's.
    expect(await texts('')).toContain(' line 2');
    const merged = await texts('diff_head=true');
    expect(merged).toContain(' line 2 on main');
    expect(merged).toEqual(expect.arrayContaining(['-line 4', '+line 4 on feature']));
    const batch = await get<DiffsBatch>(iid, 'diffs_batch.json', 'diff_head=true&per_page=1');
    expect(batch.pagination).toEqual({ total_pages: 1 });
  });

  it('falls back to the base, and offers no HEAD comparison, when the heads conflict', async () => {
    await write('clash', 'app.txt', lines(20, { 10: 'line 10 on clash' }));
    const iid = await open('clash');
    await write('main', 'app.txt', lines(20, { 2: 'line 2 on main', 10: 'line 10 on main' }));
    const meta = await get<DiffsMetadata>(iid, 'diffs_metadata.json', 'diff_head=true');
    expect(meta.merge_request_diff?.head_version_path).toBeNull();
    // Asked again, the conflict is known without merging again: still no HEAD comparison.
    const again = await get<DiffsMetadata>(iid, 'diffs_metadata.json', '');
    expect(again.merge_request_diff?.head_version_path).toBeNull();
    expect(meta.diff_refs.head_sha).toBe(await head('clash'));
    expect(await readRef(project.gitDir, mergeRefOf(iid))).toBeNull();
  });
});
