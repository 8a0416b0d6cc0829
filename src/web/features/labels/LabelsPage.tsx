import { Button, Flash, FormControl, Heading, TextInput } from '@primer/react';
import { useState, type FormEvent } from 'react';
import type { Label } from '../../../shared/api/labels';
import { normalizeLabelColor } from '../../../shared/labels/labels';
import { LabelChip } from '../../components/LabelChip';
import { useSession } from '../../lib/useSession';
import { viewerAccessLevel } from '../../lib/viewerAccessLevel';
import { ProjectLayout } from '../projects/ProjectLayout';
import { useProjectFullPath } from '../projects/projectRoutes';
import { useProject } from '../projects/queries';
import { useCreateLabel, useDeleteLabel } from './mutations';
import { useProjectLabels } from '../../components/projectLabels';
import './labels-page.css';

/** Reporters and up manage labels (GitLab's `admin_label`). */
const REPORTER = 20;

/** `{project}/-/labels`: the project's labels and its groups'; Reporters and up add and delete them. */
export function LabelsPage() {
  const fullPath = useProjectFullPath();
  const project = useProject(fullPath);
  const admin = useSession().data?.user?.admin ?? false;
  const canManage = project.data ? viewerAccessLevel(project.data, admin) >= REPORTER : false;
  return (
    <ProjectLayout>
      <div className="stack">
        <Heading as="h1">Labels</Heading>
        <p className="muted">
          Labels sort issues and merge requests; a group’s labels show in all its projects.
        </p>
        {canManage && <NewLabelForm fullPath={fullPath} />}
        <LabelList fullPath={fullPath} canManage={canManage} />
      </div>
    </ProjectLayout>
  );
}

function LabelList({ fullPath, canManage }: { fullPath: string; canManage: boolean }) {
  const labels = useProjectLabels(fullPath);
  const remove = useDeleteLabel(fullPath);
  if (labels.isPending) return <p className="muted">Loading labels…</p>;
  if (labels.isError) return <Flash variant="danger">{labels.error.message}</Flash>;
  if (labels.data.length === 0)
    return (
      <div className="labels-empty">
        <Heading as="h2" className="labels-empty__title">
          No labels yet
        </Heading>
        <p className="muted">
          {canManage
            ? 'Add a label above, or type a new name in the labels of an issue or a merge request.'
            : 'Members with at least the Reporter role can add labels.'}
        </p>
      </div>
    );
  return (
    <>
      {remove.isError && <Flash variant="danger">{remove.error.message}</Flash>}
      <ul className="labels-list" aria-label="Project labels">
        {labels.data.map((label) => (
          <LabelRow
            key={label.id}
            label={label}
            canManage={canManage}
            onDelete={() => remove.mutate(label.id)}
          />
        ))}
      </ul>
    </>
  );
}

function LabelRow({
  label,
  canManage,
  onDelete,
}: {
  label: Label;
  canManage: boolean;
  onDelete: () => void;
}) {
  const own = label.is_project_label !== false;
  return (
    <li className="labels-list__row">
      <LabelChip name={label.name} color={label.color} />
      <span className="labels-list__description">{label.description ?? ''}</span>
      <span className="muted">
        {label.open_issues_count ?? 0} open issues · {label.open_merge_requests_count ?? 0} open merge
        requests
        {own ? '' : ' · group label'}
      </span>
      {canManage && own && (
        <Button size="small" variant="danger" onClick={onDelete} aria-label={`Delete label ${label.name}`}>
          Delete
        </Button>
      )}
    </li>
  );
}

function NewLabelForm({ fullPath }: { fullPath: string }) {
  const create = useCreateLabel(fullPath);
  const [name, setName] = useState('');
  const [color, setColor] = useState('#428bca');
  const [description, setDescription] = useState('');
  const preview = normalizeLabelColor(color);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, color, ...(description ? { description } : {}) },
      {
        onSuccess: () => {
          setName('');
          setDescription('');
        },
      },
    );
  };
  return (
    <form className="labels-form" onSubmit={submit} aria-label="New label">
      <Heading as="h2" className="labels-form__title">
        New label
      </Heading>
      {create.isError && <Flash variant="danger">{create.error.message}</Flash>}
      <FormControl required>
        <FormControl.Label>Name</FormControl.Label>
        <TextInput value={name} onChange={(event) => setName(event.target.value)} maxLength={255} />
      </FormControl>
      <FormControl>
        <FormControl.Label>Description</FormControl.Label>
        <TextInput value={description} onChange={(event) => setDescription(event.target.value)} />
      </FormControl>
      <FormControl required>
        <FormControl.Label>Background color</FormControl.Label>
        <TextInput value={color} onChange={(event) => setColor(event.target.value)} />
        <FormControl.Caption>A hex value such as #FFAABB, or a CSS colour name.</FormControl.Caption>
        {!preview && (
          <FormControl.Validation variant="error">Must be a valid color code</FormControl.Validation>
        )}
      </FormControl>
      <div className="labels-form__color">
        <input
          type="color"
          aria-label="Pick a color"
          value={preview && preview.length === 7 ? preview.toLowerCase() : '#000000'}
          onChange={(event) => setColor(event.target.value)}
        />
        {preview && name && <LabelChip name={name} color={preview} />}
      </div>
      <div>
        <Button
          type="submit"
          variant="primary"
          disabled={!name.trim() || !preview}
          loading={create.isPending}
        >
          Create label
        </Button>
      </div>
    </form>
  );
}
