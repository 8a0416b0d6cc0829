import { PencilIcon, TrashIcon } from '@primer/octicons-react';
import {
  Button,
  Flash,
  Heading,
  IconButton,
  Label,
  Spinner,
  useConfirm,
  VisuallyHidden,
} from '@primer/react';
import { useState } from 'react';
import type { Project } from '../../../shared/api/projects';
import type { CicdVariable } from '../../../shared/api/variables';
import { CiVariableDialog } from './CiVariableDialog';
import { useCicdVariables, useDeleteCicdVariable } from './ciVariables';

type Editing = { kind: 'closed' } | { kind: 'new' } | { kind: 'edit'; variable: CicdVariable };

/** Values never show on the page: GitLab hides every value until asked, and a masked one for good. */
const HIDDEN_VALUE = '****';

/** The project's CI/CD variables, for Maintainers: listed with their attributes, added, edited, deleted. */
export function CiVariablesSection({ project }: { project: Project }) {
  const fullPath = project.path_with_namespace;
  const variables = useCicdVariables(fullPath);
  const remove = useDeleteCicdVariable(fullPath);
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });

  const onRemove = async (variable: CicdVariable) => {
    const sure = await confirm({
      title: 'Delete variable?',
      content: `You are about to delete the variable ${variable.key}.`,
      confirmButtonContent: 'Delete variable',
      confirmButtonType: 'danger',
    });
    if (sure) remove.mutate(variable);
  };

  return (
    <section className="box settings-section stack" aria-label="CI/CD variables">
      <div className="row status-checks__header">
        <Heading as="h2" variant="small">
          CI/CD variables
        </Heading>
        <Button onClick={() => setEditing({ kind: 'new' })}>Add variable</Button>
      </div>
      <p className="muted">
        Variables reach every job of this project&apos;s pipelines; protected ones only on protected branches
        and tags, masked ones never in a job log.
      </p>
      {variables.isError && <Flash variant="danger">{variables.error.message}</Flash>}
      {remove.isError && <Flash variant="danger">{remove.error.message}</Flash>}
      {variables.isPending ? (
        <Spinner srText="Loading variables" />
      ) : variables.data?.length === 0 ? (
        <p className="muted">There are no variables yet.</p>
      ) : (
        <table className="status-checks" aria-label="CI/CD variables">
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Value</th>
              <th scope="col">Attributes</th>
              <th scope="col">Environments</th>
              <th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {variables.data?.map((variable) => (
              <VariableRow
                key={`${variable.key} ${variable.environment_scope}`}
                variable={variable}
                onEdit={() => setEditing({ kind: 'edit', variable })}
                onRemove={() => void onRemove(variable)}
              />
            ))}
          </tbody>
        </table>
      )}
      {editing.kind !== 'closed' && (
        <CiVariableDialog
          fullPath={fullPath}
          variable={editing.kind === 'edit' ? editing.variable : null}
          onClose={() => setEditing({ kind: 'closed' })}
        />
      )}
    </section>
  );
}

function VariableRow({
  variable,
  onEdit,
  onRemove,
}: {
  variable: CicdVariable;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <tr>
      <td className="status-checks__url">{variable.key}</td>
      <td className="status-checks__url">{HIDDEN_VALUE}</td>
      <td>
        <div className="row">
          {variable.variable_type === 'file' && <Label>File</Label>}
          {variable.protected && <Label>Protected</Label>}
          {variable.masked && <Label>Masked</Label>}
          {!variable.raw && <Label>Expanded</Label>}
        </div>
      </td>
      <td>{variable.environment_scope === '*' ? 'All (default)' : variable.environment_scope}</td>
      <td className="status-checks__actions">
        <IconButton
          icon={PencilIcon}
          aria-label={`Edit ${variable.key}`}
          variant="invisible"
          onClick={onEdit}
        />
        <IconButton
          icon={TrashIcon}
          aria-label={`Delete ${variable.key}`}
          variant="invisible"
          onClick={onRemove}
        />
      </td>
    </tr>
  );
}
