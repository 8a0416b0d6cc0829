import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { branchRef, resolveCommit } from '../../src/server/git/repository';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { gitlabClient } from '../support/gitlab-client';
import { pushFile } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

describe('merging through @gitbeaker/rest', () => {
  let t: TestApp;
  let owner: TestUser;
  let project: ProjectContext;
  let gitlab: ReturnType<typeof gitlabClient>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    project = await buildProject(t.container, owner);
    gitlab = gitlabClient(await t.listen(), owner.token);
  });
  afterAll(() => t.close());

  const head = (branch: string) => resolveCommit(project.gitDir, branchRef(branch));

  async function open(branch: string, title: string) {
    await pushFile(project, branch, { path: `${branch}.txt`, content: `${branch}\n`, message: title });
    return gitlab.MergeRequests.create(project.project.id, branch, 'main', title);
  }

  it('edits the project’s merge settings', async () => {
    const edited = await gitlab.Projects.edit(project.project.id, {
      mergeMethod: 'rebase_merge',
      squashOption: 'default_on',
      removeSourceBranchAfterMerge: false,
    });
    expect(edited).toMatchObject({
      merge_method: 'rebase_merge',
      squash_option: 'default_on',
      remove_source_branch_after_merge: false,
    });
    await gitlab.Projects.edit(project.project.id, { mergeMethod: 'merge', squashOption: 'default_off' });
  });

  it('merges with MergeRequests.merge, squashing and removing the source branch', async () => {
    const created = await open('feature', 'Add the feature');
    const merged = await gitlab.MergeRequests.merge(project.project.id, created.iid, {
      sha: created.sha,
      squash: true,
      squashCommitMessage: 'Feature, squashed',
      shouldRemoveSourceBranch: true,
    });
    expect(merged).toMatchObject({
      state: 'merged',
      merged_by: { username: owner.username },
      merge_commit_sha: await head('main'),
      squash_commit_sha: expect.stringMatching(/^[0-9a-f]{40}$/),
      should_remove_source_branch: true,
    });
    expect(await head('feature')).toBeNull();
    const commit = await gitlab.Commits.show(project.project.id, merged.squash_commit_sha as string);
    expect(commit.message.trim()).toBe('Feature, squashed');
  });

  it('merges with MergeRequests.accept and no options at all', async () => {
    const created = await open('other', 'Add the other thing');
    const merged = await gitlab.MergeRequests.accept(project.project.id, created.iid);
    expect(merged).toMatchObject({ state: 'merged', merge_commit_sha: await head('main') });
  });

  it('surfaces GitLab’s statuses: 409 for a stale sha, 405 for a merged request', async () => {
    const created = await open('late', 'Arrive late');
    await expect(
      gitlab.MergeRequests.merge(project.project.id, created.iid, { sha: '0'.repeat(40) }),
    ).rejects.toMatchObject({
      cause: {
        response: { status: 409 },
        description: `SHA does not match HEAD of source branch: ${created.sha}`,
      },
    });
    await gitlab.MergeRequests.merge(project.project.id, created.iid);
    await expect(gitlab.MergeRequests.merge(project.project.id, created.iid)).rejects.toMatchObject({
      cause: { response: { status: 405 }, description: '405 Method Not Allowed' },
    });
  });
});
