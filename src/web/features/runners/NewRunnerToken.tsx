import { CheckIcon, CopyIcon } from '@primer/octicons-react';
import { Flash, IconButton, TextInput } from '@primer/react';
import { useId, useState } from 'react';
import type { RunnerRegistrationDetails } from '../../../shared/api/runners';
import { registerCommands } from './runnerForm';

function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <div className="runner-token__field">
      <label htmlFor={id}>{label}</label>
      <div className="runner-token__value">
        <TextInput
          id={id}
          block
          readOnly
          monospace
          value={value}
          onFocus={(event) => event.target.select()}
        />
        <IconButton
          icon={copied ? CheckIcon : CopyIcon}
          aria-label={copied ? 'Copied' : `Copy ${label}`}
          onClick={copy}
        />
      </div>
    </div>
  );
}

/** The new runner's token, shown this once, and the commands that start a runner with it. */
export function NewRunnerToken({ created }: { created: RunnerRegistrationDetails }) {
  const commands = registerCommands(window.location.origin, created.token);
  return (
    <Flash variant="success" className="runner-token">
      <strong>Runner #{created.id} created.</strong>
      <p>
        Copy the runner authentication token now: it is shown this once and never again. Whoever holds it can
        take this runner&apos;s jobs.
      </p>
      <CopyField label="Runner authentication token" value={created.token} />
      <CopyField label="Start the bundled runner" value={commands.bundled} />
      <CopyField label="Or register a GitLab Runner" value={commands.gitlabRunner} />
    </Flash>
  );
}
