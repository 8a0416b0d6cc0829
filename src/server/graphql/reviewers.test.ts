import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../test/support/factories';
import { addProjectMember, buildMergeRequest } from '../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../shared/access/accessLevels';
import type { ProjectContext } from '../features/projects/projects.service';

type Row = Record<string, unknown>;

/** GitLab's sidebar `mergeRequestReviewers` query (its user fragment inlined, availability left out). */
const REVIEWERS = `fragment User on User { id avatarUrl name username webUrl webPath }
query mergeRequestReviewers($fullPath: ID!, $iid: String!) {
  workspace: project(fullPath: $fullPath) {
    id
    issuable: mergeRequest(iid: $iid) {
      id
      reviewers {
        nodes {
          ...User
          mergeRequestInteraction {
            canMerge canUpdate approved reviewed reviewState
            applicableApprovalRules { id name type }
          }
        }
      }
      userPermissions { canMerge }
    }
  }
}`;

describe('GraphQL reviewers of a merge request', () => {
  let t: TestApp;
  let owner: TestUser;
  let maintainer: TestUser;
  let reporter: TestUser;
  let p: ProjectContext;
  let ruleId: number;

  const api = (user: TestUser, method: 'POST' | 'PUT', url: string, payload?: Row) =>
    t.app.inject({ method, url: `/api/v4/projects/${p.project.id}${url}`, headers: user.headers, payload });

  beforeAll(async () => {
    t = await createTestApp();
    [owner, maintainer, reporter] = [
      await buildUser(t.container),
      await buildUser(t.container),
      await buildUser(t.container),
    ];
    p = await buildProject(t.container, owner, { visibility: 'private' });
    await addProjectMember(t.container, p, maintainer, ACCESS_LEVELS.maintainer);
    await addProjectMember(t.container, p, reporter, ACCESS_LEVELS.reporter);
    const rule = await api(owner, 'POST', '/approval_rules', {
      name: 'Backend',
      approvals_required: 1,
      user_ids: [maintainer.id],
    });
    ruleId = rule.json<{ id: number }>().id;
    await buildMergeRequest(t.container, owner, p);
    const updated = await api(owner, 'PUT', '/merge_requests/1', {
      reviewer_ids: [maintainer.id, reporter.id],
    });
    expect(updated.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const reviewers = async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: owner.headers,
      payload: { query: REVIEWERS, variables: { fullPath: p.fullPath, iid: '1' } },
    });
    const body = response.json<{ data: { workspace: { issuable: { reviewers: { nodes: Row[] } } } } }>();
    expect(body).not.toHaveProperty('errors');
    return body.data.workspace.issuable.reviewers.nodes;
  };

  it("answers each reviewer's permissions, review state and the rules they may approve under", async () => {
    expect(await reviewers()).toEqual([
      {
        id: `gid://gitlab/User/${maintainer.id}`,
        avatarUrl: null,
        name: maintainer.name,
        username: maintainer.username,
        webUrl: expect.stringMatching(new RegExp(`/${maintainer.username}$`)),
        webPath: `/${maintainer.username}`,
        mergeRequestInteraction: {
          canMerge: true,
          canUpdate: true,
          approved: false,
          reviewed: false,
          reviewState: 'UNREVIEWED',
          applicableApprovalRules: [
            { id: `gid://gitlab/ApprovalRule/${ruleId}`, name: 'Backend', type: 'REGULAR' },
          ],
        },
      },
      expect.objectContaining({
        username: reporter.username,
        mergeRequestInteraction: {
          canMerge: false,
          canUpdate: false,
          approved: false,
          reviewed: false,
          reviewState: 'UNREVIEWED',
          applicableApprovalRules: [],
        },
      }),
    ]);
  });

  it('shows an approval as approved, with the APPROVED review state', async () => {
    expect((await api(maintainer, 'POST', '/merge_requests/1/approve')).statusCode).toBe(201);
    const [first] = await reviewers();
    expect(first).toMatchObject({
      username: maintainer.username,
      mergeRequestInteraction: { approved: true, reviewState: 'APPROVED', canMerge: true },
    });
  });
});
