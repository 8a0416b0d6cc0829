import { MergeRequestApprovalsSection } from '../approvals/MergeRequestApprovalsSection';
import { MergeRequestSettingsForm } from './MergeRequestSettingsForm';
import { MergeRequestTitleSection } from './MergeRequestTitleSection';
import { MergeTrainsSection } from './MergeTrainsSection';
import { SettingsFrame } from './SettingsFrame';
import { StatusChecksSection } from './StatusChecksSection';

/** `{project}/-/settings/merge_requests`: how merge requests merge and what they must pass first. */
export function MergeRequestSettingsPage() {
  return (
    <SettingsFrame current="settings/merge_requests" title="Merge requests">
      {(project) => (
        <>
          <MergeRequestSettingsForm project={project} />
          <MergeRequestApprovalsSection fullPath={project.path_with_namespace} />
          <MergeRequestTitleSection project={project} />
          <MergeTrainsSection project={project} />
          <StatusChecksSection project={project} />
        </>
      )}
    </SettingsFrame>
  );
}
