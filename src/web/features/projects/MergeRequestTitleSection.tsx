import { FormControl, TextInput } from '@primer/react';
import { useState } from 'react';
import type { Project } from '../../../shared/api/projects';
import { MAX_TITLE_REGEX_LENGTH } from '../../../shared/merge-checks/titleRegexLimits';
import { SettingsSectionForm } from './SettingsSectionForm';

/**
 * The merge settings' title format (TITLE_REGEX): merge requests whose title does not match the
 * regex cannot merge. The server checks the pattern (RE2 syntax) and answers why it refuses one.
 */
export function MergeRequestTitleSection({ project }: { project: Project }) {
  const [regex, setRegex] = useState(project.merge_request_title_regex ?? '');
  const [description, setDescription] = useState(project.merge_request_title_regex_description ?? '');
  return (
    <SettingsSectionForm
      project={project}
      title="Merge request title"
      savedText="Merge request title settings were saved."
      submitText="Save title settings"
      body={() => ({
        merge_request_title_regex: regex,
        merge_request_title_regex_description: description,
      })}
    >
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
    </SettingsSectionForm>
  );
}
