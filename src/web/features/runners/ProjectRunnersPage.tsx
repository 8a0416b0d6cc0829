import { SettingsFrame } from '../projects/SettingsFrame';
import { RunnersPage } from './RunnersPage';

/** `{project}/-/settings/ci_cd`: the runners the project's jobs may run on, for its Maintainers. */
export function ProjectRunnersPage() {
  return (
    <SettingsFrame current="settings/ci_cd" title="CI/CD Settings">
      {(project) => (
        <RunnersPage
          owner={{ type: 'project', fullPath: project.path_with_namespace }}
          intro="Runners take this project's jobs: its own project runners, and the instance's and its groups' runners."
          empty="No runners can take this project's jobs yet. Create a project runner to run them."
        />
      )}
    </SettingsFrame>
  );
}
