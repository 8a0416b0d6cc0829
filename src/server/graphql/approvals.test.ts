import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../test/support/factories';
import { subscriptionClient } from '../../../test/support/graphql-ws';
import { addProjectMember, pushFile } from '../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../shared/access/accessLevels';
import type { ProjectContext } from '../features/projects/projects.service';
import { commitFiles } from '../git/commits';

type Row = Record<string, unknown>;

/** GitLab's user fragment, as its frontend's approval documents import it. */
const USER = 'fragment User on User { id avatarUrl name username webUrl webPath }';

/** GitLab's `approvedByEE` query (ee/.../approvals/queries/approvals.query.graphql). */
const APPROVED_BY_EE = `${USER}
query approvedByEE($projectPath: ID!, $iid: String!) {
  project(fullPath: $projectPath) {
    id
    mergeRequest(iid: $iid) {
      id
      approved
      approvalsLeft
      approvalsRequired
      approvalState {
        invalidApproversRules { id name }
        rules { id approved approvalsRequired name type }
      }
      approvedBy { nodes { ...User } }
      userPermissions { canApprove }
    }
  }
}`;

/** GitLab's `approvalRules` query (ee/.../approvals/queries/approval_rules.query.graphql). */
const APPROVAL_RULES = `${USER}
query approvalRules($projectPath: ID!, $iid: String!) {
  project(fullPath: $projectPath) {
    id
    mergeRequest(iid: $iid) {
      id
      approvalState {
        invalidApproversRules { id }
        rules {
          id type approved approvalsRequired name section
          approvedBy { nodes { ...User } }
          commentedBy { nodes { ...User } }
          eligibleApprovers { ...User }
        }
      }
    }
  }
}`;

/** The widget's own `approvals` query: the fields above, committers and the project's setting. */
const APPROVALS = `query approvals($projectPath: ID!, $iid: String!) {
  project(fullPath: $projectPath) {
    id
    mergeRequestsDisableCommittersApproval
    mergeRequest(iid: $iid) {
      id approved approvalsLeft approvalsRequired
      approvedBy { nodes { username } }
      committers { nodes { username } }
      userPermissions { canApprove }
      policiesOverridingApprovalSettings { name editPath settings }
    }
  }
}`;

/** GitLab's subscription documents, the EE one and the plain one, on one field. */
const SUBSCRIPTIONS = {
  mergeRequestApprovalStateUpdatedEE: `${USER}
subscription mergeRequestApprovalStateUpdatedEE($issuableId: IssuableID!) {
  mergeRequestApprovalStateUpdated(issuableId: $issuableId) {
    ... on MergeRequest {
      id approved approvalsLeft approvalsRequired
      approvalState { invalidApproversRules { id name } rules { id approved approvalsRequired name type } }
      approvedBy { nodes { ...User } }
      userPermissions { canApprove }
    }
  }
}`,
  mergeRequestApprovalStateUpdated: `subscription mergeRequestApprovalStateUpdated($issuableId: IssuableID!) {
  mergeRequestApprovalStateUpdated(issuableId: $issuableId) { ... on MergeRequest { id approved approvalsLeft } }
}`,
};

