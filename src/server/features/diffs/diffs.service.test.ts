import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { testAuthor } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { commitFiles } from '../../git/commits';
import { systemClock } from '../../clock';
import { createHighlighter } from '../../highlight/highlight';
import type { ProjectContext } from '../projects/projects.service';
import { createDiffsService } from './diffs.service';

describe('diffs service: kept file views', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  let iid: number;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    await commitFiles(project.gitDir, {
      branch: 'main',
      message: 'Base',
      author: testAuthor,
      changes: [{ action: 'create', path: 'README.md', content: '# app\n' }],
    });
    // New files only, each its own blob: one highlighting call per file.
    await commitFiles(project.gitDir, {
      branch: 'feature',
      startBranch: 'main',
      message: 'Change',
      author: testAuthor,
      changes: ['a', 'b', 'c'].map((name) => ({
        action: 'create' as const,
        path: `${name}.ts`,
        content: `export const ${name} = 2;\n`,
      })),
    });
    const mr = await t.container.mergeRequests.create(owner, project.project.id, {
      title: 'Change',
      source_branch: 'feature',
      target_branch: 'main',
    });
    iid = mr.mergeRequest.iid;
  });

  afterAll(() => t.close());

  it('keeps highlighted files, and recomputes those served plain because the budget ran out', async () => {
    // Each highlighting call seems to take a second until `step` is 0: the 100 ms budget is gone after one blob.
    let clock = 0;
    let step = 1000;
    const diffs = createDiffsService({
      mergeRequests: t.container.mergeRequests,
      projects: t.container.projects,
      protectedBranches: t.container.protectedBranches,
      contextCommits: t.container.contextCommits,
      highlighter: createHighlighter({
        pool: t.container.renderPool,
        now: () => (clock += step),
        background: false,
      }),
      clock: systemClock,
    });
    const load = async () =>
      (await diffs.batch(owner, project.fullPath, iid, { page: 0, per_page: 20 })).files;
    const added = (files: Awaited<ReturnType<typeof load>>) =>
      files.map((file) => file.lines!.find((line) => line.type === 'new')!.rich_text);

    const first = await load();
    expect(added(first)).toEqual([
      '+<span class=k>export</span> <span class=k>const</span> a = <span class=m>2</span>;',
      '+export const b = 2;',
      '+export const c = 2;',
    ]);
    step = 0;
    const second = await load();
    expect(added(second).every((html) => html.includes('<span class=m>2</span>'))).toBe(true);
    // The first file was final on the first load, so it is the kept view, not a recomputed one.
    expect(second[0]).toBe(first[0]);
    expect((await load())[2]).toBe(second[2]);
  });
});
