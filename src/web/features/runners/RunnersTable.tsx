import { PencilIcon, TrashIcon } from '@primer/octicons-react';
import { Button, Flash, IconButton, Label, useConfirm, VisuallyHidden } from '@primer/react';
import { useState } from 'react';
import type { RunnerPageRow } from '../../../shared/api/runnerPages';
import type { RunnerStatus } from '../../../shared/ci/runnerStatus';
import { TimeAgo } from '../../components/TimeAgo';
import { useDeleteRunner, useUpdateRunner } from './mutations';
import { formOfRunner } from './runnerForm';
import { RunnerFormDialog } from './RunnerFormDialog';

const STATUS_LABELS: Record<RunnerStatus, { text: string; variant: 'success' | 'secondary' | 'attention' }> =
  {
    online: { text: 'Online', variant: 'success' },
    offline: { text: 'Offline', variant: 'secondary' },
    stale: { text: 'Stale', variant: 'attention' },
    never_contacted: { text: 'Never contacted', variant: 'secondary' },
  };

const TYPE_LABELS: Record<RunnerPageRow['runner_type'], string> = {
  instance_type: 'Instance',
  group_type: 'Group',
  project_type: 'Project',
};

/** A page of runners: status, what it is, tags, last contact, and the actions of those who manage it. */
export function RunnersTable({ runners }: { runners: RunnerPageRow[] }) {
  const [editing, setEditing] = useState<RunnerPageRow | null>(null);
  const update = useUpdateRunner();
  const remove = useDeleteRunner();
  const confirm = useConfirm();

  const onDelete = async (runner: RunnerPageRow) => {
    const sure = await confirm({
      title: `Delete runner #${runner.id}?`,
      content: `The runner ${runner.description || `#${runner.id}`} is deleted for good: its token stops working and it takes no more jobs.`,
      confirmButtonContent: 'Delete runner',
      confirmButtonType: 'danger',
    });
    if (sure) remove.mutate(runner);
  };

  return (
    <>
      {update.isError && !editing && <Flash variant="danger">{update.error.message}</Flash>}
      {remove.isError && <Flash variant="danger">{remove.error.message}</Flash>}
      <table className="runners-table" aria-label="Runners">
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Runner</th>
            <th scope="col">Tags</th>
            <th scope="col">Last contact</th>
            <th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {runners.map((runner) => (
            <RunnerRow
              key={runner.id}
              runner={runner}
              onTogglePause={() => update.mutate({ runner, body: { paused: !runner.paused } })}
              onEdit={() => {
                update.reset();
                setEditing(runner);
              }}
              onDelete={() => void onDelete(runner)}
            />
          ))}
        </tbody>
      </table>
      {editing && (
        <RunnerFormDialog
          title={`Edit runner #${editing.id}`}
          submitLabel="Save changes"
          initial={formOfRunner(editing)}
          lockable={editing.runner_type === 'project_type'}
          pending={update.isPending}
          error={update.error}
          onSubmit={(body) => update.mutate({ runner: editing, body }, { onSuccess: () => setEditing(null) })}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

type RowProps = {
  runner: RunnerPageRow;
  onTogglePause: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

function RunnerRow({ runner, onTogglePause, onEdit, onDelete }: RowProps) {
  const status = STATUS_LABELS[runner.status];
  const name = runner.description || 'No description';
  return (
    <tr aria-label={`Runner #${runner.id}`}>
      <td>
        <div className="runners-table__labels">
          <Label variant={status.variant}>{status.text}</Label>
          {runner.paused && <Label variant="attention">Paused</Label>}
        </div>
      </td>
      <td>
        <div className="runners-table__name">
          <strong>#{runner.id}</strong> {name}
        </div>
        <div className="runners-table__meta muted">
          <Label variant="secondary">{TYPE_LABELS[runner.runner_type]}</Label>
          {runner.locked && <Label variant="secondary">Locked</Label>}
          {runner.access_level === 'ref_protected' && <Label variant="secondary">Protected</Label>}
          {runner.version && <span>Version {runner.version}</span>}
          {runner.ip_address && <span>IP {runner.ip_address}</span>}
        </div>
      </td>
      <td>
        <div className="runners-table__labels">
          {runner.tag_list.map((tag) => (
            <Label key={tag}>{tag}</Label>
          ))}
          {runner.run_untagged && <span className="muted">untagged jobs too</span>}
        </div>
      </td>
      <td>
        {runner.contacted_at ? <TimeAgo date={runner.contacted_at} /> : <span className="muted">Never</span>}
      </td>
      <td className="runners-table__actions">
        {runner.can_manage && (
          <div className="runners-table__buttons">
            <Button
              size="small"
              aria-label={runner.paused ? `Resume runner #${runner.id}` : `Pause runner #${runner.id}`}
              onClick={onTogglePause}
            >
              {runner.paused ? 'Resume' : 'Pause'}
            </Button>
            <IconButton icon={PencilIcon} aria-label={`Edit runner #${runner.id}`} onClick={onEdit} />
            <IconButton
              icon={TrashIcon}
              variant="danger"
              aria-label={`Delete runner #${runner.id}`}
              onClick={onDelete}
            />
          </div>
        )}
      </td>
    </tr>
  );
}
