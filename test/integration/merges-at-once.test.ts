import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MergeRequestDetail } from '../../src/shared/api/mergeRequests';
import { readCommit } from '../../src/server/git/commits';
import { branchRef, isAncestor, resolveCommit } from '../../src/server/git/repository';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { buildMergeRequest } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

const REQUESTS = 8;

/**
 * Merges of different requests into one target at the same moment: each that loses the race for
 * the target is computed again on the target the winner left, so all of them land, one after the
 * other, and none is told "The target branch changed while merging".
 */
describe('eight merges into one target at once', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
  });
  afterAll(() => t.close());

  it('all go through, each merge commit on the one before', async () => {
    const project = await buildProject(t.container, owner);
    const mainBefore = await resolveCommit(project.gitDir, branchRef('main'));
    const iids: number[] = [];
    for (let i = 0; i < REQUESTS; i++)
      iids.push(
        (await buildMergeRequest(t.container, owner, project, { source_branch: `part-${i}` })).mergeRequest
          .iid,
      );

    const url = (iid: number) => `/api/v4/projects/${project.project.id}/merge_requests/${iid}`;
    const answers = await Promise.all(
      iids.map((iid) => t.app.inject({ method: 'PUT', url: `${url(iid)}/merge`, headers: owner.headers })),
    );
    expect(answers.map((a) => [a.statusCode, a.json<MergeRequestDetail>().merge_error ?? null])).toEqual(
      iids.map(() => [200, null]),
    );

    const mainAfter = await resolveCommit(project.gitDir, branchRef('main'));
    const merged = await Promise.all(
      iids.map(async (iid) =>
        (await t.app.inject({ url: url(iid), headers: owner.headers })).json<MergeRequestDetail>(),
      ),
    );
    // One line of merge commits, each on the last, back to where main was: nothing was lost.
    const chain: string[] = [];
    for (let sha = mainAfter; sha && sha !== mainBefore;) {
      chain.push(sha);
      sha = (await readCommit(project.gitDir, sha))?.parentShas[0] ?? null;
    }
    expect(chain).toHaveLength(REQUESTS);
    expect(new Set(merged.map((mr) => mr.merge_commit_sha))).toEqual(new Set(chain));
    for (const mr of merged) {
      expect(mr.state).toBe('merged');
      expect(await isAncestor(project.gitDir, mr.sha ?? '', mainAfter ?? '')).toBe(true);
    }
  });
});
