import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFiles } from '../git/commits';
import { buildProject, buildUser, type TestUser } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { subscriptionClient } from '../../../test/support/graphql-ws';

type Update = {
  mergeRequestMergeStatusUpdated: { title: string; detailedMergeStatus: string; commitCount: number };
};

function nextUpdate(client: Client, issuableId: string): { result: Promise<Update>; ready: Promise<void> } {
  let ready!: () => void;
  const readyPromise = new Promise<void>((resolve) => (ready = resolve));
  const result = new Promise<Update>((resolve, reject) => {
    const unsubscribe = client.subscribe<Update>(
      {
        query: `subscription($id: IssuableID!) { mergeRequestMergeStatusUpdated(issuableId: $id) { title detailedMergeStatus commitCount } }`,
        variables: { id: issuableId },
      },
      {
        next: (message) => {
          unsubscribe();
          if (message.data) resolve(message.data);
          else reject(new Error(JSON.stringify(message.errors)));
        },
        error: reject,
        complete: () => undefined,
      },
    );
    client.on('connected', () => setTimeout(ready, 100));
  });
  return { result, ready: readyPromise };
}

describe('GraphQL subscriptions', () => {
  let t: TestApp;
  let url: string;
  let alice: TestUser;
  let projectId: number;
  let issuableId: string;
  let iid: number;

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
    alice = await buildUser(t.container);
    const project = await buildProject(t.container, alice, { visibility: 'private' });
    projectId = project.project.id;
    await commitFiles(project.gitDir, {
      branch: 'feature',
      startBranch: 'main',
      message: 'Add a file',
      author: { name: alice.name, email: alice.email, date: new Date() },
      changes: [{ action: 'create', path: 'a.txt', content: 'a\n' }],
    });
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${projectId}/merge_requests`,
      headers: alice.headers,
      payload: { source_branch: 'feature', target_branch: 'main', title: 'First title' },
    });
    const body = created.json<{ id: number; iid: number }>();
    issuableId = `gid://gitlab/MergeRequest/${body.id}`;
    iid = body.iid;
  });
  afterAll(() => t.close());

  it('delivers a merge request update to a subscribed client within a second', async () => {
    const client = subscriptionClient(url, alice.token);
    const { result, ready } = nextUpdate(client, issuableId);
    await ready;
    const started = Date.now();
    await t.app.inject({
      method: 'PUT',
      url: `/api/v4/projects/${projectId}/merge_requests/${iid}`,
      headers: alice.headers,
      payload: { title: 'Draft: Second title' },
    });
    const update = await result;
    expect(Date.now() - started).toBeLessThan(1000);
    expect(update.mergeRequestMergeStatusUpdated).toEqual({
      title: 'Draft: Second title',
      detailedMergeStatus: 'DRAFT_STATUS',
      commitCount: 1,
    });
    await client.dispose();
  });

  it('sends nothing to a subscriber who may not read the merge request', async () => {
    const stranger = await buildUser(t.container);
    const client = subscriptionClient(url, stranger.token);
    const { result, ready } = nextUpdate(client, issuableId);
    await ready;
    await t.app.inject({
      method: 'PUT',
      url: `/api/v4/projects/${projectId}/merge_requests/${iid}`,
      headers: alice.headers,
      payload: { title: 'Third title' },
    });
    const outcome = await Promise.race([
      result.then(() => 'delivered'),
      new Promise((r) => setTimeout(() => r('silent'), 700)),
    ]);
    expect(outcome).toBe('silent');
    await client.dispose();
  });
});
