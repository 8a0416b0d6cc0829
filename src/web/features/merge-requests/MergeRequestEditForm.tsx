import { useState } from 'react';
import type { MergeRequestPage } from '../../../shared/api/mergeRequests';
import { TitleDescriptionForm } from '../../components/TitleDescriptionForm';
import { MergeRequestApprovalRules } from '../approvals/MergeRequestApprovalRules';
import { dependencyOf, useDependencies, useSaveWithDependencies, type Dependency } from './dependencies';
import { MergeRequestDependenciesField } from './MergeRequestDependenciesField';
import { useUpdateMergeRequest } from './mutations';
import { ReviewersFormField } from './ReviewersFormField';
import type { UserBasic } from '../../../shared/api/users';

type Props = { fullPath: string; mergeRequest: MergeRequestPage; onDone: () => void };

/**
 * Edits the title, the description, the reviewers and the dependencies in place; the approval
 * rules beside them are saved as each is changed.
 */
export function MergeRequestEditForm({ fullPath, mergeRequest, onDone }: Props) {
  const update = useUpdateMergeRequest(fullPath, mergeRequest.iid);
  const current = useDependencies(fullPath, mergeRequest.iid);
  const saveAll = useSaveWithDependencies(fullPath, mergeRequest.iid);
  /** Null until the viewer changes the list: until then it shows the current dependencies. */
  const [chosen, setChosen] = useState<Dependency[] | null>(null);
  /** Null until the viewer changes the reviewers: only a changed list is sent. */
  const [reviewers, setReviewers] = useState<UserBasic[] | null>(null);
  const shown =
    chosen ?? (current.data ?? []).map((block) => dependencyOf(block.blocking_merge_request, fullPath));

  const save = (values: { title: string; description: string }) =>
    saveAll.mutate(
      {
        change: chosen && { iid: mergeRequest.iid, current: current.data ?? [], chosen },
        alongside: () =>
          update.mutateAsync(
            reviewers ? { ...values, reviewer_ids: reviewers.map((user) => user.id) } : values,
          ),
      },
      { onSuccess: onDone },
    );

  return (
    <TitleDescriptionForm
      label="Edit merge request"
      project={fullPath}
      title={mergeRequest.title}
      description={mergeRequest.description}
      saving={saveAll.isPending}
      error={saveAll.error ?? current.error}
      onSave={save}
      onCancel={onDone}
    >
      <ReviewersFormField
        fullPath={fullPath}
        value={reviewers ?? mergeRequest.reviewers}
        onChange={setReviewers}
      />
      <MergeRequestDependenciesField
        fullPath={fullPath}
        selfId={mergeRequest.id}
        value={shown}
        onChange={setChosen}
      />
      <MergeRequestApprovalRules fullPath={fullPath} iid={mergeRequest.iid} />
    </TitleDescriptionForm>
  );
}
