import { Button, Flash, FormControl, Heading, Select, TextInput, Textarea } from '@primer/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Visibility } from '../../../shared/access/accessLevels';
import type { Project } from '../../../shared/api/projects';
import { useSession } from '../session/useSession';
import { useDeleteProject, useSetArchived, useUpdateProject } from './mutations';
import { viewerAccessLevel } from './projectNavigation';
import { ProjectLayout } from './ProjectLayout';
import { MergeRequestTitleSection } from './MergeRequestTitleSection';
import { MergeTrainsSection } from './MergeTrainsSection';
import { useProjectFullPath } from './projectRoutes';
import { useBranchNames, useProject } from './queries';
import { VisibilityField } from './VisibilityField';
import './projects.css';

/** `{project}/-/edit`: name, description, visibility, default branch, archiving and deletion. */
export function ProjectSettingsPage() {
  const fullPath = useProjectFullPath();
  const project = useProject(fullPath);
  const admin = useSession().data?.user?.admin ?? false;
  const level = project.data ? viewerAccessLevel(project.data, admin) : 0;
  return (
    <ProjectLayout>
      {project.data &&
        (level >= 40 ? (
          <div className="stack form-page">
            <Heading as="h1">Settings</Heading>
            <GeneralSettings project={project.data} />
            <MergeRequestTitleSection project={project.data} />
            <MergeTrainsSection project={project.data} />
            <ArchiveSection project={project.data} />
            {level >= 50 && <DeleteSection project={project.data} />}
          </div>
        ) : (
          <Flash variant="warning">
            You need at least the Maintainer role to change this project’s settings.
          </Flash>
        ))}
    </ProjectLayout>
  );
}

function GeneralSettings({ project }: { project: Project }) {
  const update = useUpdateProject(project.path_with_namespace);
  const branches = useBranchNames(project.path_with_namespace);
  const [name, setName] = useState(project.name);
  const [description, setDescription] = useState(project.description ?? '');
  const [visibility, setVisibility] = useState<Visibility>(project.visibility);
  const [defaultBranch, setDefaultBranch] = useState(project.default_branch ?? '');
  const [saved, setSaved] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    update.mutate(
      {
        name: name.trim(),
        description,
        visibility,
        default_branch: defaultBranch && defaultBranch !== project.default_branch ? defaultBranch : undefined,
      },
      { onSuccess: () => setSaved(true) },
    );
  };

  const branchNames = branches.data ?? (project.default_branch ? [project.default_branch] : []);
  return (
    <form className="box settings-section stack" onSubmit={submit} aria-label="General settings">
      <Heading as="h2" variant="small">
        General settings
      </Heading>
      {update.isError && <Flash variant="danger">{update.error.message}</Flash>}
      {saved && <Flash variant="success">Project ‘{name.trim()}’ was successfully updated.</Flash>}
      <FormControl required>
        <FormControl.Label>Project name</FormControl.Label>
        <TextInput block value={name} onChange={(event) => setName(event.target.value)} maxLength={255} />
      </FormControl>
      <FormControl>
        <FormControl.Label>Project description (optional)</FormControl.Label>
        <Textarea
          block
          rows={3}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={2000}
        />
      </FormControl>
      <VisibilityField value={visibility} onChange={setVisibility} kind="project" />
      <FormControl disabled={project.empty_repo}>
        <FormControl.Label>Default branch</FormControl.Label>
        <Select block value={defaultBranch} onChange={(event) => setDefaultBranch(event.target.value)}>
          {branchNames.map((branch) => (
            <Select.Option key={branch} value={branch}>
              {branch}
            </Select.Option>
          ))}
        </Select>
        <FormControl.Caption>
          {project.empty_repo
            ? 'Push a branch first: an empty repository has nothing to choose from.'
            : 'New merge requests target it, and the project page shows its files.'}
        </FormControl.Caption>
      </FormControl>
      <div>
        <Button type="submit" variant="primary" disabled={update.isPending || !name.trim()}>
          Save changes
        </Button>
      </div>
    </form>
  );
}

function ArchiveSection({ project }: { project: Project }) {
  const setArchived = useSetArchived(project.path_with_namespace);
  return (
    <section
      className="box settings-section stack"
      aria-label={project.archived ? 'Unarchive project' : 'Archive project'}
    >
      <Heading as="h2" variant="small">
        {project.archived ? 'Unarchive project' : 'Archive project'}
      </Heading>
      <p className="muted">
        {project.archived
          ? 'Unarchiving makes the repository writable again and lets people open merge requests.'
          : 'Archiving makes the project read-only: no pushes and no new merge requests. You can unarchive it later.'}
      </p>
      {setArchived.isError && <Flash variant="danger">{setArchived.error.message}</Flash>}
      <div>
        <Button onClick={() => setArchived.mutate(!project.archived)} disabled={setArchived.isPending}>
          {project.archived ? 'Unarchive project' : 'Archive project'}
        </Button>
      </div>
    </section>
  );
}

function DeleteSection({ project }: { project: Project }) {
  const navigate = useNavigate();
  const remove = useDeleteProject(project.path_with_namespace);
  const [typed, setTyped] = useState('');
  const confirmed = typed === project.path_with_namespace;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmed) remove.mutate(undefined, { onSuccess: () => void navigate('/dashboard/projects') });
  };
  return (
    <form className="box settings-section stack danger-zone" onSubmit={submit} aria-label="Delete project">
      <Heading as="h2" variant="small">
        Delete project
      </Heading>
      <p>
        This deletes <strong>{project.path_with_namespace}</strong> with its repository, merge requests and
        members. It cannot be undone.
      </p>
      {remove.isError && <Flash variant="danger">{remove.error.message}</Flash>}
      <FormControl>
        <FormControl.Label>Enter the following to confirm: {project.path_with_namespace}</FormControl.Label>
        <TextInput
          block
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
        />
      </FormControl>
      <div>
        <Button type="submit" variant="danger" disabled={!confirmed || remove.isPending}>
          Yes, delete project
        </Button>
      </div>
    </form>
  );
}
