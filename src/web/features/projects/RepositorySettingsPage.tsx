import { ProtectedBranchesSection } from './ProtectedBranchesSection';
import { SettingsFrame } from './SettingsFrame';

/** `{project}/-/settings/repository`: the repository's rules, as GitLab groups them. */
export function RepositorySettingsPage() {
  return (
    <SettingsFrame current="settings/repository" title="Repository">
      {(project) => <ProtectedBranchesSection project={project} />}
    </SettingsFrame>
  );
}
