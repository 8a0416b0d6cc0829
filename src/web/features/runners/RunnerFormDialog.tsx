import { Checkbox, Dialog, Flash, FormControl, TextInput } from '@primer/react';
import { useState } from 'react';
import type { UpdateRunnerBody } from '../../../shared/api/runners';
import { runnerBody, runnerFormProblem, type RunnerFormValues } from './runnerForm';

type Props = {
  title: string;
  submitLabel: string;
  initial: RunnerFormValues;
  /** Only project runners can be locked to their projects. */
  lockable: boolean;
  pending: boolean;
  error: Error | null;
  onSubmit: (body: UpdateRunnerBody) => void;
  onClose: () => void;
};

/** A runner's settings, for a new runner or one being edited; the server's refusal is shown as it words it. */
export function RunnerFormDialog({
  title,
  submitLabel,
  initial,
  lockable,
  pending,
  error,
  onSubmit,
  onClose,
}: Props) {
  const [values, setValues] = useState(initial);
  const [tried, setTried] = useState(false);
  const set = (change: Partial<RunnerFormValues>) => setValues((current) => ({ ...current, ...change }));
  const problem = runnerFormProblem(values);
  const submit = () => {
    setTried(true);
    if (problem === null) onSubmit(runnerBody(values));
  };

  return (
    <Dialog
      title={title}
      onClose={onClose}
      footerButtons={[
        { content: 'Cancel', onClick: onClose },
        { content: submitLabel, buttonType: 'primary', onClick: submit, loading: pending },
      ]}
    >
      <div className="stack">
        {error && (
          <Flash variant="danger" role="alert">
            {error.message}
          </Flash>
        )}
        {tried && problem && (
          <Flash variant="danger" role="alert">
            {problem}
          </Flash>
        )}
        <FormControl>
          <FormControl.Label>Tags</FormControl.Label>
          <TextInput block value={values.tags} onChange={(event) => set({ tags: event.target.value })} />
          <FormControl.Caption>
            Comma-separated; the runner takes jobs whose tags it all has, e.g. docker, linux.
          </FormControl.Caption>
        </FormControl>
        <FormControl>
          <Checkbox
            checked={values.runUntagged}
            onChange={(event) => set({ runUntagged: event.target.checked })}
          />
          <FormControl.Label>Run untagged jobs</FormControl.Label>
          <FormControl.Caption>
            Use the runner for jobs without tags, as well as tagged jobs.
          </FormControl.Caption>
        </FormControl>
        <FormControl>
          <FormControl.Label>Runner description</FormControl.Label>
          <TextInput
            block
            value={values.description}
            onChange={(event) => set({ description: event.target.value })}
          />
        </FormControl>
        <FormControl>
          <Checkbox
            checked={values.protected}
            onChange={(event) => set({ protected: event.target.checked })}
          />
          <FormControl.Label>Protected</FormControl.Label>
          <FormControl.Caption>
            Use the runner on pipelines for protected branches and tags only.
          </FormControl.Caption>
        </FormControl>
        {lockable && (
          <FormControl>
            <Checkbox checked={values.locked} onChange={(event) => set({ locked: event.target.checked })} />
            <FormControl.Label>Lock to current projects</FormControl.Label>
            <FormControl.Caption>Other projects cannot enable this runner.</FormControl.Caption>
          </FormControl>
        )}
        <FormControl>
          <FormControl.Label>Maximum job timeout</FormControl.Label>
          <TextInput
            inputMode="numeric"
            value={values.maximumTimeout}
            onChange={(event) => set({ maximumTimeout: event.target.value })}
          />
          <FormControl.Caption>
            In seconds, at least 600; a job that asks for longer is stopped at this. Empty for no limit of the
            runner&apos;s own.
          </FormControl.Caption>
        </FormControl>
      </div>
    </Dialog>
  );
}
