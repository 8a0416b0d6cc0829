import { Button, Flash, FormControl, TextInput } from '@primer/react';
import { useState, type FormEvent } from 'react';
import type { MergeRequestPage } from '../../../shared/api/mergeRequests';
import { MarkdownEditor } from './MarkdownEditor';
import { useUpdateMergeRequest } from './mutations';

type Props = { fullPath: string; mergeRequest: MergeRequestPage; onDone: () => void };

/** Edits the title and the description in place. */
export function MergeRequestEditForm({ fullPath, mergeRequest, onDone }: Props) {
  const update = useUpdateMergeRequest(fullPath, mergeRequest.iid);
  const [title, setTitle] = useState(mergeRequest.title);
  const [description, setDescription] = useState(mergeRequest.description);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ title, description }, { onSuccess: onDone });
  };

  return (
    <form className="stack box mr-edit" onSubmit={submit} aria-label="Edit merge request">
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
