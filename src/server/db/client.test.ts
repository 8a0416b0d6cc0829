import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type TestUser } from '../../../test/support/factories';
import { addProjectMember } from '../../../test/support/merge-request-factories';
import { collectQueryQueueWarnings } from '../../../test/support/query-queue-warnings';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { openTestDatabase } from '../../../test/support/test-database';
import { ACCESS_LEVELS } from '../../shared/access/accessLevels';
import type { ProjectContext } from '../features/projects/projects.service';
import { queryRows, type Database } from './client';

/** pg 9 refuses a query handed to a client while another runs; a transaction's client is one. */
describe('queries asked at once of one client', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('answers every read a transaction asks at once, one after another, without the warning', async () => {
    const collected = collectQueryQueueWarnings();
    try {
      // A read, then several at once: as a push reads the request, then the settings chain.
      const answers = await database.db.transaction(async (tx) => {
        await queryRows(tx, sql`select 1`);
        return Promise.all(
          Array.from({ length: 12 }, (_, n) => queryRows<{ n: number }>(tx, sql`select ${n}::int as n`)),
        );
      });
      expect(answers.map(([row]) => row?.n)).toEqual(Array.from({ length: 12 }, (_, n) => n));
    } finally {
      await collected.stop();
    }
    expect(collected.warnings).toEqual([]);
  });

  it('gives a failed query its error and still answers those asked after it', async () => {
    const [failed, after] = await Promise.allSettled([
      database.db.transaction((tx) =>
        Promise.all([queryRows(tx, sql`select 1 / 0`), queryRows(tx, sql`select 2 as n`)]),
      ),
      queryRows<{ n: number }>(database.db, sql`select 3 as n`),
    ]);
    expect(failed).toMatchObject({ status: 'rejected', reason: { cause: { message: 'division by zero' } } });
    expect(after).toEqual({ status: 'fulfilled', value: [{ n: 3 }] });
  });
});

describe('a burst of requests that push, approve and poll', () => {
  let t: TestApp;
  let owner: TestUser;
  let approver: TestUser;
  let p: ProjectContext;
  beforeAll(async () => {
    t = await createTestApp();
    [owner, approver] = [await buildUser(t.container), await buildUser(t.container)];
    p = await buildProject(t.container, owner);
    await addProjectMember(t.container, p, approver, ACCESS_LEVELS.developer);
  });
  afterAll(() => t.close());

  const url = (rest: string) => `/api/v4/projects/${p.project.id}${rest}`;
  const send = (user: TestUser, method: 'GET' | 'POST', path: string, payload?: object) =>
    t.app.inject({ method, url: url(path), headers: user.headers, ...(payload ? { payload } : {}) });
  const commit = (branch: string, n: number) =>
    send(owner, 'POST', `/repository/files/${branch}-${n}.md`, {
      branch,
      start_branch: 'main',
      content: `change ${n}`,
      commit_message: `Change ${n}`,
    });

  it('answers them all without node-postgres warning of a query asked of a busy client', async () => {
    const branches = ['one', 'two', 'three'];
    for (const branch of branches) {
      expect((await commit(branch, 0)).statusCode).toBe(201);
      const mr = await send(owner, 'POST', '/merge_requests', { source_branch: branch, title: branch });
      expect(mr.statusCode).toBe(201);
    }
    for (const iid of [1, 2, 3])
      expect((await send(approver, 'POST', `/merge_requests/${iid}/approve`)).statusCode).toBe(201);

    // A push resets approvals in the transaction that moves the head, reading settings at once.
    const collected = collectQueryQueueWarnings();
    let answers: number[];
    try {
      const burst = await Promise.all(
        branches.flatMap((branch, index) => [
          commit(branch, 1),
          send(owner, 'GET', `/merge_requests/${index + 1}/approvals`),
          send(approver, 'GET', `/merge_requests/${index + 1}`),
        ]),
      );
      answers = burst.map((response) => response.statusCode);
    } finally {
      await collected.stop();
    }
    expect(answers).toEqual(branches.flatMap(() => [201, 200, 200]));
    expect(collected.warnings).toEqual([]);
    const approvals = await send(owner, 'GET', '/merge_requests/1/approvals');
    expect(approvals.json()).toMatchObject({ approved_by: [] });
  });
});
