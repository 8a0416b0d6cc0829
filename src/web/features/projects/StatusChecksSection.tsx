import { Button, Flash, Heading, IconButton, Spinner, useConfirm, VisuallyHidden } from '@primer/react';
import { PencilIcon, TrashIcon } from '@primer/octicons-react';
import { useState } from 'react';
import type { Project } from '../../../shared/api/projects';
import type { StatusCheckJson } from '../../../shared/api/statusChecks';
import { useDeleteStatusCheck } from './mutations';
import { useStatusChecks } from './queries';
import { StatusCheckDialog } from './StatusCheckDialog';

/** Which dialog is open: none, a new check, or the check being edited. */
type Editing = { kind: 'closed' } | { kind: 'new' } | { kind: 'edit'; check: StatusCheckJson };

const targetBranches = (check: StatusCheckJson) =>
  check.protected_branches.length === 0
    ? 'All branches'
    : check.protected_branches.map((branch) => branch.name).join(', ');

/**
 * The merge settings' status checks: services outside that must answer passed for a merge
 * request's latest commit before it can merge. Maintainers add, edit and remove them.
 */
export function StatusChecksSection({ project }: { project: Project }) {
  const fullPath = project.path_with_namespace;
  const checks = useStatusChecks(fullPath);
  const remove = useDeleteStatusCheck(fullPath);
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });

  const onRemove = async (check: StatusCheckJson) => {
    const sure = await confirm({
      title: 'Remove status check?',
      content: `You are about to remove the ${check.name} status check.`,
      confirmButtonContent: 'Remove status check',
      confirmButtonType: 'danger',
    });
    if (sure) remove.mutate(check.id);
  };

  return (
    <section className="box settings-section stack" aria-label="Status checks">
      <div className="row status-checks__header">
        <Heading as="h2" variant="small">
          Status checks
        </Heading>
        <Button onClick={() => setEditing({ kind: 'new' })}>Add status check</Button>
      </div>
      <p className="muted">
        Merge requests wait until every status check that applies to them has passed for their latest commit.
      </p>
      {checks.isError && <Flash variant="danger">{checks.error.message}</Flash>}
      {remove.isError && <Flash variant="danger">{remove.error.message}</Flash>}
      {checks.isPending ? (
        <Spinner srText="Loading status checks" />
      ) : checks.data?.length === 0 ? (
        <p className="muted">No status checks are defined yet.</p>
      ) : (
        <table className="status-checks">
          <thead>
            <tr>
              <th scope="col">Service name</th>
              <th scope="col">API to check</th>
              <th scope="col">Target branch</th>
              <th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {checks.data?.map((check) => (
              <tr key={check.id}>
                <td>{check.name}</td>
                <td className="status-checks__url">{check.external_url}</td>
                <td>{targetBranches(check)}</td>
                <td className="status-checks__actions">
                  <IconButton
                    icon={PencilIcon}
                    aria-label={`Edit ${check.name}`}
                    variant="invisible"
                    onClick={() => setEditing({ kind: 'edit', check })}
                  />
                  <IconButton
                    icon={TrashIcon}
                    aria-label={`Remove ${check.name}`}
                    variant="invisible"
                    onClick={() => void onRemove(check)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editing.kind !== 'closed' && (
        <StatusCheckDialog
          fullPath={fullPath}
          check={editing.kind === 'edit' ? editing.check : null}
          onClose={() => setEditing({ kind: 'closed' })}
        />
      )}
    </section>
  );
}
