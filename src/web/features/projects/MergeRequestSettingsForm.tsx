import { Checkbox, FormControl, Radio, RadioGroup, Textarea } from '@primer/react';
import { useState } from 'react';
import type { MergeMethod, Project, SquashOption } from '../../../shared/api/projects';
import { MAX_COMMIT_TEMPLATE_LENGTH } from '../../../shared/merge-requests/commitMessage';
import { COMMIT_TEMPLATE_VARIABLES } from '../../../shared/merge-requests/commitMessage';
import { MERGE_METHOD_CHOICES, SQUASH_CHOICES, type Choice } from './mergeSettingsChoices';
import { SettingsSectionForm } from './SettingsSectionForm';

/** GitLab's default messages, shown where no template is set. */
const DEFAULT_MERGE_TEMPLATE =
  "Merge branch '%{source_branch}' into '%{target_branch}'\n\n%{title}\n\nSee merge request %{reference}";
const DEFAULT_SQUASH_TEMPLATE = '%{title}';
const VARIABLES_TEXT = `Templates may use ${COMMIT_TEMPLATE_VARIABLES.map((name) => `%{${name}}`).join(', ')}. A line whose variables are empty is left out.`;

function Choices<T extends string>(props: {
  name: string;
  label: string;
  choices: ReadonlyArray<Choice<T>>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <RadioGroup name={props.name} onChange={(selected) => selected && props.onChange(selected as T)}>
      <RadioGroup.Label>{props.label}</RadioGroup.Label>
      {props.choices.map((choice) => (
        <FormControl key={choice.value}>
          <Radio value={choice.value} checked={props.value === choice.value} />
          <FormControl.Label>{choice.label}</FormControl.Label>
          <FormControl.Caption>{choice.caption}</FormControl.Caption>
        </FormControl>
      ))}
    </RadioGroup>
  );
}

function TemplateField(props: {
  label: string;
  value: string;
  placeholder: string;
  onChange: (v: string) => void;
}) {
  return (
    <FormControl>
      <FormControl.Label>{props.label}</FormControl.Label>
      <Textarea
        block
        rows={6}
        value={props.value}
        placeholder={props.placeholder}
        maxLength={MAX_COMMIT_TEMPLATE_LENGTH}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <FormControl.Caption>Leave empty for the default message.</FormControl.Caption>
    </FormControl>
  );
}

/**
 * How merge requests merge: the method, deleting the source branch by default, squashing, the
 * merge checks a project adds, and the commit message templates. Saved together, as GitLab does.
 */
export function MergeRequestSettingsForm({ project }: { project: Project }) {
  const [method, setMethod] = useState<MergeMethod>(project.merge_method);
  const [squash, setSquash] = useState<SquashOption>(project.squash_option);
  const [removeSource, setRemoveSource] = useState(project.remove_source_branch_after_merge);
  const [pipelines, setPipelines] = useState(project.only_allow_merge_if_pipeline_succeeds);
  const [skippedSucceed, setSkippedSucceed] = useState(project.allow_merge_on_skipped_pipeline);
  const [threads, setThreads] = useState(project.only_allow_merge_if_all_discussions_are_resolved);
  const [mergeTemplate, setMergeTemplate] = useState(project.merge_commit_template ?? '');
  const [squashTemplate, setSquashTemplate] = useState(project.squash_commit_template ?? '');
  return (
    <SettingsSectionForm
      project={project}
      title="Merge request settings"
      savedText="Merge request settings were saved."
      submitText="Save changes"
      body={() => ({
        merge_method: method,
        squash_option: squash,
        remove_source_branch_after_merge: removeSource,
        only_allow_merge_if_pipeline_succeeds: pipelines,
        allow_merge_on_skipped_pipeline: skippedSucceed,
        only_allow_merge_if_all_discussions_are_resolved: threads,
        // An empty template is GitLab's default message again.
        merge_commit_template: mergeTemplate,
        squash_commit_template: squashTemplate,
      })}
    >
      <Choices
        name="merge_method"
        label="Merge method"
        choices={MERGE_METHOD_CHOICES}
        value={method}
        onChange={setMethod}
      />
      <FormControl>
        <Checkbox checked={removeSource} onChange={(event) => setRemoveSource(event.target.checked)} />
        <FormControl.Label>Enable “Delete source branch” option by default</FormControl.Label>
        <FormControl.Caption>
          Existing merge requests and protected branches are not affected.
        </FormControl.Caption>
      </FormControl>
      <Choices
        name="squash_option"
        label="Squash commits when merging"
        choices={SQUASH_CHOICES}
        value={squash}
        onChange={setSquash}
      />
      <fieldset className="settings-fieldset">
        <legend>Merge checks</legend>
        <FormControl>
          <Checkbox checked={pipelines} onChange={(event) => setPipelines(event.target.checked)} />
          <FormControl.Label>Pipelines must succeed</FormControl.Label>
          <FormControl.Caption>
            Merge requests can’t be merged if the latest pipeline did not succeed or is still running. No
            pipelines run in this project yet, so while this is on no merge request can be merged.
          </FormControl.Caption>
        </FormControl>
        {/* GitLab nests this under "Pipelines must succeed" and greys it out while that is off:
            a skipped pipeline only matters when a pipeline has to succeed. */}
        <div className="settings-nested">
          <FormControl disabled={!pipelines}>
            <Checkbox
              checked={skippedSucceed}
              onChange={(event) => setSkippedSucceed(event.target.checked)}
            />
            <FormControl.Label>Skipped pipelines are considered successful</FormControl.Label>
            <FormControl.Caption>
              Introduces the risk of merging changes that do not pass the pipeline.
            </FormControl.Caption>
          </FormControl>
        </div>
        <FormControl>
          <Checkbox checked={threads} onChange={(event) => setThreads(event.target.checked)} />
          <FormControl.Label>All threads must be resolved</FormControl.Label>
        </FormControl>
      </fieldset>
      <TemplateField
        label="Merge commit message template"
        value={mergeTemplate}
        placeholder={DEFAULT_MERGE_TEMPLATE}
        onChange={setMergeTemplate}
      />
      <TemplateField
        label="Squash commit message template"
        value={squashTemplate}
        placeholder={DEFAULT_SQUASH_TEMPLATE}
        onChange={setSquashTemplate}
      />
      <p className="muted settings-note">{VARIABLES_TEXT}</p>
    </SettingsSectionForm>
  );
}
