import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MergeRequestDetail } from '../../src/shared/api/mergeRequests';
import { jobs } from '../../src/server/db/schema';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { subscriptionClient } from '../support/graphql-ws';
import { pushFile } from '../support/merge-request-factories';
import { createTestApp, type TestApp } from '../support/test-app';

type StatusUpdate = { mergeRequestMergeStatusUpdated: { detailedMergeStatus: string } };

/**
 * Two app processes on one PostgreSQL database and one repository folder, as behind a load
 * balancer. Only the second runs background jobs, so whatever the first is asked to do in the
 * background must be done by the second, and what the second does must reach the first's viewers.
 */
describe('two app processes sharing one database', () => {
  let first: TestApp;
  let second: TestApp;
  let owner: TestUser;
  const jobErrors: unknown[] = [];

  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({ shareWith: first });
    second.container.jobs.start((error) => jobErrors.push(error));
    owner = await buildUser(first.container);
  });
  afterAll(async () => {
    await second.container.jobs.stop();
    await second.close();
    await first.close();
  });

  it('merges automatically in the other process once the last thread is resolved, and every viewer hears of it', async () => {
    const project = await buildProject(first.container, owner);
    await first.container.projects.updateProject(owner, project.project.id, {
      only_allow_merge_if_all_discussions_are_resolved: true,
    });
    await pushFile(project, 'feature', { path: 'cart.ts', content: 'export {};\n', message: 'Add the cart' });
    const created = await first.container.mergeRequests.create(owner, project.project.id, {
      source_branch: 'feature',
      title: 'Add a cart',
    });
    const iid = created.mergeRequest.iid;
    const api = `/api/v4/projects/${project.project.id}/merge_requests/${iid}`;
    const widgetUrl = `/${project.fullPath}/-/merge_requests/${iid}/cached_widget.json`;
    const thread = await first.app.inject({
      method: 'POST',
      url: `${api}/discussions`,
      payload: { body: 'Is the cart empty at first?' },
      headers: owner.headers,
    });
    expect(thread.statusCode).toBe(201);

    const waiting = await first.app.inject({
      method: 'PUT',
      url: `${api}/merge`,
      payload: { auto_merge: true },
      headers: owner.headers,
    });
    expect(waiting.json<MergeRequestDetail>()).toMatchObject({
      state: 'opened',
      merge_when_pipeline_succeeds: true,
    });
    const before = await first.app.inject({ method: 'GET', url: widgetUrl, headers: owner.headers });
    expect(before.statusCode).toBe(200);

    // A viewer of the second process hears what is done through the first.
    const viewer = subscriptionClient(await second.listen(), owner.token);
    const heard: string[] = [];
    let subscribed!: () => void;
    const ready = new Promise<void>((resolve) => (subscribed = resolve));
    viewer.on('connected', () => setTimeout(subscribed, 200));
    viewer.subscribe<StatusUpdate>(
      {
        query: `subscription($id: IssuableID!) { mergeRequestMergeStatusUpdated(issuableId: $id) { detailedMergeStatus } }`,
        variables: { id: `gid://gitlab/MergeRequest/${created.mergeRequest.id}` },
      },
      {
        next: (message) =>
          heard.push(message.data?.mergeRequestMergeStatusUpdated.detailedMergeStatus ?? 'error'),
        error: () => heard.push('error'),
        complete: () => undefined,
      },
    );
    await ready;

    const resolvedAt = Date.now();
    const resolved = await first.app.inject({
      method: 'PUT',
      url: `${api}/discussions/${thread.json<{ id: string }>().id}?resolved=true`,
      headers: owner.headers,
    });
    expect(resolved.statusCode).toBe(200);

    // Nobody drains the first process's queue: the second's worker takes the job.
    await expect
      .poll(
        async () =>
          (await first.container.mergeRequests.show(owner, project.project.id, iid)).mergeRequest.state,
        {
          timeout: 10_000,
          interval: 50,
        },
      )
      .toBe('merged');
    expect(Date.now() - resolvedAt).toBeLessThan(5_000);
    const ran = await first.container.db
      .select({ state: jobs.state, lockedBy: jobs.lockedBy })
      .from(jobs)
      .where(and(eq(jobs.kind, 'auto_merge'), eq(jobs.state, 'done')));
    expect(ran.length).toBeGreaterThan(0);

    // The first process's widget answers anew, without a poll having told it: the bus did.
    const after = await first.app.inject({
      method: 'GET',
      url: widgetUrl,
      headers: { ...owner.headers, 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json<{ state: string }>().state).toBe('merged');
    await expect.poll(() => heard.length, { timeout: 1_000 }).toBeGreaterThan(0);
    expect(heard).not.toContain('error');
    expect(jobErrors).toEqual([]);
    await viewer.dispose();
  });
});
