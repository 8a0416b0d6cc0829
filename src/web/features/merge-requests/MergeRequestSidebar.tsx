import type { MergeRequestPage } from '../../../shared/api/mergeRequests';
import { AssigneesField } from '../../components/AssigneesField';
import { DiscussionLockField } from '../../components/DiscussionLockField';
import { LabelsField } from '../../components/LabelsField';
import { useUpdateMergeRequest } from './mutations';
import { ReviewersField } from './ReviewersField';

type Props = { fullPath: string; mergeRequest: MergeRequestPage };

/** The overview's sidebar: who works on and reviews the request, its labels and the discussion lock, editable by who may edit it. */
export function MergeRequestSidebar({ fullPath, mergeRequest }: Props) {
  const update = useUpdateMergeRequest(fullPath, mergeRequest.iid);
  const lock = useUpdateMergeRequest(fullPath, mergeRequest.iid);
  const labels = useUpdateMergeRequest(fullPath, mergeRequest.iid);
  return (
    <aside className="mr-sidebar" aria-label="Merge request details">
      <AssigneesField
        fullPath={fullPath}
        assignees={mergeRequest.assignees}
        canEdit={mergeRequest.current_user.can_update}
        update={update}
      />
      <ReviewersField fullPath={fullPath} mergeRequest={mergeRequest} />
      <LabelsField
        fullPath={fullPath}
        labels={mergeRequest.labels}
        canEdit={mergeRequest.current_user.can_update}
        update={labels}
      />
      <DiscussionLockField
        locked={mergeRequest.discussion_locked === true}
        canEdit={mergeRequest.current_user.can_update}
        update={lock}
      />
    </aside>
  );
}
