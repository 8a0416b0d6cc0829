import { TrashIcon } from '@primer/octicons-react';
import { Button, Checkbox, Flash, FormControl, Heading, IconButton, Select, TextInput } from '@primer/react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type {
  PipelineScheduleDetails,
  PipelineScheduleVariable,
} from '../../../shared/api/pipelineSchedules';
import { scheduleNextRunAt } from '../../../shared/ci/schedule/scheduleNextRun';
import { useProjectFullPath } from '../projects/projectRoutes';
import { useProject } from '../projects/queries';
import { LoadState } from '../repository/LoadState';
import { schedulesPage } from './PipelineSchedulesPage';
import { usePipelineSchedule, useSavePipelineSchedule, type ScheduleInput } from './pipelineSchedules';

/** GitLab's interval choices; "Custom" keeps whatever cron the field holds. */
const PATTERNS = [
  { label: 'Every day (at 1:00am)', cron: '0 1 * * *' },
  { label: 'Every week (Monday at 1:00am)', cron: '0 1 * * 1' },
  { label: 'Every month (Day 1 at 1:00am)', cron: '0 1 1 * *' },
];

/** `pipeline_schedules/new` and `pipeline_schedules/:id/edit`. */
export function PipelineScheduleFormPage() {
  const fullPath = useProjectFullPath();
  const { id } = useParams();
  const scheduleId = id ? Number(id) : null;
  const existing = usePipelineSchedule(fullPath, scheduleId);
  const project = useProject(fullPath).data;
  if (scheduleId !== null && !existing.data)
    return <LoadState error={existing.error} what="pipeline schedule" />;
  if (!project) return null;
  return (
    <ScheduleForm
      fullPath={fullPath}
      editing={existing.data ?? null}
      defaultRef={project.default_branch ?? 'main'}
    />
  );
}

function ScheduleForm({
  fullPath,
  editing,
  defaultRef,
}: {
  fullPath: string;
  editing: PipelineScheduleDetails | null;
  defaultRef: string;
}) {
  const navigate = useNavigate();
  const save = useSavePipelineSchedule(fullPath);
  const [input, setInput] = useState<ScheduleInput>({
    description: editing?.description ?? '',
    cron: editing?.cron ?? PATTERNS[0]!.cron,
    cron_timezone: editing?.cron_timezone ?? 'UTC',
    ref: editing?.ref ?? defaultRef,
    active: editing?.active ?? true,
    variables: editing?.variables ?? [],
  });
  const set = (change: Partial<ScheduleInput>) => setInput((current) => ({ ...current, ...change }));
  const setVariable = (index: number, change: Partial<PipelineScheduleVariable>) =>
    set({ variables: input.variables.map((v, i) => (i === index ? { ...v, ...change } : v)) });
  const next = scheduleNextRunAt(input.cron, input.cron_timezone, new Date());
  const submit = () =>
    save.mutate(
      { editing, input: { ...input, variables: input.variables.filter((v) => v.key.trim()) } },
      { onSuccess: () => void navigate(schedulesPage(fullPath)) },
    );

  return (
    <form
      className="stack schedule-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Heading as="h1">{editing ? 'Edit pipeline schedule' : 'New pipeline schedule'}</Heading>
      {save.isError && (
        <Flash variant="danger" role="alert">
          {save.error.message}
        </Flash>
      )}
      <FormControl required>
        <FormControl.Label>Description</FormControl.Label>
        <TextInput block value={input.description} onChange={(e) => set({ description: e.target.value })} />
      </FormControl>
      <FormControl>
        <FormControl.Label>Interval pattern</FormControl.Label>
        <Select
          value={PATTERNS.find((p) => p.cron === input.cron)?.cron ?? 'custom'}
          onChange={(e) => e.target.value !== 'custom' && set({ cron: e.target.value })}
        >
          {PATTERNS.map((pattern) => (
            <Select.Option key={pattern.cron} value={pattern.cron}>
              {pattern.label}
            </Select.Option>
          ))}
          <Select.Option value="custom">Custom</Select.Option>
        </Select>
      </FormControl>
      <FormControl>
        <FormControl.Label>Cron</FormControl.Label>
        <TextInput monospace value={input.cron} onChange={(e) => set({ cron: e.target.value })} />
        <FormControl.Caption>
          {next
            ? `Next run: ${next.toISOString().replace('T', ' ').slice(0, 16)} UTC`
            : 'Not a valid cron pattern.'}
        </FormControl.Caption>
      </FormControl>
      <FormControl>
        <FormControl.Label>Cron timezone</FormControl.Label>
        <TextInput value={input.cron_timezone} onChange={(e) => set({ cron_timezone: e.target.value })} />
      </FormControl>
      <FormControl required>
        <FormControl.Label>Target branch or tag</FormControl.Label>
        <TextInput value={input.ref} onChange={(e) => set({ ref: e.target.value })} />
      </FormControl>
      <fieldset className="stack schedule-form__variables">
        <legend>Variables</legend>
        {input.variables.map((variable, index) => (
          <div className="row" key={index}>
            <TextInput
              aria-label={`Variable key ${index + 1}`}
              placeholder="Input variable key"
              value={variable.key}
              onChange={(e) => setVariable(index, { key: e.target.value })}
            />
            <TextInput
              aria-label={`Variable value ${index + 1}`}
              placeholder="Input variable value"
              value={variable.value}
              onChange={(e) => setVariable(index, { value: e.target.value })}
            />
            <IconButton
              icon={TrashIcon}
              aria-label={`Remove variable ${index + 1}`}
              variant="invisible"
              onClick={() => set({ variables: input.variables.filter((_, i) => i !== index) })}
            />
          </div>
        ))}
        <div>
          <Button
            onClick={() =>
              set({ variables: [...input.variables, { key: '', value: '', variable_type: 'env_var' }] })
            }
          >
            Add variable
          </Button>
        </div>
      </fieldset>
      <FormControl>
        <Checkbox checked={input.active} onChange={(e) => set({ active: e.target.checked })} />
        <FormControl.Label>Activated</FormControl.Label>
      </FormControl>
      <div className="row">
        <Button type="submit" variant="primary" loading={save.isPending}>
          {editing ? 'Save changes' : 'Create pipeline schedule'}
        </Button>
        <Button onClick={() => void navigate(schedulesPage(fullPath))}>Cancel</Button>
      </div>
    </form>
  );
}
