import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { gitlabClient } from '../support/gitlab-client';
import { pushFile } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

describe('merge trains through @gitbeaker/rest', () => {
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

  // @gitbeaker/rest types a car's merge request loosely; GitLab sends its iid.
  const iidOf = (car: object) => (car as { merge_request: { iid: number } }).merge_request.iid;

  async function open(branch: string) {
    await pushFile(project, branch, {
      path: `${branch}.txt`,
      content: `${branch}\n`,
      message: `Add ${branch}`,
    });
    return gitlab.MergeRequests.create(project.project.id, branch, 'main', `Add ${branch}`);
  }

  it('turns merge trains on, adds requests, reads the train and a car, and sees them merged', async () => {
    const edited = await gitlab.Projects.edit(project.project.id, { mergeTrainsEnabled: true });
    expect(edited).toMatchObject({ merge_trains_enabled: true, merge_trains_skip_train_allowed: false });
    const [alpha, bravo] = [await open('alpha'), await open('bravo')];

    const train = await gitlab.MergeTrains.addMergeRequest(project.project.id, alpha.iid, { sha: alpha.sha });
    expect(train).toMatchObject([
      { merge_request: { iid: alpha.iid }, status: 'idle', target_branch: 'main' },
    ]);
    await gitlab.MergeTrains.addMergeRequest(project.project.id, bravo.iid, { squash: true });

    const active = await gitlab.MergeTrains.all(project.project.id, { scope: 'active', sort: 'asc' });
    expect(active.map(iidOf)).toEqual([alpha.iid, bravo.iid]);
    expect(await gitlab.MergeTrains.all(project.project.id, { targetBranch: 'develop' })).toEqual([]);
    const car = await gitlab.MergeTrains.showStatus(project.project.id, bravo.iid);
    expect(car).toMatchObject({ merge_request: { iid: bravo.iid }, user: { username: owner.username } });

    await t.container.jobs.drain();
    const complete = await gitlab.MergeTrains.all(project.project.id, { scope: 'complete', sort: 'asc' });
    expect(complete.map((done) => [iidOf(done), done.status])).toEqual([
      [alpha.iid, 'merged'],
      [bravo.iid, 'merged'],
    ]);
    expect((await gitlab.MergeRequests.show(project.project.id, bravo.iid)).state).toBe('merged');
  });
});
