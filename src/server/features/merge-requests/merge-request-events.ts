import type { BusEvent, EventBus } from '../../realtime/bus';
import type { MergeRequestRow } from './merge-requests.repo';

/** Tells every process and live page that a merge request changed; sent after the write committed. */
export async function announceMergeRequest(
  bus: EventBus,
  row: Pick<MergeRequestRow, 'id' | 'iid' | 'projectId'>,
): Promise<void> {
  await bus.publish({
    type: 'merge_request.updated',
    projectId: row.projectId,
    mergeRequestId: row.id,
    iid: row.iid,
  });
}

/** The merge request an event is about: its own update, or a change of one of its notes. */
export const mergeRequestIdOf = (event: BusEvent): number | null =>
  event.type === 'merge_request.updated'
    ? event.mergeRequestId
    : event.type === 'note.changed' && event.noteableType === 'MergeRequest'
      ? event.noteableId
      : null;
