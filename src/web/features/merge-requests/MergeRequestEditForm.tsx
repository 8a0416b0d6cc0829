import { useState } from 'react';
import type { MergeRequestPage } from '../../../shared/api/mergeRequests';
import { TitleDescriptionForm } from '../../components/TitleDescriptionForm';
import { dependencyOf, useDependencies, useSaveWithDependencies, type Dependency } from './dependencies';
import { MergeRequestDependenciesField } from './MergeRequestDependenciesField';
import { useUpdateMergeRequest } from './mutations';

type Props = { fullPath: string; mergeRequest: MergeRequestPage; onDone: () => void };

/** Edits the title, the description and the dependencies in place. */
export function MergeRequestEditForm({ fullPath, mergeRequest, onDone }: Props) {
  const update = useUpdateMergeRequest(fullPath, mergeRequest.iid);
  const current = useDependencies(fullPath, mergeRequest.iid);
  const saveAll = useSaveWithDependencies(fullPath, mergeRequest.iid);
  /** Null until the viewer changes the list: until then it shows the current dependencies. */
  const [chosen, setChosen] = useState<Dependency[] | null>(null);
  const shown =
    chosen ?? (current.data ?? []).map((block) => dependencyOf(block.blocking_merge_request, fullPath));

  const save = (values: { title: string; description: string }) =>
    saveAll.mutate(
      {
        change: chosen && { iid: mergeRequest.iid, current: current.data ?? [], chosen },
        alongside: () => update.mutateAsync(values),
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
      <MergeRequestDependenciesField
        fullPath={fullPath}
        selfId={mergeRequest.id}
        value={shown}
        onChange={setChosen}
      />
    </TitleDescriptionForm>
  );
}
