import { Checkbox, FormControl } from '@primer/react';
import { useState } from 'react';
import type { Project } from '../../../shared/api/projects';
import { SettingsSectionForm } from './SettingsSectionForm';

/**
 * The CI/CD settings of pipelines: auto-cancel of redundant pipelines (on by default, as GitLab
 * has it) and merged results pipelines, where merge request pipelines run on the merge of the
 * source branch into the target.
 */
export function PipelineSettingsSection({ project }: { project: Project }) {
  const [autoCancel, setAutoCancel] = useState(project.auto_cancel_pending_pipelines === 'enabled');
  const [mergedResults, setMergedResults] = useState(project.merge_pipelines_enabled);
  return (
    <SettingsSectionForm
      project={project}
      title="General pipelines"
      savedText="Pipeline settings were saved."
      submitText="Save pipeline settings"
      body={() => ({
        auto_cancel_pending_pipelines: autoCancel ? 'enabled' : 'disabled',
        merge_pipelines_enabled: mergedResults,
      })}
    >
      <FormControl>
        <Checkbox checked={autoCancel} onChange={(event) => setAutoCancel(event.target.checked)} />
        <FormControl.Label>Auto-cancel redundant pipelines</FormControl.Label>
        <FormControl.Caption>
          New pipelines cancel older pending or running pipelines on the same branch, unless they started a
          job that is not interruptible.
        </FormControl.Caption>
      </FormControl>
      <FormControl>
        <Checkbox checked={mergedResults} onChange={(event) => setMergedResults(event.target.checked)} />
        <FormControl.Label>Enable merged results pipelines</FormControl.Label>
        <FormControl.Caption>
          Merge request pipelines run on the merged result of the source and target branches, when they do not
          conflict.
        </FormControl.Caption>
      </FormControl>
    </SettingsSectionForm>
  );
}
