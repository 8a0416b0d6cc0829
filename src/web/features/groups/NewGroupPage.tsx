import { Button, Flash, FormControl, Heading, Link, Spinner, TextInput } from '@primer/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { Visibility } from '../../../shared/access/accessLevels';
import type { Group } from '../../../shared/api/groups';
import { DescriptionField } from '../../components/DescriptionField';
import { usePathFromName } from '../../components/usePathFromName';
import { VisibilityField } from '../../components/VisibilityField';
import { RequireSignIn } from '../session/RequireSignIn';
import { useCreateGroup } from './mutations';
import { useGroup } from './queries';
import '../../components/entity-pages.css';

/** `/groups/new`, and `?parent_id=` for a subgroup. */
export function NewGroupPage() {
  const [params] = useSearchParams();
  const parentId = params.get('parent_id');
  return (
    <RequireSignIn>
      {() => (parentId ? <NewSubgroup parentId={parentId} /> : <GroupForm parent={null} />)}
    </RequireSignIn>
  );
}

function NewSubgroup({ parentId }: { parentId: string }) {
  const parent = useGroup(parentId);
  if (parent.isPending) return <Spinner size="large" srText="Loading group" className="page-spinner" />;
  if (parent.isError) return <Flash variant="danger">{parent.error.message}</Flash>;
  return <GroupForm parent={parent.data} />;
}

function GroupForm({ parent }: { parent: Group | null }) {
  const navigate = useNavigate();
  const create = useCreateGroup();
  const [name, setName] = useState('');
  const [shownPath, editPath] = usePathFromName(name);
  const [description, setDescription] = useState('');
  const [visibility, setVisibility] = useState<Visibility>('private');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), path: shownPath, description, visibility, parent_id: parent?.id },
      { onSuccess: (group) => void navigate(`/${group.full_path}`) },
    );
  };

  return (
    <div className="stack form-page">
      <Heading as="h1">{parent ? 'Create subgroup' : 'Create group'}</Heading>
      <p className="muted">
        {parent
          ? `A subgroup of ${parent.full_name}: its members have access to everything inside.`
          : 'Groups gather projects and people; a member’s role in the group holds in every project inside.'}
      </p>
      <form onSubmit={submit} aria-label="New group">
        {create.isError && <Flash variant="danger">{create.error.message}</Flash>}
        <FormControl required>
          <FormControl.Label>Group name</FormControl.Label>
          <TextInput
            block
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="My awesome group"
            maxLength={255}
          />
        </FormControl>
        <FormControl required>
          <FormControl.Label>Group URL</FormControl.Label>
          <TextInput
            block
            leadingVisual={`${window.location.origin}/${parent ? `${parent.full_path}/` : ''}`}
            value={shownPath}
            onChange={(event) => editPath(event.target.value)}
            placeholder="my-awesome-group"
            maxLength={255}
          />
        </FormControl>
        <DescriptionField
          label="Group description (optional)"
          value={description}
          onChange={setDescription}
        />
        <VisibilityField
          value={visibility}
          onChange={setVisibility}
          kind="group"
          maximum={parent?.visibility}
        />
        <div className="form-actions">
          <Button type="submit" variant="primary" disabled={create.isPending || !name.trim() || !shownPath}>
            {create.isPending ? 'Creating group…' : parent ? 'Create subgroup' : 'Create group'}
          </Button>
          <Link as={RouterLink} to={parent ? `/${parent.full_path}` : '/dashboard/groups'}>
            Cancel
          </Link>
        </div>
      </form>
    </div>
  );
}
