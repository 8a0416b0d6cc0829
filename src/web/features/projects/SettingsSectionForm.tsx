import { Button, Flash, Heading } from '@primer/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { Project, UpdateProjectBody } from '../../../shared/api/projects';
import { useUpdateProject } from './mutations';

type Props = {
  project: Project;
  /** The section's heading, also the form's accessible name. */
  title: string;
  savedText: string;
  submitText: string;
  /** The settings this section saves, read when it is submitted. */
  body: () => UpdateProjectBody;
  /** What keeps the fields from being sent (a field the browser reads first), shown instead of saving. */
  problem?: () => string | null;
  children: ReactNode;
};

/** A settings section saved on its own: its fields, the server's refusal or a saved notice, and its button. */
export function SettingsSectionForm(props: Props) {
  const { project, title, savedText, submitText, body, children } = props;
  const update = useUpdateProject(project.path_with_namespace);
  const [saved, setSaved] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const problem = props.problem?.() ?? null;
    setRefused(problem);
    if (problem === null) update.mutate(body(), { onSuccess: () => setSaved(true) });
  };
  return (
    <form className="box settings-section stack" onSubmit={submit} aria-label={title}>
      <Heading as="h2" variant="small">
        {title}
      </Heading>
      {refused !== null && <Flash variant="danger">{refused}</Flash>}
      {refused === null && update.isError && <Flash variant="danger">{update.error.message}</Flash>}
      {saved && <Flash variant="success">{savedText}</Flash>}
      {children}
      <div>
        <Button type="submit" disabled={update.isPending}>
          {submitText}
        </Button>
      </div>
    </form>
  );
}
