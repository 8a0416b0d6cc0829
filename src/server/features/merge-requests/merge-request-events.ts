import type { BusEvent, EventBus } from '../../realtime/bus';
import type { Db } from '../../db/client';
import { findOpenWithHead, findStanding } from './auto-merge.repo';
import type { MergeRequestRow } from './merge-requests.repo';

type Announced = Pick<MergeRequestRow, 'id' | 'iid' | 'projectId'>;

/** Where a request stands for the listeners that wait on it: its state and its waiting auto-merge strategy. */
export type Standing = NonNullable<Extract<BusEvent, { type: 'merge_request.updated' }>['standing']>;

/** Tells every process and live page that a merge request changed; sent after the write committed. */
export async function announceMergeRequest(bus: EventBus, row: Announced): Promise<void> {
  await bus.publish({
    type: 'merge_request.updated',
    projectId: row.projectId,
    mergeRequestId: row.id,
    iid: row.iid,
  });
}

/**
 * Announces a row this process has just written (as `UPDATE ... RETURNING` gave it back), with
 * its standing, so listeners need not read it to know whether the change can matter to them.
 */
export async function announceWrittenMergeRequest(
  bus: EventBus,
  row: Announced & Pick<MergeRequestRow, 'state' | 'autoMergeEnabled' | 'autoMergeStrategy'>,
): Promise<void> {
  await bus.publish({
    type: 'merge_request.updated',
    projectId: row.projectId,
    mergeRequestId: row.id,
    iid: row.iid,
    standing: { state: row.state, autoMergeStrategy: row.autoMergeEnabled ? row.autoMergeStrategy : null },
  });
}

/**
 * The merge request whose checks an event may change: its own update, or a change of one of its
 * notes other than system notes (which no thread resolves).
 */
export const mergeRequestIdOf = (event: BusEvent): number | null =>
  event.type === 'merge_request.updated'
    ? event.mergeRequestId
    : event.type === 'note.changed' && event.noteableType === 'MergeRequest' && !event.system
      ? event.noteableId
      : null;

/** One read per event, shared by every listener of this process that hears it. */
const readFor = new WeakMap<BusEvent, Promise<Standing | null>>();

/**
 * Where the request an event is about stands: told by the event when its announcer wrote the
 * row, else read once for all listeners of the event. Null for a request that is gone. It settles
 * after the announcer's turn of the event loop: PGlite runs statements on this thread, so what
 * listeners read next would otherwise hold back the answer of the request that announced (a
 * merge answering its merger).
 */
export async function standingOf(db: Db, event: BusEvent, mergeRequestId: number): Promise<Standing | null> {
  await new Promise((resolve) => setImmediate(resolve));
  if (event.type === 'merge_request.updated' && event.standing) return event.standing;
  let read = readFor.get(event);
  if (!read) {
    read = findStanding(db, mergeRequestId);
    readFor.set(event, read);
  }
  return read;
}

/**
 * A pipeline of a branch at a commit moved on: the requests it is the head pipeline of changed
 * (their CI checks, their widget's pipeline), so each is announced; auto-merge hears that as it
 * hears any update of a waiting request, and merges once the pipeline succeeded.
 */
export async function announceHeadPipelineMoved(
  db: Db,
  bus: EventBus,
  head: { projectId: number; ref: string; sha: string },
  { finished }: { finished: boolean },
): Promise<void> {
  const rows = await findOpenWithHead(db, head);
  if (finished) await announceHeadPipelineFinished(bus, rows);
  for (const row of rows) await announceMergeRequest(bus, row);
}

/**
 * The head pipeline of these requests is complete: their approval states are read again (a
 * Coverage-Check rule compares its coverage), by live pages and GraphQL's subscription.
 */
export async function announceHeadPipelineFinished(bus: EventBus, rows: Announced[]): Promise<void> {
  for (const row of rows)
    await bus.publish({
      type: 'merge_request.approval_state_updated',
      projectId: row.projectId,
      mergeRequestId: row.id,
      iid: row.iid,
    });
}
