import { Button, Flash, FormControl, Heading, LinkButton, Select, TextInput } from '@primer/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { Visibility } from '../../../shared/access/accessLevels';
import type { Project } from '../../../shared/api/projects';
import { CiVariablesSection } from './CiVariablesSection';
import { PipelineSettingsSection } from './PipelineSettingsSection';
import { PipelineTriggersSection } from './PipelineTriggersSection';
import { DescriptionField } from '../../components/DescriptionField';
import { useDeleteProject, useSetArchived, useUpdateProject } from './mutations';
import { projectUrl } from './projectRoutes';
import { useBranchNames } from './queries';
import { SettingsFrame } from './SettingsFrame';
import { VisibilityField } from '../../components/VisibilityField';
import '../../components/entity-pages.css';
import './projects.css';

/** `{project}/-/edit`: name, description, visibility, default branch, archiving and deletion. */
export function ProjectSettingsPage() {
  return (
    <SettingsFrame current="edit" title="Settings">
      {(project, level) => (
        <>
          <GeneralSettings project={project} />
          <MergeRequestSettingsLink project={project} />
          <CiVariablesSection project={project} />
          <PipelineSettingsSection project={project} />
          <PipelineTriggersSection project={project} />
          <ArchiveSection project={project} />
          {level >= 50 && <DeleteSection project={project} />}
        </>
      )}
    </SettingsFrame>
  );
}

/** The merge settings have their own page, as in GitLab; this says what is found there. */
function MergeRequestSettingsLink({ project }: { project: Project }) {
  return (
    <section className="box settings-section stack" aria-label="Merge requests">
      <Heading as="h2" variant="small">
        Merge requests
      </Heading>
      <p className="muted">
        Merge method, squashing, merge checks, commit message templates, the title format, merge trains and
        status checks.
      </p>
      <div>
        <LinkButton as={RouterLink} to={projectUrl(project.path_with_namespace, 'settings/merge_requests')}>
          Merge request settings
        </LinkButton>
      </div>
    </section>
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
      <DescriptionField
        label="Project description (optional)"
        value={description}
        onChange={setDescription}
      />
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
