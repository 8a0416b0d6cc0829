import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appProcesses } from '../../src/server/db/schema';
import type { ProjectContext } from '../../src/server/features/projects/projects.service';
import { updateMergeRequestRow } from '../../src/server/features/merge-requests/merge-requests.repo';
import { branchRef, isAncestor, resolveCommit } from '../../src/server/git/repository';
import { buildProject, buildUser, type TestUser } from '../support/factories';
import { buildMergeRequest } from '../support/merge-request-factories';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { createTestApp, type TestApp } from '../support/test-app';

const REQUESTS = 6;

/**
 * Three app processes on one PostgreSQL database and one repository folder: a server process that
 * dies (`kill -9`) in the middle of merges, and two that live on. Only the merges the dead one left
 * `locked` are settled, at once; a merge a living process holds is left to it.
 */
describe('app processes that die in the middle of merges', () => {
  let living: TestApp;
  let reader: TestApp;
  let dying: ServerProcess;
  let owner: TestUser;

  beforeAll(async () => {
    living = await createTestApp();
    reader = await createTestApp({ shareWith: living });
    owner = await buildUser(living.container);
    const database = living.deps.database;
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    dying = await startServerProcess(living.dataDir, {
      DATABASE_URL: database.url,
      SEED_DEMO: 'false',
      RUNNER: 'none',
    });
    await dying.ready;
  });
  afterAll(async () => {
    if (dying.child.exitCode === null) dying.child.kill('SIGKILL');
    await dying.exited;
    await reader.close();
    await living.close();
  });

  /** Merges the dying process runs, all at once; it is killed while one of them holds its request. */
  async function killMidMerge(project: ProjectContext, iids: number[]) {
    const api = (method: string, iid: number) =>
      fetch(
        `${dying.url}/api/v4/projects/${project.project.id}/merge_requests/${iid}${method === 'PUT' ? '/merge' : ''}`,
        {
          method,
          headers: { 'private-token': owner.token },
        },
      );
    const merges = iids.map((iid) => api('PUT', iid).catch(() => null));
    const startedAt = Date.now();
    for (;;) {
      const states = await Promise.all(
        iids.map(async (iid) => ((await (await api('GET', iid)).json()) as { state: string }).state),
      );
      if (states.includes('locked')) break;
      if (Date.now() - startedAt > 5_000) throw new Error('no merge was seen under way');
    }
    dying.child.kill('SIGKILL');
    await dying.exited;
    await Promise.all(merges);
  }

  it('settles only the merges of the process that died', async () => {
    const project = await buildProject(living.container, owner);
    const iids: number[] = [];
    for (let i = 0; i < REQUESTS; i++)
      iids.push(
        (await buildMergeRequest(living.container, owner, project, { source_branch: `part-${i}` }))
          .mergeRequest.iid,
      );
    // A merge the living process holds, under way as the other dies.
    const held = (await buildMergeRequest(living.container, owner, project, { source_branch: 'held' }))
      .mergeRequest;
    await updateMergeRequestRow(living.container.db, held.id, {
      state: 'locked',
      mergeUserId: owner.id,
      mergeStartedAt: new Date(),
      mergeProcessId: await living.container.processes.ownId(),
      updatedAt: new Date(),
    });

    await killMidMerge(project, iids);
    const [dead] = await living.container.db
      .select({ id: appProcesses.id })
      .from(appProcesses)
      .where(eq(appProcesses.pid, dying.child.pid ?? -1));
    if (!dead) throw new Error('the dying process never registered');
    // PostgreSQL lets go of a dead process's lock once it sees its connection close.
    await expect.poll(async () => [...(await reader.container.processes.gone([dead.id]))]).toEqual([dead.id]);
    expect([...(await reader.container.processes.gone([await living.container.processes.ownId()]))]).toEqual(
      [],
    );

    // As a process starting up does: the dead one's merges are settled, the living one's held.
    expect(await reader.container.mergeRequests.settleInterruptedMerges()).toBeGreaterThan(0);
    const mainAfter = await resolveCommit(project.gitDir, branchRef('main'));
    for (const iid of iids) {
      const { mergeRequest: mr } = await reader.container.mergeRequests.show(owner, project.project.id, iid);
      if (mr.state === 'merged') {
        expect(await isAncestor(project.gitDir, mr.mergeCommitSha ?? '', mainAfter ?? '')).toBe(true);
        const notes = await reader.app.inject({
          url: `/api/v4/projects/${project.project.id}/merge_requests/${iid}/notes`,
          headers: owner.headers,
        });
        const merged = notes
          .json<Array<{ body: string; system: boolean }>>()
          .filter((n) => n.system && n.body === 'merged');
        expect(merged, `!${iid}`).toHaveLength(1);
      } else {
        expect(mr.state, `!${iid}`).toBe('opened');
        expect(await isAncestor(project.gitDir, mr.headSha ?? '', mainAfter ?? ''), `!${iid}`).toBe(false);
      }
    }
    const stillHeld = await reader.container.mergeRequests.show(owner, project.project.id, held.iid);
    expect(stillHeld.mergeRequest.state).toBe('locked');
  });
});
