import { Button, Flash, FormControl, TextInput } from '@primer/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { MarkdownEditor } from './MarkdownEditor';
import './title-description-form.css';

type Props = {
  label: string;
  /** The full path of the project, the context of references in the preview. */
  project: string;
  title: string;
  description: string;
  saving: boolean;
  error: Error | null;
  onSave: (values: { title: string; description: string }) => void;
  onCancel: () => void;
  /** Further fields of the form, under the description (a merge request's dependencies). */
  children?: ReactNode;
};

/** Edits a merge request's or an issue's title and description in place. */
export function TitleDescriptionForm({
  label,
  project,
  saving,
  error,
  onSave,
  onCancel,
  children,
  ...initial
}: Props) {
  const [title, setTitle] = useState(initial.title);
  const [description, setDescription] = useState(initial.description);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({ title, description });
  };

  return (
    <form className="stack box title-description-form" onSubmit={submit} aria-label={label}>
      {error && <Flash variant="danger">{error.message}</Flash>}
      <FormControl required>
        <FormControl.Label>Title</FormControl.Label>
        <TextInput block maxLength={255} value={title} onChange={(event) => setTitle(event.target.value)} />
      </FormControl>
      <MarkdownEditor label="Description" value={description} onChange={setDescription} project={project} />
      {children}
      <div className="row">
        <Button type="submit" variant="primary" loading={saving} disabled={!title.trim()}>
          Save changes
        </Button>
        <Button type="button" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
