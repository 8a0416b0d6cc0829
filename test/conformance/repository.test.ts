import { describe, expect, it } from 'vitest';
import { conformanceSetup } from '../support/gitlab-client';

describe('repository and protected branches through @gitbeaker/rest', () => {
  const setup = conformanceSetup();

  it('creates a file on a new branch, reads it back, and lists the tree', async () => {
    const { project, gitlab } = setup;
    const created = await gitlab.RepositoryFiles.create(
      project.project.id,
      'src/app.ts',
      'feature/app',
      'export const app = 1;\n',
      'Add the app',
      { startBranch: 'main' },
    );
    expect(created).toEqual({ file_path: 'src/app.ts', branch: 'feature/app' });

    const file = await gitlab.RepositoryFiles.show(project.project.id, 'src/app.ts', 'feature/app');
    expect(file).toMatchObject({
      file_name: 'app.ts',
      file_path: 'src/app.ts',
      encoding: 'base64',
      ref: 'feature/app',
    });
    expect(Buffer.from(file.content, 'base64').toString()).toBe('export const app = 1;\n');

    const tree = await gitlab.Repositories.allRepositoryTrees(project.project.id, {
      ref: 'feature/app',
      recursive: true,
    });
    expect(tree.map((entry) => `${entry.type} ${entry.path}`)).toEqual([
      'blob README.md',
      'tree src',
      'blob src/app.ts',
    ]);
  });

  it('lists, creates and removes branches', async () => {
    const { project, gitlab } = setup;
    const branches = await gitlab.Branches.all(project.project.id);
    expect(branches.map((branch) => [branch.name, branch.default, branch.protected])).toEqual([
      ['feature/app', false, false],
      ['main', true, true],
    ]);
    const created = await gitlab.Branches.create(project.project.id, 'topic', 'main');
    expect(created).toMatchObject({ name: 'topic', merged: true, commit: { title: 'Initial commit' } });
    await gitlab.Branches.remove(project.project.id, 'topic');
    await expect(gitlab.Branches.show(project.project.id, 'topic')).rejects.toThrow();
  });

  it('lists commits of a ref and shows one', async () => {
    const { project, gitlab } = setup;
    const commits = await gitlab.Commits.all(project.project.id, { refName: 'feature/app' });
    expect(commits.map((commit) => commit.title)).toEqual(['Add the app', 'Initial commit']);
    const shown = await gitlab.Commits.show(project.project.id, commits[0]?.id ?? '');
    expect(shown).toMatchObject({ title: 'Add the app', stats: { additions: 1, deletions: 0, total: 1 } });
  });

  it("shows a commit's diff in GitLab's Diff shape, the same as compare shows it", async () => {
    const { project, gitlab } = setup;
    const [commit] = await gitlab.Commits.all(project.project.id, { refName: 'feature/app' });
    const diff = await gitlab.Commits.showDiff(project.project.id, commit?.id ?? '');
    expect(diff).toEqual([
      expect.objectContaining({
        old_path: 'src/app.ts',
        new_path: 'src/app.ts',
        new_file: true,
        renamed_file: false,
        deleted_file: false,
        generated_file: false,
        diff: '@@ -0,0 +1 @@\n+export const app = 1;\n',
      }),
    ]);
    const compared = await gitlab.Repositories.compare(project.project.id, 'main', 'feature/app');
    expect(compared.diffs).toEqual(diff);
  });

  it('protects a branch pattern, lists it and unprotects it', async () => {
    const { project, gitlab } = setup;
    const rule = await gitlab.ProtectedBranches.protect(project.project.id, 'release/*', {
      pushAccessLevel: 30,
      allowForcePush: true,
    });
    expect(rule).toMatchObject({
      name: 'release/*',
      allow_force_push: true,
      push_access_levels: [{ access_level: 30, access_level_description: 'Developers + Maintainers' }],
    });
    const rules = await gitlab.ProtectedBranches.all(project.project.id);
    expect(rules.map((r) => r.name)).toEqual(['main', 'release/*']);
    await gitlab.ProtectedBranches.unprotect(project.project.id, 'release/*');
    expect((await gitlab.ProtectedBranches.all(project.project.id)).map((r) => r.name)).toEqual(['main']);
  });

  it('requires approval from code owners on create and by edit (PATCH)', async () => {
    const { project, gitlab } = setup;
    const rule = await gitlab.ProtectedBranches.protect(project.project.id, 'stable', {
      codeOwnerApprovalRequired: true,
    });
    expect(rule).toMatchObject({ name: 'stable', code_owner_approval_required: true });
    const edited = await gitlab.ProtectedBranches.edit(project.project.id, 'stable', {
      codeOwnerApprovalRequired: false,
      allowForcePush: true,
    });
    expect(edited).toMatchObject({
      name: 'stable',
      code_owner_approval_required: false,
      allow_force_push: true,
    });
    expect(await gitlab.ProtectedBranches.show(project.project.id, 'stable')).toMatchObject({
      code_owner_approval_required: false,
    });
    await gitlab.ProtectedBranches.unprotect(project.project.id, 'stable');
  });
});
