import type { EventBus } from '../../realtime/bus';
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
