import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { CachedWidget, Widget } from '../../../shared/api/mergeWidget';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import {
  addProjectMember,
  buildMergeRequest,
  pushFile,
} from '../../../../test/support/merge-request-factories';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { branchRef, deleteRef, resolveCommit, updateRef, ZERO_SHA } from '../../git/repository';
import type { ProjectContext } from '../projects/projects.service';
import { queryRows } from '../../db/client';
import { ETAG_STALE_MS, ETAG_TTL_MS } from '../../realtime/etags';

describe('the merge request widget’s polled JSON', () => {
  let t: TestApp;
  let owner: TestUser;
  let reporter: TestUser;
  let p: ProjectContext;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
    reporter = await buildUser(t.container, { name: 'Rory Reporter' });
    p = await buildProject(t.container, owner, { visibility: 'private' });
    await addProjectMember(t.container, p, reporter, ACCESS_LEVELS.reporter);
    await pushFile(p, 'feature', { path: 'cart.ts', content: 'export {};\n', message: 'Add the cart' });
    await pushFile(p, 'main', { path: 'docs.md', content: 'docs\n', message: 'Write docs' });
    await t.container.mergeRequests.create(owner, p.project.id, {
      source_branch: 'feature',
      title: 'Add a cart',
    });
  });
  afterAll(() => t.close());

  const url = (name: string) => `/${p.fullPath}/-/merge_requests/1/${name}`;
  const get = (name: string, user: TestUser | null = owner, etag?: string) =>
    t.app.inject({
      url: url(name),
      headers: { ...(user?.headers ?? {}), ...(etag ? { 'if-none-match': etag } : {}) },
    });
  /** A widget's ETag as `user` polls it now. */
  const etagOf = async (widgetUrl: string, user: TestUser) =>
    (await t.app.inject({ url: widgetUrl, headers: user.headers })).headers.etag as string;
  /**
   * What `user`'s next poll holding `etag` brings once it is no longer a 304: well before the TTL,
   * or never, as the change is announced or not (on PostgreSQL, NOTIFY takes a moment).
   */
  const nextAnswer = async (widgetUrl: string, user: TestUser, etag: string) => {
    const poll = () => t.app.inject({ url: widgetUrl, headers: { ...user.headers, 'if-none-match': etag } });
    let answer = await poll();
    await expect.poll(async () => (answer = await poll()).statusCode).toBe(200);
    return answer.json<Widget>();
  };

  it('shows everyone the state, the checks and the branches, with an ETag and Poll-Interval', async () => {
    const response = await get('cached_widget.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['poll-interval']).toBe('10000');
    expect(response.headers.etag).toMatch(/^W\/"[0-9a-f]{40}"$/);
    const widget = response.json<CachedWidget>();
    expect(widget).toMatchObject({
      iid: 1,
      state: 'opened',
      source_branch: 'feature',
      target_branch: 'main',
      source_branch_exists: true,
      detailed_merge_status: 'mergeable',
      commits_count: 1,
      diverged_commits_count: 1,
      auto_merge_enabled: false,
      available_auto_merge_strategies: [],
      rebase_in_progress: false,
      project_archived: false,
    });
    expect(widget.mergeability_checks).toContainEqual({ identifier: 'NOT_OPEN', status: 'SUCCESS' });
    expect(widget.mergeability_checks).toContainEqual({ identifier: 'CI_MUST_PASS', status: 'INACTIVE' });
  });

  it('answers an unchanged poll with 304 without reading the request again', async () => {
    const first = await get('cached_widget.json');
    const read = vi.spyOn(t.container.widgets, 'cached');
    const again = await get('cached_widget.json', owner, first.headers.etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['poll-interval']).toBe('10000');
    expect(read).not.toHaveBeenCalled();
    read.mockRestore();
  });

  /**
   * Renames the request and waits until this process has heard the change announced: on
   * PostgreSQL the announcement comes back through NOTIFY after the write has answered, and until
   * then a poll may still be answered from the ETag it drops.
   */
  const setTitle = async (title: string) => {
    let stop: () => void = () => undefined;
    const heard = new Promise<void>((resolve) => {
      stop = t.deps.bus.subscribe((event) => {
        if (event.type === 'merge_request.updated' && event.projectId === p.project.id) resolve();
      });
    });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v4/projects/${p.project.id}/merge_requests/1`,
      payload: { title },
      headers: owner.headers,
    });
    await heard.finally(stop);
    return response;
  };

  it('answers a burst of polls whose ETag went stale with one read per viewer', async () => {
    const first = await get('widget.json');
    await setTitle('Add a cart to the shop');
    const read = vi.spyOn(t.container.widgets, 'forViewer');
    const polls = await Promise.all([
      ...Array.from({ length: 20 }, () => get('widget.json', owner, first.headers.etag)),
      get('widget.json', reporter),
    ]);
    expect(polls.map((poll) => poll.statusCode)).toEqual(Array(21).fill(200));
    const ownerEtags = new Set(polls.slice(0, 20).map((poll) => poll.headers.etag));
    expect(ownerEtags.size).toBe(1);
    expect(ownerEtags.has(first.headers.etag)).toBe(false);
    // One read for the owner's twenty polls, one for the reporter's.
    expect(read).toHaveBeenCalledTimes(2);
    read.mockRestore();
    await setTitle('Add a cart');
  });

  it('never gives a poll sent after a change a read begun before it', async () => {
    const first = await get('cached_widget.json');
    await setTitle('Add a cart to the shop');
    const cached = t.container.widgets.cached.bind(t.container.widgets);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let readDone!: () => void;
    const firstReadDone = new Promise<void>((resolve) => (readDone = resolve));
    const read = vi.spyOn(t.container.widgets, 'cached').mockImplementationOnce(async (...args) => {
      const answer = await cached(...args);
      readDone();
      await held;
      return answer;
    });
    try {
      const before = get('cached_widget.json', owner, first.headers.etag);
      // The change comes after the first read has read (on PostgreSQL its statements could
      // otherwise run on another connection after the change), and before it answers.
      await firstReadDone;
      await setTitle('Draft: Add a cart');
      const after = get('cached_widget.json', owner, first.headers.etag);
      // The later poll reads for itself while the earlier read is still held.
      await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(2));
      release();
      expect((await before).json<CachedWidget>().detailed_merge_status).toBe('mergeable');
      expect((await after).json<CachedWidget>().detailed_merge_status).toBe('draft_status');
    } finally {
      // A held read left behind would hold every later test's first read.
      release();
      read.mockRestore();
    }
    await setTitle('Add a cart');
  });

  it('answers 200 with the new state once the request changed', async () => {
    const first = await get('cached_widget.json');
    await setTitle('Draft: Add a cart');
    const again = await get('cached_widget.json', owner, first.headers.etag);
    expect(again.statusCode).toBe(200);
    expect(again.json<CachedWidget>()).toMatchObject({
      detailed_merge_status: 'draft_status',
      available_auto_merge_strategies: ['merge_when_checks_pass'],
    });
    expect(again.json<CachedWidget>().mergeability_checks).toContainEqual({
      identifier: 'DRAFT_STATUS',
      status: 'FAILED',
    });
    await setTitle('Add a cart');
  });

  it('drops its ETags when the project changes or its repository is pushed to', async () => {
    const first = await get('cached_widget.json');
    await t.container.projects.setArchived(owner, p.project.id, true);
    // On PostgreSQL the bus delivers through LISTEN/NOTIFY, a moment after the change: a poll
    // within the second sees it.
    const changed = async (etag: string | undefined) => {
      const answer = await get('cached_widget.json', owner, etag);
      return answer.statusCode === 200 ? answer.json<CachedWidget>() : null;
    };
    await expect.poll(() => changed(first.headers.etag as string)).not.toBeNull();
    expect((await changed(first.headers.etag as string))?.project_archived).toBe(true);
    await t.container.projects.setArchived(owner, p.project.id, false);

    // A branch removed in the repository changes the answer without any merge request event.
    const before = await get('cached_widget.json');
    const head = await resolveCommit(p.gitDir, branchRef('feature'));
    await deleteRef(p.gitDir, branchRef('feature'), head ?? '');
    await t.container.bus.publish({
      type: 'repository.pushed',
      projectId: p.project.id,
      refs: ['refs/heads/feature'],
    });
    await expect.poll(() => changed(before.headers.etag as string)).not.toBeNull();
    expect((await changed(before.headers.etag as string))?.source_branch_exists).toBe(false);
    await updateRef(p.gitDir, branchRef('feature'), head ?? '', ZERO_SHA);
  });

  it('tells each viewer what they may do: the owner merges and rebases, a reporter does neither', async () => {
    const mine = (await get('widget.json')).json<Widget>();
    expect(mine).toMatchObject({
      current_user: { can_merge: true, can_push_to_source_branch: true, can_cancel_automatic_merge: false },
      merge_path: `/${p.fullPath}/-/merge_requests/1/merge`,
      rebase_path: `/${p.fullPath}/-/merge_requests/1/rebase`,
    });
    expect(mine.default_merge_commit_message).toContain("Merge branch 'feature' into 'main'");
    const theirs = (await get('widget.json', reporter)).json<Widget>();
    expect(theirs.current_user).toMatchObject({ can_merge: false, can_push_to_source_branch: false });
  });

  it('answers afresh, before its TTL, once the viewer’s role or the target branch’s protection changes', async () => {
    const member = await buildUser(t.container);
    await addProjectMember(t.container, p, member, ACCESS_LEVELS.reporter);
    const asReporter = await get('widget.json', member);
    expect(asReporter.json<Widget>().current_user).toMatchObject({
      can_merge: false,
      can_push_to_source_branch: false,
    });
    const api = `/api/v4/projects/${p.project.id}`;
    const promoted = await t.app.inject({
      method: 'PUT',
      url: `${api}/members/${member.id}`,
      headers: owner.headers,
      payload: { access_level: ACCESS_LEVELS.developer },
    });
    expect(promoted.statusCode).toBe(200);
    // A Developer pushes to the source branch; `main` is protected, merged into by Maintainers.
    const next = (etag: string) => nextAnswer(url('widget.json'), member, etag).then((w) => w.current_user);
    expect(await next(asReporter.headers.etag as string)).toMatchObject({
      can_merge: false,
      can_push_to_source_branch: true,
    });

    const developerEtag = (await get('widget.json', member)).headers.etag as string;
    const unprotected = await t.app.inject({
      method: 'DELETE',
      url: `${api}/protected_branches/main`,
      headers: owner.headers,
    });
    expect(unprotected.statusCode).toBe(204);
    expect(await next(developerEtag)).toMatchObject({ can_merge: true });
    const protectedAgain = await t.app.inject({
      method: 'POST',
      url: `${api}/protected_branches`,
      headers: owner.headers,
      payload: { name: 'main' },
    });
    expect(protectedAgain.statusCode).toBe(201);
  });

  it('answers afresh once the viewer’s role in the project’s group changes', async () => {
    const group = await t.app.inject({
      method: 'POST',
      url: '/api/v4/groups',
      headers: owner.headers,
      payload: { name: 'Shop team', path: 'shop-team' },
    });
    const groupId = group.json<{ id: number }>().id;
    const inGroup = await buildProject(t.container, owner, { namespace_id: groupId, visibility: 'private' });
    const { mergeRequest } = await buildMergeRequest(t.container, owner, inGroup, { title: 'Add a till' });
    const member = await buildUser(t.container);
    const members = `/api/v4/groups/${groupId}/members`;
    const added = await t.app.inject({
      method: 'POST',
      url: members,
      headers: owner.headers,
      payload: { user_id: member.id, access_level: ACCESS_LEVELS.reporter },
    });
    expect(added.statusCode).toBe(201);
    const widgetUrl = `/${inGroup.fullPath}/-/merge_requests/${mergeRequest.iid}/widget.json`;
    const asReporter = await t.app.inject({ url: widgetUrl, headers: member.headers });
    expect(asReporter.json<Widget>().current_user.can_push_to_source_branch).toBe(false);
    const promoted = await t.app.inject({
      method: 'PUT',
      url: `${members}/${member.id}`,
      headers: owner.headers,
      payload: { access_level: ACCESS_LEVELS.developer },
    });
    expect(promoted.statusCode).toBe(200);
    const next = await nextAnswer(widgetUrl, member, asReporter.headers.etag as string);
    expect(next.current_user.can_push_to_source_branch).toBe(true);
  });

  describe('of a request that waits for others (its blocking report)', () => {
    const blocksOf = (project: ProjectContext, iid: number) =>
      `/api/v4/projects/${project.project.id}/merge_requests/${iid}/blocks`;
    const waitFor = async (blocked: { iid: number }, blocker: { id: number }) => {
      const added = await t.app.inject({
        method: 'POST',
        url: blocksOf(p, blocked.iid),
        headers: owner.headers,
        payload: { blocking_merge_request_id: blocker.id },
      });
      expect(added.statusCode).toBe(201);
    };
    const widgetOf = (iid: number) => `/${p.fullPath}/-/merge_requests/${iid}/widget.json`;

    it('answers afresh once the request it waits for is retitled, closed or reopened', async () => {
      const blocker = (await buildMergeRequest(t.container, owner, p, { title: 'Add the API' })).mergeRequest;
      const blocked = (await buildMergeRequest(t.container, owner, p, { title: 'Use the API' })).mergeRequest;
      await waitFor(blocked, blocker);
      const editBlocker = (payload: object) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/v4/projects/${p.project.id}/merge_requests/${blocker.iid}`,
          headers: owner.headers,
          payload,
        });
      const report = async (change: object) => {
        const etag = await etagOf(widgetOf(blocked.iid), owner);
        expect((await editBlocker(change)).statusCode).toBe(200);
        return (await nextAnswer(widgetOf(blocked.iid), owner, etag)).blocking_merge_requests
          .visible_merge_requests;
      };
      expect(await report({ title: 'Add the public API' })).toMatchObject({
        opened: [{ iid: blocker.iid, title: 'Add the public API' }],
      });
      expect(await report({ state_event: 'close' })).toMatchObject({
        opened: [],
        closed: [{ iid: blocker.iid }],
      });
      expect(await report({ state_event: 'reopen' })).toMatchObject({
        opened: [{ iid: blocker.iid }],
        closed: [],
      });
    });

    it('shows the request it waits for once the viewer may read its project', async () => {
      const elsewhere = await buildProject(t.container, owner, { visibility: 'private' });
      const blocker = (await buildMergeRequest(t.container, owner, elsewhere, { title: 'Add the API' }))
        .mergeRequest;
      const blocked = (await buildMergeRequest(t.container, owner, p, { title: 'Use the API' })).mergeRequest;
      await waitFor(blocked, blocker);
      const hidden = await t.app.inject({ url: widgetOf(blocked.iid), headers: reporter.headers });
      expect(hidden.json<Widget>().blocking_merge_requests).toMatchObject({
        total_count: 1,
        hidden_count: 1,
      });
      const added = await t.app.inject({
        method: 'POST',
        url: `/api/v4/projects/${elsewhere.project.id}/members`,
        headers: owner.headers,
        payload: { user_id: reporter.id, access_level: ACCESS_LEVELS.reporter },
      });
      expect(added.statusCode).toBe(201);
      const shown = await nextAnswer(widgetOf(blocked.iid), reporter, hidden.headers.etag as string);
      expect(shown.blocking_merge_requests).toMatchObject({
        hidden_count: 0,
        visible_merge_requests: { opened: [{ iid: blocker.iid, title: 'Add the API' }] },
      });
    });
  });

  it('stops answering 304 once the project is removed', async () => {
    const doomed = await buildProject(t.container, owner, { visibility: 'private' });
    const { mergeRequest } = await buildMergeRequest(t.container, owner, doomed, { title: 'Add a till' });
    const widgetUrl = `/${doomed.fullPath}/-/merge_requests/${mergeRequest.iid}/widget.json`;
    const first = await t.app.inject({ url: widgetUrl, headers: owner.headers });
    expect(first.statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v4/projects/${doomed.project.id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(202);
    const poll = () =>
      t.app.inject({
        url: widgetUrl,
        headers: { ...owner.headers, 'if-none-match': first.headers.etag as string },
      });
    await expect.poll(async () => (await poll()).statusCode).toBe(404);
  });

  it('keeps ETags per viewer: one viewer’s ETag is no 304 for another', async () => {
    const mine = await get('widget.json');
    const theirs = await get('widget.json', reporter, mine.headers.etag);
    expect(theirs.statusCode).toBe(200);
  });

  /** Changes the request's title in the database only: no event announces it. */
  const retitleQuietly = (title: string) =>
    queryRows(
      t.container.db,
      sql`update merge_requests set title = ${title} where project_id = ${p.project.id} and iid = 1`,
    );

  describe('after its time of trust (ETAG_TTL_MS)', () => {
    afterEach(() => vi.useRealTimers());

    it('answers the held ETag at once while one read checks it; a change no event announced shows next', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const first = await get('cached_widget.json');
      await retitleQuietly('Add a cart, quietly');
      expect((await get('cached_widget.json', owner, first.headers.etag)).statusCode).toBe(304);

      vi.setSystemTime(Date.now() + ETAG_TTL_MS + 1);
      const read = vi.spyOn(t.container.widgets, 'cached');
      const polls = await Promise.all(
        Array.from({ length: 10 }, () => get('cached_widget.json', owner, first.headers.etag)),
      );
      expect(polls.map((poll) => poll.statusCode)).toEqual(Array(10).fill(304));
      await expect
        .poll(async () => (await get('cached_widget.json', owner, first.headers.etag)).statusCode)
        .toBe(200);
      // One read checked the ETag for all ten polls; one more answered the poll after it.
      expect(read).toHaveBeenCalledTimes(2);
      read.mockRestore();
      expect((await get('cached_widget.json')).json<CachedWidget>().title).toBe('Add a cart, quietly');
      await retitleQuietly('Add a cart');
    });

    it('reads before answering once the ETag is older than its check allows', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const first = await get('cached_widget.json');
      await retitleQuietly('Add a cart, long ago');
      vi.setSystemTime(Date.now() + ETAG_TTL_MS + ETAG_STALE_MS + 1);
      const late = await get('cached_widget.json', owner, first.headers.etag);
      expect(late.statusCode).toBe(200);
      expect(late.json<CachedWidget>().title).toBe('Add a cart, long ago');
      await retitleQuietly('Add a cart');
    });

    it('stops answering 304 to a viewer whose access ended without an event once the check finds it', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const leaving = await buildUser(t.container);
      await addProjectMember(t.container, p, leaving, ACCESS_LEVELS.reporter);
      const first = await get('widget.json', leaving);
      expect(first.statusCode).toBe(200);
      await queryRows(
        t.container.db,
        sql`delete from project_members where project_id = ${p.project.id} and user_id = ${leaving.id}`,
      );
      vi.setSystemTime(Date.now() + ETAG_TTL_MS + 1);
      expect((await get('widget.json', leaving, first.headers.etag)).statusCode).toBe(304);
      await expect
        .poll(async () => (await get('widget.json', leaving, first.headers.etag)).statusCode)
        .toBe(404);
    });
  });

  it('hides a private project’s widget from strangers and anonymous visitors', async () => {
    const stranger = await buildUser(t.container);
    expect((await get('cached_widget.json', stranger)).statusCode).toBe(404);
    expect((await get('widget.json', null)).statusCode).toBe(404);
  });

  it('shows a scheduled rebase in progress, and its end to a poll that held the running state', async () => {
    await t.app.inject({ method: 'POST', url: url('rebase'), headers: owner.headers });
    const scheduled = await get('cached_widget.json');
    expect(scheduled.json<CachedWidget>().rebase_in_progress).toBe(true);
    await t.container.jobs.drain();
    const after = (await get('cached_widget.json', owner, scheduled.headers.etag)).json<CachedWidget>();
    expect(after).toMatchObject({ rebase_in_progress: false, diverged_commits_count: 0 });
  });

  it('is never preparing: a request is readable only once its first diff version is written', async () => {
    await pushFile(p, 'fresh', { path: 'new.ts', content: 'export {};\n', message: 'Add new' });
    const created = t.app.inject({
      method: 'POST',
      url: `/api/v4/projects/${p.project.id}/merge_requests`,
      payload: { source_branch: 'fresh', target_branch: 'main', title: 'New' },
      headers: owner.headers,
    });
    let settled = false;
    void created.finally(() => (settled = true));
    // Polls while the request is being created: not found yet, or whole.
    const seen: Array<{ status: number; commits?: number; detailed?: string }> = [];
    // Bounded: each poll takes its turn with the creation's queries.
    while (!settled && seen.length < 50) {
      const poll = await t.app.inject({
        url: `/${p.fullPath}/-/merge_requests/2/cached_widget.json`,
        headers: owner.headers,
      });
      const body = poll.statusCode === 200 ? poll.json<CachedWidget>() : null;
      seen.push({
        status: poll.statusCode,
        ...(body && { commits: body.commits_count, detailed: body.detailed_merge_status }),
      });
    }
    expect((await created).statusCode).toBe(201);
    for (const answer of seen)
      expect(answer.status === 404 || (answer.commits === 1 && answer.detailed !== 'unchecked')).toBe(true);
    const versions = await t.app.inject({
      url: `/api/v4/projects/${p.project.id}/merge_requests/2/versions`,
      headers: owner.headers,
    });
    expect(versions.json<unknown[]>()).toHaveLength(1);
    expect((await get('cached_widget.json')).statusCode).toBe(200);
  });
});
