import { Checkbox, FormControl } from '@primer/react';
import { useState } from 'react';
import type { Project } from '../../../shared/api/projects';
import { SettingsSectionForm } from './SettingsSectionForm';

/**
 * The merge settings' merge trains: merge requests queue per target branch and merge one after
 * another, each checked on top of the ones ahead; and whether one may be merged past the train
 * without restarting it.
 */
export function MergeTrainsSection({ project }: { project: Project }) {
  const [enabled, setEnabled] = useState(project.merge_trains_enabled);
  const [skipAllowed, setSkipAllowed] = useState(project.merge_trains_skip_train_allowed);
  return (
    <SettingsSectionForm
      project={project}
      title="Merge trains"
      savedText="Merge train settings were saved."
      submitText="Save merge train settings"
      body={() => ({
        merge_trains_enabled: enabled,
        merge_trains_skip_train_allowed: enabled && skipAllowed,
      })}
    >
      <FormControl>
        <Checkbox checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        <FormControl.Label>Enable merge trains</FormControl.Label>
        <FormControl.Caption>
          Merge requests join a queue per target branch and merge in order, each checked with the changes of
          the ones ahead of it.
        </FormControl.Caption>
      </FormControl>
      <FormControl disabled={!enabled}>
        <Checkbox
          checked={enabled && skipAllowed}
          onChange={(event) => setSkipAllowed(event.target.checked)}
        />
        <FormControl.Label>Allow merging immediately without restarting the merge train</FormControl.Label>
        <FormControl.Caption>
          Offers “Merge now and don&apos;t restart train”: the train goes on without checking its merge
          requests against the merged changes.
        </FormControl.Caption>
      </FormControl>
    </SettingsSectionForm>
  );
}