describe('GraphQL approvals of a merge request (002 §3, §7)', () => {
  let t: TestApp;
  let author: TestUser;
  let approver: TestUser;
  let committer: TestUser;
  let p: ProjectContext;
  let mergeRequestId: number;

  const api = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Row) =>
    t.app.inject({ method, url: `/api/v4/projects/${p.project.id}${url}`, headers: user.headers, payload });
  const graphql = async (user: TestUser, query: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: user.headers,
      payload: { query, variables: { projectPath: p.fullPath, iid: '1' } },
    });
    const body = response.json<{ data?: { project: Row & { mergeRequest: Row } }; errors?: unknown }>();
    expect(body.errors).toBeUndefined();
    return body.data!.project;
  };

  beforeAll(async () => {
    t = await createTestApp();
    author = await buildUser(t.container, { name: 'Ada Author' });
    approver = await buildUser(t.container, { name: 'Quinn Approver' });
    committer = await buildUser(t.container, { name: 'Carl Committer' });
    p = await buildProject(t.container, author, { visibility: 'private' });
    await addProjectMember(t.container, p, approver, ACCESS_LEVELS.developer);
    await addProjectMember(t.container, p, committer, ACCESS_LEVELS.developer);
    expect(
      (
        await api(author, 'POST', '/approval_rules', {
          name: 'QA',
          approvals_required: 1,
          user_ids: [approver.id, committer.id],
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await api(author, 'PUT', '/merge_request_approval_setting', { allow_committer_approval: false }))
        .statusCode,
    ).toBe(200);
    await pushFile(p, 'feature', { path: 'cart.ts', content: 'export {};\n' });
    await commitFiles(p.gitDir, {
      branch: 'feature',
      startBranch: 'feature',
      message: 'Tidy the cart',
      author: { name: committer.name, email: committer.email, date: new Date() },
      changes: [{ action: 'create', path: 'tidy.ts', content: 'export {};\n' }],
    });
    const created = await t.container.mergeRequests.create(author, p.project.id, {
      source_branch: 'feature',
      title: 'Add a cart',
    });
    mergeRequestId = created.mergeRequest.id;
  });
  afterAll(() => t.close());

  it("approvedByEE: the author and a committer may not approve, the rule's approver may", async () => {
    const asAuthor = (await graphql(author, APPROVED_BY_EE)).mergeRequest;
    expect(asAuthor).toMatchObject({
      id: `gid://gitlab/MergeRequest/${mergeRequestId}`,
      approved: false,
      approvalsLeft: 1,
      approvalsRequired: 1,
      approvedBy: { nodes: [] },
      userPermissions: { canApprove: false },
      approvalState: {
        invalidApproversRules: [],
        rules: [{ name: 'QA', type: 'REGULAR', approved: false, approvalsRequired: 1 }],
      },
    });
    expect((await graphql(committer, APPROVED_BY_EE)).mergeRequest.userPermissions).toEqual({
      canApprove: false,
    });
    expect((await graphql(approver, APPROVED_BY_EE)).mergeRequest.userPermissions).toEqual({
      canApprove: true,
    });
  });

  it('approvals: committers and the project setting that keeps them from approving', async () => {
    const project = await graphql(committer, APPROVALS);
    expect(project.mergeRequestsDisableCommittersApproval).toBe(true);
    expect(project.mergeRequest).toMatchObject({
      committers: { nodes: [{ username: committer.username }] },
      userPermissions: { canApprove: false },
      policiesOverridingApprovalSettings: [],
    });
  });

  it('approvalRules: each rule with its eligible approvers, the committer filtered out', async () => {
    const rules = (await graphql(author, APPROVAL_RULES)).mergeRequest.approvalState as { rules: Row[] };
    expect(rules.rules).toEqual([
      expect.objectContaining({
        type: 'REGULAR',
        name: 'QA',
        section: null,
        approvedBy: { nodes: [] },
        commentedBy: { nodes: [] },
        eligibleApprovers: [
          expect.objectContaining({
            username: approver.username,
            name: 'Quinn Approver',
            webPath: `/${approver.username}`,
          }),
        ],
      }),
    ]);
  });

  it('commentedBy: the eligible approvers who commented, not other commenters', async () => {
    for (const [user, body] of [
      [approver, 'Looks reasonable so far.'],
      [author, 'Thanks for looking.'],
      [committer, 'I tidied the cart.'],
    ] as const)
      expect((await api(user, 'POST', '/merge_requests/1/notes', { body })).statusCode).toBe(201);
    const rules = (await graphql(author, APPROVAL_RULES)).mergeRequest.approvalState as { rules: Row[] };
    // The committer named by the rule may not approve (the setting), so is no approver of it.
    expect(rules.rules).toEqual([
      expect.objectContaining({
        name: 'QA',
        commentedBy: { nodes: [expect.objectContaining({ username: approver.username })] },
      }),
    ]);
  });

  it('delivers the approval to both subscription documents, then approves for everyone', async () => {
    const url = await t.listen();
    const client = subscriptionClient(url, author.token);
    const received = Object.entries(SUBSCRIPTIONS).map(
      ([name, query]) =>
        new Promise<Row>((resolve, reject) => {
          const unsubscribe = client.subscribe<Row>(
            { query, variables: { issuableId: `gid://gitlab/MergeRequest/${mergeRequestId}` } },
            {
              next: ({ data, errors }) => {
                unsubscribe();
                if (data) resolve({ name, ...data });
                else reject(new Error(JSON.stringify(errors)));
              },
              error: reject,
              complete: () => undefined,
            },
          );
        }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const head = (await t.container.mergeRequests.show(author, p.project.id, 1)).mergeRequest.headSha;
    expect((await api(approver, 'POST', '/merge_requests/1/approve', { sha: head })).statusCode).toBe(201);
    const updates = await Promise.all(received);
    await client.dispose();
    expect(updates).toEqual([
      {
        name: 'mergeRequestApprovalStateUpdatedEE',
        mergeRequestApprovalStateUpdated: expect.objectContaining({
          approved: true,
          approvalsLeft: 0,
          approvedBy: { nodes: [expect.objectContaining({ username: approver.username })] },
          // The author still may not approve their own request.
          userPermissions: { canApprove: false },
        }),
      },
      {
        name: 'mergeRequestApprovalStateUpdated',
        mergeRequestApprovalStateUpdated: {
          id: `gid://gitlab/MergeRequest/${mergeRequestId}`,
          approved: true,
          approvalsLeft: 0,
        },
      },
    ]);
    const asApprover = (await graphql(approver, APPROVAL_RULES)).mergeRequest.approvalState as {
      rules: Row[];
    };
    expect(asApprover.rules[0]).toMatchObject({
      approved: true,
      approvedBy: { nodes: [expect.objectContaining({ username: approver.username })] },
    });
    // Having approved, the approver may not approve again (the widget offers Revoke).
    expect((await graphql(approver, APPROVED_BY_EE)).mergeRequest.userPermissions).toEqual({
      canApprove: false,
    });
  });

  it('hides everything from someone who may not read the project', async () => {
    const stranger = await buildUser(t.container);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: stranger.headers,
      payload: { query: APPROVALS, variables: { projectPath: p.fullPath, iid: '1' } },
    });
    expect(response.json()).toEqual({ data: { project: null } });
  });
});
