import type { IssuePage } from '../../../shared/api/issues';
import { TitleDescriptionForm } from '../../components/TitleDescriptionForm';
import { useUpdateIssue } from './mutations';

type Props = { fullPath: string; issue: IssuePage; onDone: () => void };

/** Edits the title and the description in place. */
export function IssueEditForm({ fullPath, issue, onDone }: Props) {
  const update = useUpdateIssue(fullPath, issue.iid);
  return (
    <TitleDescriptionForm
      label="Edit issue"
      project={fullPath}
      title={issue.title}
      description={issue.description}
      saving={update.isPending}
      error={update.error}
      onSave={(values) => update.mutate(values, { onSuccess: onDone })}
      onCancel={onDone}
    />
  );
}
