import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../test/support/factories';
import { buildMergeRequest } from '../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import type { ProjectContext } from '../features/projects/projects.service';
import { subscriptionClient } from '../../../test/support/graphql-ws';

type Check = { identifier: string; status: string };
type MergeChecks = { userPermissions: { canMerge: boolean }; mergeabilityChecks: Check[] };

const MERGE_CHECKS_FIELDS = 'userPermissions { canMerge } mergeabilityChecks { identifier status }';

describe('GraphQL merge checks (mergeChecks query and subscription)', () => {
  let t: TestApp;
  let url: string;
  let owner: TestUser;
  let p: ProjectContext;
  let issuableId: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
    owner = await buildUser(t.container);
    p = await buildProject(t.container, owner, { visibility: 'private' });
    const mr = await buildMergeRequest(t.container, owner, p, { title: 'Add search' });
    issuableId = `gid://gitlab/MergeRequest/${mr.mergeRequest.id}`;
  });
  afterAll(() => t.close());

  const query = async (user: TestUser | null) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/graphql',
        headers: user?.headers ?? {},
        payload: {
          query: `query mergeChecks($projectPath: ID!, $iid: String!) {
            project(fullPath: $projectPath) { mergeRequest(iid: $iid) { ${MERGE_CHECKS_FIELDS} } }
          }`,
          variables: { projectPath: p.fullPath, iid: '1' },
        },
      })
    ).json<{ data: { project: { mergeRequest: MergeChecks } | null } }>().data;

  it('lists every check with its status and whether the viewer can merge', async () => {
    const data = await query(owner);
    expect(data.project?.mergeRequest.userPermissions).toEqual({ canMerge: true });
    expect(data.project?.mergeRequest.mergeabilityChecks).toContainEqual({
      identifier: 'TITLE_REGEX',
      status: 'INACTIVE',
    });
    expect(data.project?.mergeRequest.mergeabilityChecks).toContainEqual({
      identifier: 'NOT_OPEN',
      status: 'SUCCESS',
    });
  });

  it('shows nothing to someone who cannot read the project', async () => {
    expect((await query(null)).project).toBeNull();
  });

  it('pushes the new checks when a project setting makes one fail', async () => {
    const client = subscriptionClient(url, owner.token);
    const update = new Promise<MergeChecks>((resolve, reject) => {
      client.subscribe<{ mergeRequestMergeStatusUpdated: MergeChecks }>(
        {
          query: `subscription mergeChecksSubscription($issuableId: IssuableID!) {
            mergeRequestMergeStatusUpdated(issuableId: $issuableId) { ${MERGE_CHECKS_FIELDS} }
          }`,
          variables: { issuableId },
        },
        {
          next: (message) =>
            message.data
              ? resolve(message.data.mergeRequestMergeStatusUpdated)
              : reject(new Error('no data')),
          error: reject,
          complete: () => undefined,
        },
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await t.app.inject({
      method: 'PUT',
      url: `/api/v4/projects/${p.project.id}`,
      headers: owner.headers,
      payload: { merge_request_title_regex: '^feat: ' },
    });
    // The title change is what announces the request; its checks are read fresh for the subscriber.
    await t.app.inject({
      method: 'PUT',
      url: `/api/v4/projects/${p.project.id}/merge_requests/1`,
      headers: owner.headers,
      payload: { title: 'Add search again' },
    });
    const checks = await update;
    await client.dispose();
    expect(checks.mergeabilityChecks).toContainEqual({ identifier: 'TITLE_REGEX', status: 'FAILED' });
  });
});
