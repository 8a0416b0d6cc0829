import os from 'node:os';
import pg from 'pg';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import {
  deleteAppProcess,
  holdLivenessLock,
  idsHoldingLivenessLock,
  insertAppProcess,
} from './app-processes.repo';

const RECONNECT_DELAY_MS = 1000;

/**
 * Which app processes are alive, so that what a dead one left half done (a merge holding its
 * request `locked`) is settled at once rather than after a timeout, and only what a dead one left.
 *
 * Each process registers a row on first need and names itself by its id. On PostgreSQL it then
 * holds an advisory lock on that id on a connection of its own: the server releases it the moment
 * the process's connection goes (a crash, `kill -9`, a lost machine once TCP gives up), so any
 * process can ask whether another is alive. PGlite is embedded in one process, so there every
 * other process that ever wrote the database is gone.
 */
export function createAppProcesses({ database, clock }: { database: Database; clock: Clock }) {
  let registered: Promise<number> | null = null;
  let client: pg.Client | null = null;
  let closing = false;

  let retrying = false;

  /** Holds the lock on a connection of its own, taken again on a new one if that one drops. */
  async function holdLock(id: number, url: string): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    const lost = () => {
      if (client === next) reconnect(id, url);
    };
    next.on('error', lost);
    next.on('end', lost);
    await next.connect();
    await holdLivenessLock(next, id);
    client = next;
  }

  function reconnect(id: number, url: string): void {
    if (closing || retrying) return;
    retrying = true;
    client = null;
    setTimeout(() => {
      retrying = false;
      if (!closing) holdLock(id, url).catch(() => reconnect(id, url));
    }, RECONNECT_DELAY_MS);
  }

  async function register(): Promise<number> {
    const id = await insertAppProcess(database.db, {
      host: os.hostname(),
      pid: process.pid,
      startedAt: clock.now(),
    });
    if (database.kind === 'postgres') await holdLock(id, database.url);
    return id;
  }

  /** This process's id, registered (and, on PostgreSQL, its lock taken) on the first call. */
  function ownId(): Promise<number> {
    registered ??= register().catch((error: unknown) => {
      registered = null;
      throw error;
    });
    return registered;
  }

  /** The ids, among these, of processes that are gone. */
  async function gone(ids: readonly number[]): Promise<Set<number>> {
    // Not registered (its caller was told): every id is another process's.
    const own = registered ? await registered.catch(() => null) : null;
    const others = [...new Set(ids)].filter((id) => id !== own);
    if (database.kind !== 'postgres') return new Set(others);
    const alive = await idsHoldingLivenessLock(database.db, others);
    return new Set(others.filter((id) => !alive.has(id)));
  }

  /** A clean stop: the lock goes with the connection, and the row with it. */
  async function close(): Promise<void> {
    closing = true;
    // Closing: a registration that failed left no row, a connection that fails to end is gone,
    // and a row left behind is found gone by the other processes (its lock is released).
    const id = registered ? await registered.catch(() => null) : null;
    await client?.end().catch(() => undefined);
    client = null;
    if (id !== null) await deleteAppProcess(database.db, id).catch(() => undefined);
  }

  return { ownId, gone, close };
}

export type AppProcesses = ReturnType<typeof createAppProcesses>;
