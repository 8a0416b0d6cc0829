import { TrashIcon } from '@primer/octicons-react';
import {
  Button,
  Flash,
  FormControl,
  Heading,
  IconButton,
  TextInput,
  useConfirm,
  VisuallyHidden,
} from '@primer/react';
import { useState } from 'react';
import type { Project } from '../../../shared/api/projects';
import type { PipelineTrigger } from '../../../shared/api/pipelineTriggers';
import { TimeAgo } from '../../components/TimeAgo';
import { useCreatePipelineTrigger, usePipelineTriggers, useRevokePipelineTrigger } from './pipelineTriggers';

/** GitLab's warning before a token goes. */
export const REVOKE_WARNING =
  'By revoking a trigger token you will break any processes making use of it. Are you sure?';

/** Pipeline trigger tokens in the project's settings: listed, added (shown in full once), revoked. */
export function PipelineTriggersSection({ project }: { project: Project }) {
  const fullPath = project.path_with_namespace;
  const triggers = usePipelineTriggers(fullPath);
  const create = useCreatePipelineTrigger(fullPath);
  const revoke = useRevokePipelineTrigger(fullPath);
  const confirm = useConfirm();
  const [adding, setAdding] = useState(false);
  const [description, setDescription] = useState('');
  const [created, setCreated] = useState<PipelineTrigger | null>(null);

  const onRevoke = async (trigger: PipelineTrigger) => {
    const sure = await confirm({
      title: 'Revoke trigger',
      content: REVOKE_WARNING,
      confirmButtonContent: 'Revoke trigger',
      confirmButtonType: 'danger',
    });
    if (sure) revoke.mutate(trigger.id);
  };
  const onCreate = () =>
    create.mutate(description.trim(), {
      onSuccess: (trigger) => {
        setCreated(trigger);
        setAdding(false);
        setDescription('');
      },
    });

  return (
    <section className="box settings-section stack" aria-label="Pipeline trigger tokens">
      <div className="row status-checks__header">
        <Heading as="h2" variant="small">
          Pipeline trigger tokens
        </Heading>
        <Button onClick={() => setAdding(true)}>Add new token</Button>
      </div>
      <p className="muted">
        Trigger a pipeline for a branch or tag by generating a trigger token and using it with an API call.
        The token impersonates a user&apos;s project access and permissions.
      </p>
      {created && (
        <Flash variant="success" role="status">
          <div className="stack">
            <span>Your new pipeline trigger token. Copy it now: it is not shown again.</span>
            <code aria-label="New trigger token">{created.token}</code>
            <code className="trigger-example">
              {`curl -X POST --fail -F token=${created.token} -F ref=REF_NAME ${window.location.origin}/api/v4/projects/${project.id}/trigger/pipeline`}
            </code>
          </div>
        </Flash>
      )}
      {(triggers.error ?? create.error ?? revoke.error) && (
        <Flash variant="danger">{(triggers.error ?? create.error ?? revoke.error)!.message}</Flash>
      )}
      {adding && (
        <form
          className="row"
          onSubmit={(event) => {
            event.preventDefault();
            onCreate();
          }}
        >
          <FormControl required>
            <FormControl.Label>Description</FormControl.Label>
            <TextInput value={description} onChange={(event) => setDescription(event.target.value)} />
          </FormControl>
          <Button type="submit" variant="primary" disabled={!description.trim()} loading={create.isPending}>
            Create pipeline trigger token
          </Button>
          <Button onClick={() => setAdding(false)}>Cancel</Button>
        </form>
      )}
      {triggers.data?.length === 0 ? (
        <p className="muted">No trigger tokens have been created yet. Add one using the form above.</p>
      ) : (
        triggers.data && (
          <table className="status-checks" aria-label="Pipeline trigger tokens">
            <thead>
              <tr>
                <th scope="col">Token</th>
                <th scope="col">Description</th>
                <th scope="col">Owner</th>
                <th scope="col">Last Used</th>
                <th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </th>
              </tr>
            </thead>
            <tbody>
              {triggers.data.map((trigger) => (
                <tr key={trigger.id}>
                  <td className="status-checks__url">
                    <code>{`${trigger.token}…`}</code>
                  </td>
                  <td>{trigger.description}</td>
                  <td>{trigger.owner?.name ?? ''}</td>
                  <td>{trigger.last_used ? <TimeAgo date={trigger.last_used} /> : 'Never'}</td>
                  <td className="status-checks__actions">
                    <IconButton
                      icon={TrashIcon}
                      aria-label={`Revoke ${trigger.description ?? 'trigger'}`}
                      variant="invisible"
                      onClick={() => void onRevoke(trigger)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      )}
    </section>
  );
}
