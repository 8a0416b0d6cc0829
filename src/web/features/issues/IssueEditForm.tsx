import { Button, Flash, FormControl, TextInput } from '@primer/react';
import { useState, type FormEvent } from 'react';
import type { IssuePage } from '../../../shared/api/issues';
import { MarkdownEditor } from '../merge-requests/MarkdownEditor';
import { useUpdateIssue } from './mutations';

type Props = { fullPath: string; issue: IssuePage; onDone: () => void };

/** Edits the title and the description in place. */
export function IssueEditForm({ fullPath, issue, onDone }: Props) {
  const update = useUpdateIssue(fullPath, issue.iid);
  const [title, setTitle] = useState(issue.title);
  const [description, setDescription] = useState(issue.description);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ title, description }, { onSuccess: onDone });
  };

  return (
    <form className="stack box issue-edit" onSubmit={submit} aria-label="Edit issue">
      {update.isError && <Flash variant="danger">{update.error.message}</Flash>}
      <FormControl required>
        <FormControl.Label>Title</FormControl.Label>
        <TextInput block maxLength={255} value={title} onChange={(event) => setTitle(event.target.value)} />
      </FormControl>
      <MarkdownEditor label="Description" value={description} onChange={setDescription} />
      <div className="row">
        <Button type="submit" variant="primary" loading={update.isPending} disabled={!title.trim()}>
          Save changes
        </Button>
        <Button type="button" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
