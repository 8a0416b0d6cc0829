import type { EventBus } from '../../realtime/bus';
import { announceMergeRequest } from '../merge-requests/merge-request-events';
import type { MergeRequestRow } from '../merge-requests/merge-request-rows';

/**
 * A request's approvals changed (approved, revoked): live pages and GraphQL's
 * `mergeRequestApprovalStateUpdated` follow `merge_request.approval_state_updated`; the request's
 * own update tells auto-merge and the widget that its NOT_APPROVED check may have changed.
 */
export async function announceApprovals(
  bus: EventBus,
  mr: Pick<MergeRequestRow, 'id' | 'iid' | 'projectId'>,
): Promise<void> {
  await bus.publish({
    type: 'merge_request.approval_state_updated',
    projectId: mr.projectId,
    mergeRequestId: mr.id,
    iid: mr.iid,
  });
  await announceMergeRequest(bus, mr);
}
