import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { createPostgresBus, type BusEvent, type EventBus } from '../../src/server/realtime/bus';
import { openTestDatabase } from '../support/test-database';

/** Two buses on one database stand for two app processes. */
describe('the PostgreSQL event bus', () => {
  let database: Database;
  let first: EventBus;
  let second: EventBus;

  beforeAll(async () => {
    database = await openTestDatabase();
    if (database.kind !== 'postgres') throw new Error('this suite runs on a PostgreSQL server');
    first = await createPostgresBus(database.pool, database.url);
    second = await createPostgresBus(database.pool, database.url);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.close();
  });

  it('carries an event published by one process to every process, the publisher included', async () => {
    const event: BusEvent = { type: 'merge_request.updated', projectId: 1, mergeRequestId: 2, iid: 3 };
    const heard = (bus: EventBus) =>
      new Promise<BusEvent>((resolve) => {
        const stop = bus.subscribe((received) => {
          stop();
          resolve(received);
        });
      });
    const [atFirst, atSecond] = [heard(first), heard(second)];
    await first.publish(event);
    expect(await atSecond).toEqual(event);
    expect(await atFirst).toEqual(event);
  });

  it('keeps delivering after the server drops the listening connection, and says it resumed', async () => {
    if (database.kind !== 'postgres') throw new Error('unreachable');
    let resumed = false;
    const stopListening = second.subscribe((e) => (resumed ||= e.type === 'bus.resumed'));
    await database.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`,
    );
    const event: BusEvent = { type: 'repository.pushed', projectId: 9, refs: ['refs/heads/main'] };
    const deadline = Date.now() + 5000;
    let received: BusEvent | undefined;
    const stop = second.subscribe((e) => {
      if (e.type === event.type) received = e;
    });
    while (!received && Date.now() < deadline) {
      await first.publish(event);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    stop();
    stopListening();
    expect(received).toEqual(event);
    // Events published while it was down are lost: its listeners are told to read afresh.
    expect(resumed).toBe(true);
  });
});
