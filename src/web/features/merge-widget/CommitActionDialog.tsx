import { Checkbox, Dialog, Flash, FormControl, Select } from '@primer/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { commitActionDone, type CommitActionName } from '../../../shared/merge-widget/commitActions';
import { useBranchNames } from '../projects/queries';
import { useCommitAction } from './mutations';

type Props = {
  action: CommitActionName;
  fullPath: string;
  iid: number;
  defaultBranch: string;
  onDone: (message: string) => void;
  onClose: () => void;
};

const TITLES: Record<CommitActionName, string> = {
  revert: 'Revert this merge request',
  cherry_pick: 'Cherry-pick this merge request',
};

/**
 * The merged panel's Revert and Cherry-pick: the branch to commit on and, as GitLab offers,
 * "Start a new merge request with these changes", which commits on a new branch and opens it.
 */
export function CommitActionDialog({ action, fullPath, iid, defaultBranch, onDone, onClose }: Props) {
  const navigate = useNavigate();
  const branches = useBranchNames(fullPath);
  const apply = useCommitAction(fullPath, iid);
  const [branch, setBranch] = useState(defaultBranch);
  const [startMergeRequest, setStartMergeRequest] = useState(true);
  const names = branches.data ?? [defaultBranch];
  const verb = action === 'revert' ? 'Revert' : 'Cherry-pick';

  const submit = () =>
    apply.mutate(
      { action, body: { target_branch: branch, create_merge_request: startMergeRequest } },
      {
        onSuccess: (done) => {
          if (done.merge_request_path) void navigate(done.merge_request_path);
          else onDone(commitActionDone(action, done.branch));
          onClose();
        },
      },
    );

  return (
    <Dialog
      title={TITLES[action]}
      onClose={onClose}
      footerButtons={[
        { content: 'Cancel', onClick: onClose },
        { content: verb, buttonType: 'primary', onClick: submit, loading: apply.isPending },
      ]}
    >
      <div className="stack">
        {apply.isError && <Flash variant="danger">{apply.error.message}</Flash>}
        <FormControl>
          <FormControl.Label>
            {action === 'revert' ? 'Revert in branch' : 'Pick into branch'}
          </FormControl.Label>
          <Select block value={branch} onChange={(event) => setBranch(event.target.value)}>
            {names.map((name) => (
              <Select.Option key={name} value={name}>
                {name}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <FormControl>
          <Checkbox
            checked={startMergeRequest}
            onChange={(event) => setStartMergeRequest(event.target.checked)}
          />
          <FormControl.Label>Start a new merge request with these changes</FormControl.Label>
        </FormControl>
      </div>
    </Dialog>
  );
}
