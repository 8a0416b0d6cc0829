import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { addProjectMember, buildMergeRequest } from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { MergeRequestBlockJson } from '../../../shared/api/mergeRequestBlocks';
import type { CachedWidget } from '../../../shared/api/mergeWidget';
import type { ProjectContext } from '../projects/projects.service';

describe('merge request dependencies (BLOCKED_STATUS)', () => {
  let t: TestApp;
  let owner: TestUser;
  let reporter: TestUser;
  let stranger: TestUser;
  let p: ProjectContext;
  let secret: ProjectContext;
  let blockerId: number;
  let secretId: number;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container);
    reporter = await buildUser(t.container);
    stranger = await buildUser(t.container);
    p = await buildProject(t.container, owner, { visibility: 'public' });
    secret = await buildProject(t.container, stranger, { visibility: 'private' });
    await addProjectMember(t.container, p, reporter, ACCESS_LEVELS.reporter);
    await buildMergeRequest(t.container, owner, p, { source_branch: 'app', title: 'Use the API' });
    blockerId = (
      await buildMergeRequest(t.container, owner, p, { source_branch: 'api', title: 'Add the API' })
    ).mergeRequest.id;
    secretId = (await buildMergeRequest(t.container, stranger, secret, { source_branch: 'x' })).mergeRequest
      .id;
  });
  afterAll(() => t.close());

  const blocksUrl = (iid = 1) => `/api/v4/projects/${p.project.id}/merge_requests/${iid}/blocks`;
  const addBlock = (user: TestUser, payload: object) =>
    t.app.inject({ method: 'POST', url: blocksUrl(), headers: user.headers, payload });
  const blocks = async (user: TestUser | null = owner) =>
    t.app.inject({ url: blocksUrl(), headers: user?.headers ?? {} });
  const status = async () =>
    (
      await t.app.inject({ url: `/api/v4/projects/${p.project.id}/merge_requests/1`, headers: owner.headers })
    ).json<{ detailed_merge_status: string }>().detailed_merge_status;
  const blockedCheck = async () =>
    (
      await t.app.inject({
        url: `/${p.fullPath}/-/merge_requests/1/cached_widget.json`,
        headers: owner.headers,
      })
    )
      .json<CachedWidget>()
      .mergeability_checks.find((check) => check.identifier === 'BLOCKED_STATUS')?.status;

  it('has no dependencies at first: the check is inactive', async () => {
    expect((await blocks()).json()).toEqual([]);
    expect(await blockedCheck()).toBe('INACTIVE');
  });

  it('adds a blocking merge request by its id and blocks the merge until it is merged', async () => {
    const response = await addBlock(owner, { blocking_merge_request_id: blockerId });
    expect(response.statusCode).toBe(201);
    const block = response.json<MergeRequestBlockJson>();
    expect(block).toMatchObject({
      blocking_merge_request: { id: blockerId, iid: 2, title: 'Add the API', state: 'opened' },
      blocked_merge_request: { iid: 1, title: 'Use the API' },
      project_id: p.project.id,
    });
    expect((await blocks(null)).json()).toEqual([block]);
    expect(await blockedCheck()).toBe('FAILED');
    expect(await status()).toBe('merge_request_blocked');
  });

  it('shows the dependency in the widget data of every viewer who may read the blocker', async () => {
    const widget = await t.app.inject({
      url: `/${p.fullPath}/-/merge_requests/1/widget.json`,
      headers: reporter.headers,
    });
    expect(widget.json()).toMatchObject({
      blocking_merge_requests: {
        total_count: 1,
        hidden_count: 0,
        visible_merge_requests: { opened: [{ iid: 2, title: 'Add the API', reference: '!2' }] },
      },
    });
  });

  it('counts a blocker the viewer may no longer read as hidden, and shows nothing of it', async () => {
    const elsewhere = await buildProject(t.container, stranger, { visibility: 'public' });
    const blocker = await buildMergeRequest(t.container, stranger, elsewhere, { source_branch: 'lib' });
    const blocked = await buildMergeRequest(t.container, owner, p, { source_branch: 'uses-lib' });
    const added = await t.app.inject({
      method: 'POST',
      url: blocksUrl(blocked.mergeRequest.iid),
      headers: owner.headers,
      payload: { blocking_merge_request_id: blocker.mergeRequest.id },
    });
    expect(added.statusCode).toBe(201);
    const turned = await t.app.inject({
      method: 'PUT',
      url: `/api/v4/projects/${elsewhere.project.id}`,
      headers: stranger.headers,
      payload: { visibility: 'private' },
    });
    expect(turned.statusCode).toBe(200);
    const widget = await t.app.inject({
      url: `/${p.fullPath}/-/merge_requests/${blocked.mergeRequest.iid}/widget.json`,
      headers: owner.headers,
    });
    expect(widget.json()).toMatchObject({
      blocking_merge_requests: {
        total_count: 1,
        hidden_count: 1,
        visible_merge_requests: { opened: [], closed: [], merged: [] },
      },
    });
  });

  const setBlockerState = (state_event: 'close' | 'reopen') =>
    t.app.inject({
      method: 'PUT',
      url: `/api/v4/projects/${p.project.id}/merge_requests/2`,
      headers: owner.headers,
      payload: { state_event },
    });

  it('tells the dependent’s widget and auto-merge when its blocker is closed', async () => {
    const dependentId = (
      await t.app.inject({ url: `/api/v4/projects/${p.project.id}/merge_requests/1`, headers: owner.headers })
    ).json<{ id: number }>().id;
    const told: number[] = [];
    const stop = t.deps.bus.subscribe((event) => {
      if (event.type === 'merge_request.updated') told.push(event.mergeRequestId);
    });
    expect((await setBlockerState('close')).statusCode).toBe(200);
    await expect.poll(() => told).toContain(dependentId);
    stop();
    expect((await setBlockerState('reopen')).statusCode).toBe(200);
  });

  it('passes once the blocker is merged', async () => {
    const merged = await t.app.inject({
      method: 'PUT',
      url: `/api/v4/projects/${p.project.id}/merge_requests/2/merge`,
      headers: owner.headers,
    });
    expect(merged.statusCode).toBe(200);
    expect(await blockedCheck()).toBe('SUCCESS');
    expect(await status()).toBe('mergeable');
  });

  it.each([
    ['itself', () => ({ blocking_merge_request_id: 0 }), 400],
    [
      'a merge request in a project the user cannot read',
      () => ({ blocking_merge_request_id: secretId }),
      404,
    ],
    ['a merge request that does not exist', () => ({ blocking_merge_request_id: 999_999 }), 404],
    ['the same blocker twice', () => ({ blocking_merge_request_id: blockerId }), 409],
    ['a blocker id that is not a number', () => ({ blocking_merge_request_id: 'two' }), 400],
    ['no blocker', () => ({}), 400],
  ])('refuses %s and writes nothing', async (_name, payload, code) => {
    const self = (await blocks()).json<MergeRequestBlockJson[]>()[0]?.blocked_merge_request.id;
    const body = payload();
    const response = await addBlock(
      owner,
      'blocking_merge_request_id' in body && body.blocking_merge_request_id === 0
        ? { blocking_merge_request_id: self }
        : body,
    );
    expect(response.statusCode).toBe(code);
    expect((await blocks()).json()).toHaveLength(1);
  });

  it('refuses a Reporter, who may not edit the blocked request, and anonymous callers', async () => {
    const other = await buildMergeRequest(t.container, owner, p, { source_branch: 'other' });
    const response = await addBlock(reporter, { blocking_merge_request_id: other.mergeRequest.id });
    expect(response.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: blocksUrl(),
      payload: { blocking_merge_request_id: other.mergeRequest.id },
    });
    expect(anonymous.statusCode).toBe(401);
    const [block] = (await blocks()).json<MergeRequestBlockJson[]>();
    const removal = await t.app.inject({
      method: 'DELETE',
      url: `${blocksUrl()}/${block?.id}`,
      headers: reporter.headers,
    });
    expect(removal.statusCode).toBe(403);
    expect((await blocks()).json()).toHaveLength(1);
  });

  it('refuses a dependency that would close a cycle of three, and writes nothing', async () => {
    const [a, b, c] = await Promise.all(
      ['cycle-a', 'cycle-b', 'cycle-c'].map((branch) =>
        buildMergeRequest(t.container, owner, p, { source_branch: branch }),
      ),
    );
    if (!a || !b || !c) throw new Error('three merge requests');
    const block = (blocked: typeof a, blocking: typeof a) =>
      t.app.inject({
        method: 'POST',
        url: blocksUrl(blocked.mergeRequest.iid),
        headers: owner.headers,
        payload: { blocking_merge_request_id: blocking.mergeRequest.id },
      });
    const blockersOf = async (mr: typeof a) =>
      (await t.app.inject({ url: blocksUrl(mr.mergeRequest.iid), headers: owner.headers }))
        .json<MergeRequestBlockJson[]>()
        .map((found) => found.blocking_merge_request.iid);

    // A blocks B, B blocks C: C waits for B, which waits for A.
    expect((await block(b, a)).statusCode).toBe(201);
    expect((await block(c, b)).statusCode).toBe(201);
    // C blocking A would leave all three waiting for each other forever.
    const closing = await block(a, c);
    expect(closing.statusCode).toBe(400);
    expect(closing.json()).toEqual({ message: 'Blocked merge request circular dependency' });
    expect(await blockersOf(a)).toEqual([]);
    // So would the direct way back.
    expect((await block(a, b)).json()).toEqual({ message: 'Blocked merge request circular dependency' });
    // Waiting for A directly as well is no cycle: C already waits for A through B.
    expect((await block(c, a)).statusCode).toBe(201);
    expect(await blockersOf(c)).toEqual([b.mergeRequest.iid, a.mergeRequest.iid]);
  });

  it('lets only one of two requests made at once close a cycle', async () => {
    const [x, y] = await Promise.all(
      ['race-x', 'race-y'].map((branch) =>
        buildMergeRequest(t.container, owner, p, { source_branch: branch }),
      ),
    );
    if (!x || !y) throw new Error('two merge requests');
    const answers = await Promise.all(
      [
        [x, y],
        [y, x],
      ].map(([blocked, blocking]) =>
        t.app.inject({
          method: 'POST',
          url: blocksUrl(blocked?.mergeRequest.iid),
          headers: owner.headers,
          payload: { blocking_merge_request_id: blocking?.mergeRequest.id },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
  });

  it('removes a dependency, and answers 404 for one that is gone', async () => {
    const [block] = (await blocks()).json<MergeRequestBlockJson[]>();
    const url = `${blocksUrl()}/${block?.id}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: owner.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url, headers: owner.headers })).statusCode).toBe(404);
    expect((await blocks()).json()).toEqual([]);
    expect(await blockedCheck()).toBe('INACTIVE');
  });
});
