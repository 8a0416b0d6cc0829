import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../../test/support/factories';
import { addProjectMember, pushFile } from '../../../../test/support/merge-request-factories';
import { landedMerges, systemNoteTexts } from '../../../../test/support/merge-trains';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { MergeRequestDetail } from '../../../shared/api/mergeRequests';
import type { MergeTrainCar } from '../../../shared/api/mergeTrains';
import type { CachedWidget } from '../../../shared/api/mergeWidget';
import type { UpdateProjectBody } from '../../../shared/api/projects';
import { branchRef, readRef, resolveCommit } from '../../git/repository';
import type { ProjectContext } from '../projects/projects.service';

describe('merge trains', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.container, { name: 'Olivia Owner' });
  });
  afterAll(() => t.close());

  const api = (p: ProjectContext) => `/api/v4/projects/${p.project.id}`;
  const add = (
    p: ProjectContext,
    iid: number,
    user: TestUser = owner,
    payload: Record<string, unknown> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `${api(p)}/merge_trains/merge_requests/${iid}`,
      payload,
      headers: user.headers,
    });
  const cars = async (p: ProjectContext, query = '', user: TestUser = owner) => {
    const response = await t.app.inject({ url: `${api(p)}/merge_trains${query}`, headers: user.headers });
    expect(response.statusCode).toBe(200);
    return response.json<MergeTrainCar[]>();
  };
  const carsOf = async (p: ProjectContext, query = '?scope=active&sort=asc') =>
    (await cars(p, query)).map((car) => [car.merge_request.iid, car.status]);
  const show = async (p: ProjectContext, iid: number) =>
    (
      await t.app.inject({ url: `${api(p)}/merge_requests/${iid}`, headers: owner.headers })
    ).json<MergeRequestDetail>();
  const widget = async (p: ProjectContext, iid: number) =>
    (
      await t.app.inject({
        url: `/${p.fullPath}/-/merge_requests/${iid}/cached_widget.json`,
        headers: owner.headers,
      })
    ).json<CachedWidget>();
  const pageMerge = (p: ProjectContext, iid: number, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/${p.fullPath}/-/merge_requests/${iid}/merge`,
      payload,
      headers: owner.headers,
    });
  const systemNotes = (mergeRequestId: number) => systemNoteTexts(t.container.db, mergeRequestId);
  const landed = (p: ProjectContext) => landedMerges(p.gitDir);
  const train = (p: ProjectContext) => ({ projectId: p.project.id, targetBranch: 'main' });

  async function trainProject(settings: UpdateProjectBody = {}) {
    const p = await buildProject(t.container, owner);
    await t.container.projects.updateProject(owner, p.project.id, {
      merge_trains_enabled: true,
      ...settings,
    });
    return p;
  }

  /** A request adding one file; `file` lets two requests touch the same path. */
  async function request(p: ProjectContext, branch: string, file = `${branch}.txt`) {
    await pushFile(p, branch, { path: file, content: `${branch}\n`, message: `Add ${branch}` });
    const mr = await t.container.mergeRequests.create(owner, p.project.id, {
      source_branch: branch,
      title: `Add ${branch}`,
    });
    return mr.mergeRequest;
  }

  describe('a train of three', () => {
    it('adds cars at their positions, with GitLab’s notes and answers, and merges them in order', async () => {
      const p = await trainProject();
      const [a, b, c] = [await request(p, 'alpha'), await request(p, 'bravo'), await request(p, 'charlie')];

      const first = await add(p, a.iid);
      expect(first.statusCode).toBe(201);
      expect(first.json<MergeTrainCar[]>()).toMatchObject([
        {
          merge_request: { iid: a.iid, project_id: p.project.id, state: 'opened', title: 'Add alpha' },
          user: { username: owner.username },
          pipeline: null,
          target_branch: 'main',
          status: 'idle',
          merged_at: null,
          duration: null,
        },
      ]);
      expect((await add(p, b.iid)).statusCode).toBe(201);
      expect((await add(p, c.iid, owner, { squash: true })).statusCode).toBe(201);
      expect(await carsOf(p)).toEqual([
        [a.iid, 'idle'],
        [b.iid, 'idle'],
        [c.iid, 'idle'],
      ]);
      expect(await systemNotes(a.id)).toContain('started a merge train');
      expect(await systemNotes(c.id)).toContain('added this merge request to the merge train at position 3');
      expect(await show(p, b.iid)).toMatchObject({
        merge_when_pipeline_succeeds: true,
        merge_status: 'can_be_merged',
      });
      expect(await widget(p, c.iid)).toMatchObject({
        auto_merge_enabled: true,
        auto_merge_strategy: 'merge_train',
        merge_trains_count: 3,
        merge_train_index: 2,
      });

      // The first look computes every car's merged result and merges the first.
      await t.container.mergeTrains.refresh(train(p));
      expect(await carsOf(p)).toEqual([
        [b.iid, 'fresh'],
        [c.iid, 'fresh'],
      ]);
      expect(await readRef(p.gitDir, `refs/merge-requests/${c.iid}/train`)).toMatch(/^[0-9a-f]{40}$/);
      expect(await widget(p, c.iid)).toMatchObject({ merge_trains_count: 2, merge_train_index: 1 });

      await t.container.jobs.drain();
      expect(await landed(p)).toEqual([
        "Merge branch 'alpha' into 'main'",
        "Merge branch 'bravo' into 'main'",
        "Merge branch 'charlie' into 'main'",
      ]);
      for (const mr of [a, b, c]) expect((await show(p, mr.iid)).state).toBe('merged');
      // Charlie's squash choice was kept: its one commit is the squash commit.
      expect((await show(p, c.iid)).squash_commit_sha).toMatch(/^[0-9a-f]{40}$/);
      expect(await carsOf(p)).toEqual([]);
      const complete = await cars(p, '?scope=complete');
      expect(complete.map((car) => [car.merge_request.iid, car.status])).toEqual([
        [c.iid, 'merged'],
        [b.iid, 'merged'],
        [a.iid, 'merged'],
      ]);
      expect(complete[0]?.duration).toEqual(expect.any(Number));
      expect(await readRef(p.gitDir, `refs/merge-requests/${c.iid}/train`)).toBeNull();
    });

    it('drops a car that conflicts with the cars ahead, says why, and still merges the one behind it', async () => {
      const p = await trainProject();
      const a = await request(p, 'alpha', 'shared.txt');
      const b = await request(p, 'bravo', 'shared.txt');
      const c = await request(p, 'charlie');
      for (const mr of [a, b, c]) expect((await add(p, mr.iid)).statusCode).toBe(201);

      await t.container.jobs.drain();
      expect(await landed(p)).toEqual([
        "Merge branch 'alpha' into 'main'",
        "Merge branch 'charlie' into 'main'",
      ]);
      const dropped = await show(p, b.iid);
      expect(dropped).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: false });
      expect(await systemNotes(b.id)).toContain(
        'removed this merge request from the merge train because merge conflicts must be resolved',
      );
      expect(await widget(p, b.iid)).toMatchObject({
        merge_error: 'This merge request failed to be merged automatically',
        auto_merge_enabled: false,
        merge_train_index: null,
      });
    });
  });

  it('takes a car off with "Remove from merge train" (cancel auto-merge), and the cars behind move up', async () => {
    const p = await trainProject();
    const [a, b] = [await request(p, 'alpha'), await request(p, 'bravo')];
    await add(p, a.iid);
    await add(p, b.iid);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/${p.fullPath}/-/merge_requests/${a.iid}/cancel_auto_merge`,
      headers: owner.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect(await systemNotes(a.id)).toContain('removed this merge request from the merge train');
    expect(await carsOf(p)).toEqual([[b.iid, 'idle']]);
    expect(await widget(p, a.iid)).toMatchObject({
      auto_merge_enabled: false,
      merge_error: null,
      merge_train_index: null,
    });
    expect(await widget(p, b.iid)).toMatchObject({ merge_trains_count: 1, merge_train_index: 0 });
    await t.container.jobs.drain();
    expect(await landed(p)).toEqual(["Merge branch 'bravo' into 'main'"]);
    expect((await show(p, a.iid)).state).toBe('opened');
  });

  describe('merge now', () => {
    /** Alpha merged by the train, Bravo and Charlie fresh behind it, and Xray ready beside the train. */
    async function halfwayTrain(settings: UpdateProjectBody = {}) {
      const p = await trainProject({ merge_trains_skip_train_allowed: true, ...settings });
      const [a, b, c] = [await request(p, 'alpha'), await request(p, 'bravo'), await request(p, 'charlie')];
      const x = await request(p, 'xray');
      for (const mr of [a, b, c]) await add(p, mr.iid);
      await t.container.mergeTrains.refresh(train(p));
      expect(await carsOf(p)).toEqual([
        [b.iid, 'fresh'],
        [c.iid, 'fresh'],
      ]);
      return { p, b, c, x };
    }

    it('"Merge now and restart train" merges at once and computes the cars again', async () => {
      const { p, b, c, x } = await halfwayTrain();
      const sha = (await show(p, x.iid)).sha;
      const response = await pageMerge(p, x.iid, { sha, skip_merge_train: false });
      expect(response.json()).toEqual({ status: 'success' });
      expect(await carsOf(p)).toEqual([
        [b.iid, 'stale'],
        [c.iid, 'stale'],
      ]);
      await t.container.jobs.drain();
      expect(await landed(p)).toEqual([
        "Merge branch 'alpha' into 'main'",
        "Merge branch 'xray' into 'main'",
        "Merge branch 'bravo' into 'main'",
        "Merge branch 'charlie' into 'main'",
      ]);
      expect((await cars(p, '?scope=complete')).map((car) => car.merge_request.iid)).not.toContain(x.iid);
    });

    it('"Merge now and don\'t restart train" merges at once, the cars go on, and it is kept as skip_merged', async () => {
      const { p, b, c, x } = await halfwayTrain();
      const response = await pageMerge(p, x.iid, { sha: (await show(p, x.iid)).sha, skip_merge_train: true });
      expect(response.json()).toEqual({ status: 'success' });
      expect(await carsOf(p)).toEqual([
        [b.iid, 'fresh'],
        [c.iid, 'fresh'],
      ]);
      expect((await cars(p, '?scope=complete&sort=desc'))[0]).toMatchObject({
        merge_request: { iid: x.iid, state: 'merged' },
        status: 'skip_merged',
      });
      await t.container.jobs.drain();
      expect((await show(p, c.iid)).state).toBe('merged');
    });

    it('refuses to skip the train where the project does not allow it, and merges nothing', async () => {
      const { p, x } = await halfwayTrain({ merge_trains_skip_train_allowed: false });
      const before = await resolveCommit(p.gitDir, branchRef('main'));
      const response = await pageMerge(p, x.iid, { sha: (await show(p, x.iid)).sha, skip_merge_train: true });
      expect(response.json()).toEqual({
        status: 'failed',
        merge_error: 'This project does not allow merging immediately past the merge train',
      });
      expect(await resolveCommit(p.gitDir, branchRef('main'))).toBe(before);
      expect((await show(p, x.iid)).state).toBe('opened');
    });
  });

  describe('the widget and the merge call', () => {
    it('offers merge_train to a request that can merge, and the widget’s merge call adds it to the train', async () => {
      const p = await trainProject();
      const a = await request(p, 'alpha');
      expect(await widget(p, a.iid)).toMatchObject({
        available_auto_merge_strategies: ['merge_train'],
        merge_trains_count: 0,
        merge_train_index: null,
        merge_trains_skip_allowed: false,
      });
      const response = await pageMerge(p, a.iid, {
        sha: (await show(p, a.iid)).sha,
        auto_merge_strategy: 'merge_train',
      });
      expect(response.json()).toEqual({ status: 'merge_train' });
      expect(await carsOf(p)).toEqual([[a.iid, 'idle']]);
    });

    it('waits with add_to_merge_train_when_checks_pass and joins once the last check passes (202 on the API)', async () => {
      const p = await trainProject();
      const a = await request(p, 'alpha');
      await t.container.mergeRequests.update(owner, p.project.id, a.iid, { title: 'Draft: Add alpha' });
      expect((await widget(p, a.iid)).available_auto_merge_strategies).toEqual([
        'add_to_merge_train_when_checks_pass',
      ]);
      const response = await add(p, a.iid, owner, { auto_merge: true });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual([]);
      expect(await systemNotes(a.id)).toContainEqual(
        expect.stringMatching(
          /^enabled automatic add to merge train when all merge checks for [0-9a-f]{40} pass$/,
        ),
      );
      await t.container.mergeRequests.update(owner, p.project.id, a.iid, { title: 'Add alpha' });
      await expect
        .poll(
          async () => {
            await t.container.jobs.drain();
            return (await show(p, a.iid)).state;
          },
          { timeout: 10_000 },
        )
        .toBe('merged');
      expect(await systemNotes(a.id)).toContain('started a merge train');
    });

    it('turns the train strategies down with 422 where the project has no merge trains', async () => {
      const p = await buildProject(t.container, owner);
      const a = await request(p, 'alpha');
      const response = await pageMerge(p, a.iid, {
        sha: (await show(p, a.iid)).sha,
        auto_merge_strategy: 'merge_train',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: 'Merge trains are not enabled for this project' });
      expect((await add(p, a.iid)).statusCode).toBe(422);
      expect((await show(p, a.iid)).state).toBe('opened');
    });
  });

  describe('the REST API', () => {
    it('shows one request’s car, and 404 for a request that never joined', async () => {
      const p = await trainProject();
      const [a, b] = [await request(p, 'alpha'), await request(p, 'bravo')];
      await add(p, a.iid);
      const one = await t.app.inject({
        url: `${api(p)}/merge_trains/merge_requests/${a.iid}`,
        headers: owner.headers,
      });
      expect(one.statusCode).toBe(200);
      expect(one.json()).toMatchObject({
        merge_request: { iid: a.iid },
        status: 'idle',
        target_branch: 'main',
      });
      const none = await t.app.inject({
        url: `${api(p)}/merge_trains/merge_requests/${b.iid}`,
        headers: owner.headers,
      });
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ message: '404 Merge Train Merge Request Not Found' });
      const byBranch = await t.app.inject({ url: `${api(p)}/merge_trains/main`, headers: owner.headers });
      expect(byBranch.json<MergeTrainCar[]>().map((car) => car.merge_request.iid)).toEqual([a.iid]);
      expect(byBranch.headers['x-total']).toBe('1');
      const other = await t.app.inject({ url: `${api(p)}/merge_trains/develop`, headers: owner.headers });
      expect(other.json()).toEqual([]);
    });

    it('lets a Developer read trains but not add to one when main takes Maintainers, and hides them from Reporters', async () => {
      const p = await trainProject();
      const a = await request(p, 'alpha');
      const developer = await buildUser(t.container);
      const reporter = await buildUser(t.container);
      await addProjectMember(t.container, p, developer, ACCESS_LEVELS.developer);
      await addProjectMember(t.container, p, reporter, ACCESS_LEVELS.reporter);
      expect(await cars(p, '', developer)).toEqual([]);
      const refused = await add(p, a.iid, developer);
      expect(refused.statusCode).toBe(401);
      const forbidden = await t.app.inject({ url: `${api(p)}/merge_trains`, headers: reporter.headers });
      expect(forbidden.statusCode).toBe(403);
      expect((await add(p, a.iid, reporter)).statusCode).toBe(403);
      const stranger = await buildUser(t.container);
      expect(
        (await t.app.inject({ url: `${api(p)}/merge_trains`, headers: stranger.headers })).statusCode,
      ).toBe(404);
      expect(await carsOf(p)).toEqual([]);
      expect(await systemNotes(a.id)).toEqual([]);
    });

    it('refuses bad input with 400, a stale sha with 409, and writes nothing', async () => {
      const p = await trainProject();
      const a = await request(p, 'alpha');
      const badScope = await t.app.inject({
        url: `${api(p)}/merge_trains?scope=everything`,
        headers: owner.headers,
      });
      expect(badScope.statusCode).toBe(400);
      expect((await add(p, a.iid, owner, { squash: 'perhaps' })).statusCode).toBe(400);
      const stale = await add(p, a.iid, owner, { sha: '0'.repeat(40) });
      expect(stale.statusCode).toBe(409);
      expect(stale.json<{ message: string }>().message).toMatch(
        /^SHA does not match HEAD of source branch: /,
      );
      await t.container.mergeRequests.update(owner, p.project.id, a.iid, { state_event: 'close' });
      const closed = await add(p, a.iid);
      expect(closed.statusCode).toBe(400);
      expect(closed.json()).toEqual({ message: '400 Bad request - Failed to merge' });
      expect(await carsOf(p)).toEqual([]);
    });
  });
});
