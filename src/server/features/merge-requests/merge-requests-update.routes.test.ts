import { beforeAll, describe, expect, it } from 'vitest';
import type { MergeRequest } from '../../../shared/api/mergeRequests';
import { buildProject, type TestUser } from '../../../../test/support/factories';
import { buildMergeRequest, pushFile } from '../../../../test/support/merge-request-factories';
import type { TestApp } from '../../../../test/support/test-app';
import type { BusEvent } from '../../realtime/bus';
import { mergeRequestsTestSetup } from './merge-requests-test-setup';

/** Updating a merge request: title, draft, closing and reopening, retargeting. */
describe('merge requests API', () => {
  const kit = mergeRequestsTestSetup();
  const { api, post, put, get } = kit;
  let t: TestApp;
  let owner: TestUser;
  beforeAll(() => {
    ({ t, owner } = kit);
  });

  describe('updating', () => {
    it('edits title and description, bumping updated_at and announcing the change after it is saved', async () => {
      const p = await buildProject(t.container, owner);
      const created = await buildMergeRequest(t.container, owner, p);
      const events: BusEvent[] = [];
      // System notes are announced too (note.changed); this test is about the merge request's own event.
      const stop = t.deps.bus.subscribe(
        (event) => event.type === 'merge_request.updated' && events.push(event),
      );
      const response = await put(owner, `${api(p)}/1`, { title: 'New title', description: 'New *words*' });
      stop();
      expect(response.statusCode).toBe(200);
      const mr = response.json<MergeRequest>();
      expect(mr).toMatchObject({ title: 'New title', description: 'New *words*' });
      expect(new Date(mr.updated_at).getTime()).toBeGreaterThanOrEqual(
        created.mergeRequest.updatedAt.getTime(),
      );
      expect(events).toEqual([
        { type: 'merge_request.updated', projectId: p.project.id, mergeRequestId: mr.id, iid: 1 },
      ]);
    });

    it('toggles draft on and off through the title prefix', async () => {
      const p = await buildProject(t.container, owner);
      await buildMergeRequest(t.container, owner, p, { title: 'Tidy up' });
      const drafted = await put(owner, `${api(p)}/1`, { draft: true });
      expect(drafted.json<MergeRequest>()).toMatchObject({ title: 'Draft: Tidy up', draft: true });
      const ready = await put(owner, `${api(p)}/1`, { draft: false });
      expect(ready.json<MergeRequest>()).toMatchObject({ title: 'Tidy up', draft: false });
    });

    it('closes with closed_by and closed_at, and reopens', async () => {
      const p = await buildProject(t.container, owner);
      await buildMergeRequest(t.container, owner, p);
      const closed = (await put(owner, `${api(p)}/1`, { state_event: 'close' })).json<MergeRequest>();
      expect(closed).toMatchObject({
        state: 'closed',
        detailed_merge_status: 'not_open',
        closed_by: { id: owner.id, username: owner.username },
      });
      expect(closed.closed_at).toEqual(expect.any(String));
      const reopened = (await put(owner, `${api(p)}/1`, { state_event: 'reopen' })).json<MergeRequest>();
      expect(reopened).toMatchObject({ state: 'opened', closed_by: null, closed_at: null });
      expect(reopened.detailed_merge_status).toBe('mergeable');
    });

    it('answers 400 for an unknown state_event and changes nothing', async () => {
      const p = await buildProject(t.container, owner);
      await buildMergeRequest(t.container, owner, p, { title: 'Stable' });
      const response = await put(owner, `${api(p)}/1`, { state_event: 'foo', title: 'Changed' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'state_event does not have a valid value' });
      expect((await get(owner, `${api(p)}/1`)).json<MergeRequest>()).toMatchObject({
        title: 'Stable',
        state: 'opened',
      });
    });

    it('refuses to reopen when another open merge request has the same branches', async () => {
      const p = await buildProject(t.container, owner);
      await buildMergeRequest(t.container, owner, p, { source_branch: 'twice' });
      await put(owner, `${api(p)}/1`, { state_event: 'close' });
      await post(owner, api(p), { source_branch: 'twice', title: 'Second try' });
      const response = await put(owner, `${api(p)}/1`, { state_event: 'reopen' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: ['Another open merge request already exists for this source branch: !2'],
      });
      expect((await get(owner, `${api(p)}/1`)).json<MergeRequest>().state).toBe('closed');
    });

    it('refuses to reopen when the source branch is gone', async () => {
      const p = await buildProject(t.container, owner);
      await buildMergeRequest(t.container, owner, p, { source_branch: 'short-lived' });
      await put(owner, `${api(p)}/1`, { state_event: 'close' });
      const { deleteRef, branchRef, resolveCommit } = await import('../../git/repository');
      const head = await resolveCommit(p.gitDir, branchRef('short-lived'));
      expect(await deleteRef(p.gitDir, branchRef('short-lived'), head ?? '')).toBe(true);
      const response = await put(owner, `${api(p)}/1`, { state_event: 'reopen' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: ['Source branch "short-lived" does not exist'] });
      expect((await get(owner, `${api(p)}/1`)).json<MergeRequest>().state).toBe('closed');
    });

    it('retargets to another branch with a new diff version, and refuses a missing one', async () => {
      const p = await buildProject(t.container, owner);
      const developHead = await pushFile(p, 'develop', { path: 'dev.txt', content: 'dev\n' });
      await buildMergeRequest(t.container, owner, p, { source_branch: 'retarget' });
      const missing = await put(owner, `${api(p)}/1`, { target_branch: 'nowhere' });
      expect(missing.statusCode).toBe(422);
      expect(missing.json()).toEqual({ message: ['Target branch "nowhere" does not exist'] });
      const moved = await put(owner, `${api(p)}/1`, { target_branch: 'develop' });
      expect(moved.json<MergeRequest>()).toMatchObject({ target_branch: 'develop', changes_count: '1' });
      expect(moved.json<MergeRequest>().diff_refs?.start_sha).toBe(developHead);
      const versions = (await get(owner, `${api(p)}/1/versions`)).json<Array<{ id: number }>>();
      expect(versions).toHaveLength(2);
      const notes = (await get(owner, `${api(p)}/1/notes?sort=asc`)).json<Array<{ body: string }>>();
      expect(notes.map((note) => note.body)).toContain('changed target branch from `main` to `develop`');
    });
  });
});
