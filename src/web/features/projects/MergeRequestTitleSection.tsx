import { Button, Flash, FormControl, Heading, TextInput } from '@primer/react';
import { useState, type FormEvent } from 'react';
import type { Project } from '../../../shared/api/projects';
import { MAX_TITLE_REGEX_LENGTH } from '../../../shared/merge-checks/titleRegexLimits';
import { useUpdateProject } from './mutations';

/**
 * The merge settings' title format (TITLE_REGEX): merge requests whose title does not match the
 * regex cannot merge. The server checks the pattern (RE2 syntax) and answers why it refuses one.
 */
export function MergeRequestTitleSection({ project }: { project: Project }) {
  const update = useUpdateProject(project.path_with_namespace);
  const [regex, setRegex] = useState(project.merge_request_title_regex ?? '');
  const [description, setDescription] = useState(project.merge_request_title_regex_description ?? '');
  const [saved, setSaved] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    update.mutate(
      { merge_request_title_regex: regex, merge_request_title_regex_description: description },
      { onSuccess: () => setSaved(true) },
    );
  };

  return (
    <form className="box settings-section stack" onSubmit={submit} aria-label="Merge request title">
      <Heading as="h2" variant="small">
        Merge request title
      </Heading>
      {update.isError && <Flash variant="danger">{update.error.message}</Flash>}
      {saved && <Flash variant="success">Merge request title settings were saved.</Flash>}
      <FormControl>
        <FormControl.Label>Title regex</FormControl.Label>
        <TextInput
          block
          monospace
          value={regex}
          maxLength={MAX_TITLE_REGEX_LENGTH}
          placeholder="^(feat|fix): "
          onChange={(event) => setRegex(event.target.value)}
        />
        <FormControl.Caption>
          Merge requests whose title does not match cannot be merged. Leave empty to allow any title.
        </FormControl.Caption>
      </FormControl>
      <FormControl>
        <FormControl.Label>Title regex description</FormControl.Label>
        <TextInput
          block
          value={description}
          maxLength={255}
          placeholder="Start the title with feat: or fix:"
          onChange={(event) => setDescription(event.target.value)}
        />
      </FormControl>
      <div>
        <Button type="submit" disabled={update.isPending}>
          Save title settings
        </Button>
      </div>
    </form>
  );
}
