import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiffFile, DiffForPath, DiffsBatch, DiffsMetadata } from '../../../shared/api/diffs';
import { COLLAPSE_CHANGED_LINES, COLLAPSE_PATCH_BYTES } from '../../../shared/diff/diffLimits';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { buildChangesMergeRequest } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import type { ProjectContext } from '../projects/projects.service';

/** Many short lines: past the collapse limit by their count, far below it in bytes. */
const manyLines = Array.from({ length: COLLAPSE_CHANGED_LINES + 200 }, (_, i) => `${i}`).join('\n') + '\n';
/** Fewer lines than the limit, but long enough that the patch passes a tenth of the maximum size. */
const wideLines =
  Array.from({ length: 2_000 }, (_, i) => `export const value${i} = '${'x'.repeat(48)}';`).join('\n') + '\n';

describe('Changes tab: files past the collapse limits', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  let iid: number;

  const get = async <T>(endpoint: string): Promise<T> => {
    const response = await t.app.inject({ method: 'GET', url: endpoint, headers: owner.headers });
    expect(response.statusCode).toBe(200);
    return response.json<T>();
  };
  const mr = (endpoint: string) => `/${project.fullPath}/-/merge_requests/${iid}/${endpoint}`;
  const byPath = <T extends { new_path: string }>(files: T[], path: string) =>
    files.find((file) => file.new_path === path)!;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner, { visibility: 'private' });
    const created = await buildChangesMergeRequest(t.container, owner, project, {
      base: [{ action: 'create', path: 'README.md', content: '# app\n' }],
      changes: [
        { action: 'create', path: 'data/many.txt', content: manyLines },
        { action: 'create', path: 'src/wide.ts', content: wideLines },
        { action: 'update', path: 'README.md', content: '# app\n\nSmall change.\n' },
      ],
    });
    iid = created.mergeRequest.iid;
    expect(wideLines.length).toBeGreaterThan(COLLAPSE_PATCH_BYTES);
  });

  afterAll(async () => {
    await t.close();
  });

  it('lists a file past the line limit as collapsed in the metadata, the others open', async () => {
    const metadata = await get<DiffsMetadata>(mr('diffs_metadata.json'));
    expect(byPath(metadata.diff_files, 'data/many.txt').viewer).toEqual({
      name: 'collapsed',
      collapsed: true,
      reason: null,
    });
    expect(byPath(metadata.diff_files, 'README.md').viewer).toMatchObject({ name: 'text', collapsed: false });
    // Its lines are still counted in the totals: collapsed is not hidden.
    expect(byPath(metadata.diff_files, 'data/many.txt').added_lines).toBe(COLLAPSE_CHANGED_LINES + 200);
  });

  it('sends collapsed files without lines in a batch, by line count or by patch size', async () => {
    const batch = await get<DiffsBatch>(mr('diffs_batch.json?page=0&per_page=30'));
    for (const path of ['data/many.txt', 'src/wide.ts']) {
      expect(byPath(batch.diff_files, path)).toMatchObject({
        viewer: { name: 'collapsed', collapsed: true },
        blob: { readable_text: true },
        highlighted_diff_lines: [],
      });
    }
    const readme = byPath(batch.diff_files, 'README.md');
    expect(readme.viewer).toMatchObject({ name: 'text', collapsed: false });
    expect(readme.highlighted_diff_lines.length).toBeGreaterThan(0);
  });

  it('serves a collapsed file’s lines at its load_collapsed_diff_url, with the selection it was listed in', async () => {
    const batch = await get<DiffsBatch>(mr('diffs_batch.json?page=0&per_page=30&w=1'));
    const wide = byPath(batch.diff_files, 'src/wide.ts');
    const url = new URL(wide.load_collapsed_diff_url, 'http://localhost');
    expect(url.pathname).toBe(mr('diff_for_path.json'));
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      w: '1',
      old_path: 'src/wide.ts',
      new_path: 'src/wide.ts',
    });
    const loaded: DiffFile = (await get<DiffForPath>(wide.load_collapsed_diff_url)).diff_files[0]!;
    expect(loaded.viewer).toEqual({ name: 'text', collapsed: false, reason: null });
    const added = loaded.highlighted_diff_lines.filter((line) => line.type === 'new');
    expect(added).toHaveLength(2_000);
    expect(added[1999]!.text).toBe(`+export const value1999 = '${'x'.repeat(48)}';`);
  });
});
