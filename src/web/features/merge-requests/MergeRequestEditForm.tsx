import type { MergeRequestPage } from '../../../shared/api/mergeRequests';
import { TitleDescriptionForm } from '../../components/TitleDescriptionForm';
import { useUpdateMergeRequest } from './mutations';

type Props = { fullPath: string; mergeRequest: MergeRequestPage; onDone: () => void };

/** Edits the title and the description in place. */
export function MergeRequestEditForm({ fullPath, mergeRequest, onDone }: Props) {
  const update = useUpdateMergeRequest(fullPath, mergeRequest.iid);
  return (
    <TitleDescriptionForm
      label="Edit merge request"
      title={mergeRequest.title}
      description={mergeRequest.description}
      saving={update.isPending}
      error={update.error}
      onSave={(values) => update.mutate(values, { onSuccess: onDone })}
      onCancel={onDone}
    />
  );
}
