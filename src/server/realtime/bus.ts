import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/client';

/**
 * Events that other processes and live browsers care about. Payloads stay small (ids), so that
 * listeners read fresh state and NOTIFY's 8000-byte limit is never a concern.
 */
export type BusEvent =
  | {
      type: 'merge_request.updated';
      projectId: number;
      mergeRequestId: number;
      iid: number;
      /**
       * The request's state and waiting auto-merge strategy as the write that is announced left
       * them, when the announcer wrote the row: listeners that care only about waiting requests
       * skip the others without a read.
       */
      standing?: { state: 'opened' | 'closed' | 'merged' | 'locked'; autoMergeStrategy: string | null };
    }
  /** Who approved a merge request changed (approved, revoked, reset): its approval state is read again. */
  | { type: 'merge_request.approval_state_updated'; projectId: number; mergeRequestId: number; iid: number }
  | { type: 'repository.pushed'; projectId: number; refs: string[] }
  /** A CI pipeline's status changed (created, its jobs moved it on, it finished). */
  | { type: 'pipeline.updated'; projectId: number; pipelineId: number; status: string }
  /** A CI pipeline was deleted, with its jobs. */
  | { type: 'pipeline.deleted'; projectId: number; pipelineId: number }
  /**
   * CI jobs of one pipeline reached `status` together; `pending` wakes the runners waiting for a
   * job in every process.
   */
  | { type: 'job.updated'; projectId: number; pipelineId: number; jobIds: number[]; status: string }
  /** Settings that change what pages show (archived, merge settings, visibility, protected branches). */
  | { type: 'project.updated'; projectId: number }
  /** Who is a member of a project or group, or at what level, changed: what each may do there. */
  | { type: 'members.changed'; of: { kind: 'project' | 'group'; id: number } }
  /** What a user's sessions and tokens allow changed (signed out, token revoked, blocked): caches forget them. */
  | { type: 'user.auth_changed'; userId: number }
  /**
   * Heard from this process's own bus only, when its listening connection came back: what other
   * processes announced meanwhile was lost, so what is remembered for want of an event is read again.
   */
  | { type: 'bus.resumed' }
  /** Wakes the job workers of every process. */
  | { type: 'job.enqueued'; queue: string }
  /** A job ended (done, or failed for now): what it was doing shows no longer as in progress. */
  | { type: 'job.finished'; queue: string }
  | {
      type: 'note.changed';
      change: 'created' | 'updated' | 'deleted';
      projectId: number;
      noteableType: 'Issue' | 'MergeRequest';
      noteableId: number;
      noteId: number;
      /** Subscribers without `read_internal_note` skip these without a read. */
      internal: boolean;
      /** A system note is no thread to resolve: what waits on a request's checks skips it. */
      system: boolean;
    };

export type EventBus = {
  /**
   * Announces an event; `within` a transaction, it is heard once that transaction commits (and
   * never if it rolls back), so a listener that reads what the event names finds it.
   */
  publish(event: BusEvent, within?: Db): Promise<void>;
  subscribe(listener: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
};

const CHANNEL = 'app_events';

/**
 * The embedded default: one process, so an EventEmitter is the whole fan-out. An event published
 * within a transaction is heard at once: PGlite runs a listener's reads after that transaction.
 */
export function createInProcessBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: async (event) => void emitter.emit(CHANNEL, event),
    subscribe: (listener) => {
      emitter.on(CHANNEL, listener);
      return () => emitter.off(CHANNEL, listener);
    },
    close: async () => void emitter.removeAllListeners(),
  };
}

/**
 * Several app processes on one PostgreSQL: LISTEN/NOTIFY carries every event to every process,
 * this one included. The listening connection is its own client, not a pool member, and comes
 * back (re-LISTENing) after the server drops it, so a database restart does not silence realtime.
 */
export async function createPostgresBus(pool: pg.Pool, connectionString: string): Promise<EventBus> {
  const local = createInProcessBus();
  let closing = false;
  let client: pg.Client | null = null;
  let listenedBefore = false;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      void local.publish(JSON.parse(message.payload) as BusEvent);
    });
    next.on('error', () => reconnect(next));
    next.on('end', () => reconnect(next));
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    const resumed = listenedBefore;
    client = next;
    listenedBefore = true;
    if (resumed) void local.publish({ type: 'bus.resumed' });
  };

  const reconnect = (failed: pg.Client): void => {
    if (closing || client !== failed) return;
    client = null;
    setTimeout(() => void connect().catch(() => reconnect(failed)), RECONNECT_DELAY_MS);
  };

  await connect();
  return {
    // NOTIFY inside a transaction is delivered when it commits.
    publish: async (event, within) => {
      const payload = JSON.stringify(event);
      if (within) await within.execute(sql`SELECT pg_notify(${CHANNEL}, ${payload})`);
      else await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
    },
    subscribe: (listener) => local.subscribe(listener),
    close: async () => {
      closing = true;
      // Closing: a connection that fails to end cleanly is gone either way.
      await client?.end().catch(() => undefined);
      client = null;
      await local.close();
    },
  };
}

const RECONNECT_DELAY_MS = 1000;
