import { beforeAll, describe, expect, it } from 'vitest';
import { conformanceSetup } from '../support/gitlab-client';
import { pushFile } from '../support/merge-request-factories';

describe('merge requests through @gitbeaker/rest', () => {
  const setup = conformanceSetup();
  beforeAll(async () => {
    await pushFile(setup.project, 'feature', {
      path: 'src/app.ts',
      content: 'export const app = 1;\n',
      message: 'Add app',
    });
  });

  it('creates, lists, shows and edits a merge request, closing and reopening it', async () => {
    const { owner, project, gitlab } = setup;
    const created = await gitlab.MergeRequests.create(project.project.id, 'feature', 'main', 'Add the app', {
      description: 'First *cut*',
    });
    expect(created).toMatchObject({
      iid: 1,
      title: 'Add the app',
      state: 'opened',
      source_branch: 'feature',
      target_branch: 'main',
      detailed_merge_status: 'mergeable',
      author: { username: owner.username },
    });

    const listed = await gitlab.MergeRequests.all({ projectId: project.project.id, state: 'opened' });
    expect(listed.map((mr) => mr.iid)).toEqual([1]);

    const shown = await gitlab.MergeRequests.show(project.fullPath, 1);
    expect(shown).toMatchObject({ id: created.id, description: 'First *cut*', changes_count: '1' });

    const closed = await gitlab.MergeRequests.edit(project.project.id, 1, { stateEvent: 'close' });
    expect(closed).toMatchObject({ state: 'closed', closed_by: { username: owner.username } });
    const reopened = await gitlab.MergeRequests.edit(project.project.id, 1, {
      stateEvent: 'reopen',
      title: 'Add the app, reopened',
    });
    expect(reopened).toMatchObject({ state: 'opened', title: 'Add the app, reopened', closed_by: null });
  });

  it('keeps the author’s choice to delete the source branch on merge, as edited', async () => {
    const { project, gitlab } = setup;
    const choosing = await gitlab.MergeRequests.edit(project.project.id, 1, { removeSourceBranch: true });
    expect(choosing).toMatchObject({ force_remove_source_branch: true });
    const keeping = await gitlab.MergeRequests.edit(project.project.id, 1, { removeSourceBranch: false });
    expect(keeping).toMatchObject({ force_remove_source_branch: false });
  });

  it('reads commits, changes and diff versions', async () => {
    const { project, gitlab } = setup;
    const commits = await gitlab.MergeRequests.allCommits(project.project.id, 1);
    expect(commits.map((c) => c.title)).toEqual(['Add app']);

    const changes = await gitlab.MergeRequests.showChanges(project.project.id, 1);
    expect(changes.changes).toEqual([
      expect.objectContaining({
        new_path: 'src/app.ts',
        new_file: true,
        diff: '@@ -0,0 +1 @@\n+export const app = 1;\n',
      }),
    ]);

    const versions = await gitlab.MergeRequests.allDiffVersions(project.project.id, 1);
    expect(versions).toEqual([
      expect.objectContaining({ state: 'collected', head_commit_sha: commits[0]?.id }),
    ]);
  });

  it('surfaces GitLab’s error for a duplicate merge request', async () => {
    const { project, gitlab } = setup;
    await expect(
      gitlab.MergeRequests.create(project.project.id, 'feature', 'main', 'Again'),
    ).rejects.toMatchObject({
      cause: { response: { status: 409 } },
    });
  });
});
