import { Flash } from '@primer/react';
import type { RunnerRegistrationDetails } from '../../../shared/api/runners';
import { CopyField } from '../../components/CopyField';
import { registerCommands } from './runnerForm';

const fields = (token: string) => {
  const commands = registerCommands(window.location.origin, token);
  return [
    { label: 'Runner authentication token', value: token },
    { label: 'Start the bundled runner', value: commands.bundled },
    { label: 'Or register a GitLab Runner', value: commands.gitlabRunner },
  ];
};

/** The new runner's token, shown this once, and the commands that start a runner with it. */
export function NewRunnerToken({ created }: { created: RunnerRegistrationDetails }) {
  return (
    <Flash variant="success" className="runner-token">
      <strong>Runner #{created.id} created.</strong>
      <p>
        Copy the runner authentication token now: it is shown this once and never again. Whoever holds it can
        take this runner&apos;s jobs.
      </p>
      {fields(created.token).map((field) => (
        <CopyField
          key={field.label}
          label={field.label}
          value={field.value}
          copyLabel={`Copy ${field.label}`}
          className="runner-token__field"
        />
      ))}
    </Flash>
  );
}
