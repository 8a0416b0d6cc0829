import type { MergeRequestPage } from '../../../shared/api/mergeRequests';
import { AssigneesField } from '../../components/AssigneesField';
import { useUpdateMergeRequest } from './mutations';

type Props = { fullPath: string; mergeRequest: MergeRequestPage };

/** The overview's sidebar: who works on the request, editable by who may edit it. */
export function MergeRequestSidebar({ fullPath, mergeRequest }: Props) {
  const update = useUpdateMergeRequest(fullPath, mergeRequest.iid);
  return (
    <aside className="mr-sidebar" aria-label="Merge request details">
      <AssigneesField
        fullPath={fullPath}
        assignees={mergeRequest.assignees}
        canEdit={mergeRequest.current_user.can_update}
        update={update}
      />
    </aside>
  );
}
