import {
  Button,
  Checkbox,
  Flash,
  FormControl,
  Heading,
  Link,
  Select,
  Spinner,
  TextInput,
} from '@primer/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { Visibility } from '../../../shared/access/accessLevels';
import type { Namespace } from '../../../shared/api/projects';
import type { SessionUser } from '../../../shared/api/session';
import { DescriptionField } from '../../components/DescriptionField';
import { usePathFromName } from '../../components/usePathFromName';
import { useGroup, useNamespaces } from '../groups/queries';
import { RequireSignIn } from '../session/RequireSignIn';
import { useCreateProject } from './mutations';
import { VisibilityField } from '../../components/VisibilityField';
import '../../components/entity-pages.css';
import './projects.css';

/** `/projects/new`: name, path, namespace, visibility and an optional README. */
export function NewProjectPage() {
  return <RequireSignIn>{(user) => <NewProjectForm user={user} />}</RequireSignIn>;
}

function NewProjectForm({ user }: { user: SessionUser }) {
  const namespaces = useNamespaces();
  const [params] = useSearchParams();
  return (
    <div className="stack form-page">
      <Heading as="h1">Create new project</Heading>
      <p className="muted">A project holds a repository, its merge requests and the people working on it.</p>
      {namespaces.isPending ? (
        <Spinner srText="Loading namespaces" />
      ) : namespaces.isError ? (
        <Flash variant="danger">{namespaces.error.message}</Flash>
      ) : (
        <ProjectForm
          namespaces={namespaces.data}
          initialNamespaceId={Number(params.get('namespace_id')) || namespaceOf(namespaces.data, user)}
        />
      )}
    </div>
  );
}

const namespaceOf = (namespaces: Namespace[], user: SessionUser): number | undefined =>
  namespaces.find((n) => n.kind === 'user' && n.path === user.username)?.id ?? namespaces[0]?.id;

function ProjectForm({
  namespaces,
  initialNamespaceId,
}: {
  namespaces: Namespace[];
  initialNamespaceId?: number;
}) {
  const navigate = useNavigate();
  const create = useCreateProject();
  const [name, setName] = useState('');
  const [shownPath, editPath] = usePathFromName(name);
  const [namespaceId, setNamespaceId] = useState(
    namespaces.some((n) => n.id === initialNamespaceId) ? initialNamespaceId : namespaces[0]?.id,
  );
  const [description, setDescription] = useState('');
  const [visibility, setVisibility] = useState<Visibility>('private');
  const [readme, setReadme] = useState(true);

  const namespace = namespaces.find((n) => n.id === namespaceId);
  const group = useGroup(namespace?.full_path ?? '', namespace?.kind === 'group');
  const maximum = namespace?.kind === 'group' ? group.data?.visibility : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        name: name.trim(),
        path: shownPath,
        namespace_id: namespaceId,
        description,
        visibility,
        initialize_with_readme: readme,
      },
      { onSuccess: (project) => void navigate(`/${project.path_with_namespace}`) },
    );
  };

  return (
    <form onSubmit={submit} aria-label="New project">
      {create.isError && <Flash variant="danger">{create.error.message}</Flash>}
      <FormControl required>
        <FormControl.Label>Project name</FormControl.Label>
        <TextInput
          block
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="My awesome project"
          maxLength={255}
        />
        <FormControl.Caption>
          Shown wherever the project is listed. The slug below is its place in URLs.
        </FormControl.Caption>
      </FormControl>
      <div className="path-fields">
        <FormControl>
          <FormControl.Label>Project URL</FormControl.Label>
          <Select
            block
            value={String(namespaceId ?? '')}
            onChange={(event) => setNamespaceId(Number(event.target.value))}
          >
            {namespaces.map((n) => (
              <Select.Option key={n.id} value={String(n.id)}>
                {n.full_path}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <span className="path-fields__slash">/</span>
        <FormControl required>
          <FormControl.Label>Project slug</FormControl.Label>
          <TextInput
            block
            value={shownPath}
            onChange={(event) => editPath(event.target.value)}
            placeholder="my-awesome-project"
            maxLength={255}
          />
        </FormControl>
      </div>
      <DescriptionField
        label="Project description (optional)"
        value={description}
        onChange={setDescription}
      />
      <VisibilityField value={visibility} onChange={setVisibility} kind="project" maximum={maximum} />
      <FormControl>
        <Checkbox checked={readme} onChange={(event) => setReadme(event.target.checked)} />
        <FormControl.Label>Initialize repository with a README</FormControl.Label>
        <FormControl.Caption>
          Lets you clone the repository right away. Skip it to push an existing repository.
        </FormControl.Caption>
      </FormControl>
      <div className="form-actions">
        <Button type="submit" variant="primary" disabled={create.isPending || !name.trim() || !shownPath}>
          {create.isPending ? 'Creating project…' : 'Create project'}
        </Button>
        <Link as={RouterLink} to="/dashboard/projects" className="form-actions__cancel">
          Cancel
        </Link>
      </div>
    </form>
  );
}
