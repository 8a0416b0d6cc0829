import { Checkbox, FormControl, TextInput } from '@primer/react';
import { useState } from 'react';
import type { Project } from '../../../shared/api/projects';
import {
  DEFAULT_CI_CONFIG_PATH,
  formatBuildTimeout,
  readBuildTimeout,
} from '../../../shared/ci/settings/projectCiSettings';
import { SettingsSectionForm } from './SettingsSectionForm';

/**
 * The CI/CD settings of pipelines: auto-cancel of redundant pipelines (on by default, as GitLab
 * has it), merged results pipelines (merge request pipelines run on the merge of the source branch
 * into the target), the configuration file pipelines read and the timeout of jobs that set none.
 */
export function PipelineSettingsSection({ project }: { project: Project }) {
  const [autoCancel, setAutoCancel] = useState(project.auto_cancel_pending_pipelines === 'enabled');
  const [mergedResults, setMergedResults] = useState(project.merge_pipelines_enabled);
  const [configPath, setConfigPath] = useState(project.ci_config_path ?? '');
  // Shown and typed as GitLab does, in words (`1h 30m`), and sent in seconds.
  const [timeout, setTimeoutText] = useState(formatBuildTimeout(project.build_timeout));
  const readTimeout = () => readBuildTimeout(timeout);
  return (
    <SettingsSectionForm
      project={project}
      title="General pipelines"
      savedText="Pipeline settings were saved."
      submitText="Save pipeline settings"
      problem={() => {
        const read = readTimeout();
        return read.ok ? null : read.message;
      }}
      body={() => {
        const read = readTimeout();
        return {
          auto_cancel_pending_pipelines: autoCancel ? 'enabled' : 'disabled',
          merge_pipelines_enabled: mergedResults,
          ci_config_path: configPath,
          ...(read.ok ? { build_timeout: read.seconds } : {}),
        };
      }}
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
      <FormControl>
        <FormControl.Label>CI/CD configuration file</FormControl.Label>
        <TextInput
          value={configPath}
          placeholder={DEFAULT_CI_CONFIG_PATH}
          maxLength={255}
          onChange={(event) => setConfigPath(event.target.value)}
        />
        <FormControl.Caption>
          The file pipelines read, from the root of the repository (for example ci/pipeline.yml). Leave empty
          for {DEFAULT_CI_CONFIG_PATH}. A file of another project is written path@group/project.
        </FormControl.Caption>
      </FormControl>
      <FormControl>
        <FormControl.Label>Timeout</FormControl.Label>
        <TextInput value={timeout} onChange={(event) => setTimeoutText(event.target.value)} />
        <FormControl.Caption>
          Jobs that set no timeout of their own fail when they run longer. Seconds, or words such as 1h 30m;
          at least 10 minutes.
        </FormControl.Caption>
      </FormControl>
    </SettingsSectionForm>
  );
}
