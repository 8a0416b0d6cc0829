import { Checkbox, CheckboxGroup, Dialog, Flash, FormControl, TextInput } from '@primer/react';
import { useState } from 'react';
import type { StatusCheckJson } from '../../../shared/api/statusChecks';
import { useSaveStatusCheck } from './mutations';
import { useProtectedBranches } from './queries';

type Props = { fullPath: string; check: StatusCheckJson | null; onClose: () => void };

/**
 * Adds or edits a status check: the service's name, the URL the server POSTs merge requests to,
 * and the protected branches whose merge requests it checks (none chosen: every branch).
 */
export function StatusCheckDialog({ fullPath, check, onClose }: Props) {
  const save = useSaveStatusCheck(fullPath);
  const branches = useProtectedBranches(fullPath);
  const [name, setName] = useState(check?.name ?? '');
  const [url, setUrl] = useState(check?.external_url ?? '');
  const [branchIds, setBranchIds] = useState<number[]>(
    check?.protected_branches.map((branch) => branch.id) ?? [],
  );
  const toggle = (id: number, on: boolean) =>
    setBranchIds((ids) => (on ? [...ids, id] : ids.filter((other) => other !== id)));

  const submit = () =>
    save.mutate(
      {
        id: check?.id ?? null,
        body: { name: name.trim(), external_url: url.trim(), protected_branch_ids: branchIds },
      },
      { onSuccess: onClose },
    );

  return (
    <Dialog
      title={check ? 'Update status check' : 'Add status check'}
      onClose={onClose}
      footerButtons={[
        { content: 'Cancel', onClick: onClose },
        {
          content: check ? 'Save changes' : 'Add status check',
          buttonType: 'primary',
          onClick: submit,
          loading: save.isPending,
          disabled: !name.trim() || !url.trim(),
        },
      ]}
    >
      <div className="stack">
        {save.isError && <Flash variant="danger">{save.error.message}</Flash>}
        <FormControl required>
          <FormControl.Label>Service name</FormControl.Label>
          <TextInput block maxLength={255} value={name} onChange={(event) => setName(event.target.value)} />
          <FormControl.Caption>Examples: QA, Security.</FormControl.Caption>
        </FormControl>
        <FormControl required>
          <FormControl.Label>API to check</FormControl.Label>
          <TextInput
            block
            type="url"
            maxLength={255}
            placeholder="https://api.example.com/status"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
          <FormControl.Caption>
            The merge request&apos;s data is sent here; the service answers passed or failed through the API.
          </FormControl.Caption>
        </FormControl>
        <CheckboxGroup>
          <CheckboxGroup.Label>Target branch</CheckboxGroup.Label>
          <CheckboxGroup.Caption>
            {branches.data?.length === 0
              ? 'No protected branches: the check applies to merge requests into all branches.'
              : 'Leave every box empty to check merge requests into all branches.'}
          </CheckboxGroup.Caption>
          {(branches.data ?? []).map((branch) => (
            <FormControl key={branch.id}>
              <Checkbox
                checked={branchIds.includes(branch.id)}
                onChange={(event) => toggle(branch.id, event.target.checked)}
              />
              <FormControl.Label>{branch.name}</FormControl.Label>
            </FormControl>
          ))}
        </CheckboxGroup>
      </div>
    </Dialog>
  );
}
