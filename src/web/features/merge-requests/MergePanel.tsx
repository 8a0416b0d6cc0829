import { CheckCircleIcon, GitMergeIcon, XCircleIcon } from '@primer/octicons-react';
import { Button, Checkbox, Flash, FormControl, RelativeTime, Spinner } from '@primer/react';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { MergeRequestPage } from '../../../shared/api/mergeRequests';
import { assertNever } from '../../../shared/lib/assertNever';
import { projectUrl } from '../projects/projectRoutes';
import { mergeErrorText, mergePanelState } from './mergePanelState';
import { useMergeMergeRequest } from './mutations';

/** The spec's words for a failed call, and for a source branch that moved since the page loaded. */
export const MERGE_REQUEST_FAILED = 'Something went wrong. Please try again.';
export const SHA_MISMATCH =
  'Merge blocked: to see new changes and rerun this merge check, refresh this page.';

type Props = { fullPath: string; mergeRequest: MergeRequestPage };

/**
 * The merge area of the overview: the merged state, or a Merge button with the delete-source-branch
 * and squash options. Deliberately small: the full merge widget replaces it.
 */
export function MergePanel({ fullPath, mergeRequest: mr }: Props) {
  const [callError, setCallError] = useState<string | null>(null);
  // A merge that failed keeps its reason on the request, so it outlives the refresh that follows.
  const stored = mr.state === 'opened' && mr.merge_error ? mergeErrorText(mr.merge_error) : null;
  const error = callError ?? stored;
  return (
    <section className="stack" aria-label="Merge">
      {error && <Flash variant="danger">{error}</Flash>}
      <MergeState fullPath={fullPath} mergeRequest={mr} onCallError={setCallError} />
    </section>
  );
}

type StateProps = Props & { onCallError: (error: string | null) => void };

function MergeState({ fullPath, mergeRequest: mr, onCallError }: StateProps) {
  const state = mergePanelState(mr);
  switch (state.kind) {
    case 'merged':
      return <MergedPanel fullPath={fullPath} mergeRequest={mr} />;
    case 'merging':
      return (
        <Panel icon={<Spinner size="small" />}>
          <strong>Merging!</strong>
        </Panel>
      );
    case 'ready':
      return <ReadyPanel fullPath={fullPath} mergeRequest={mr} onCallError={onCallError} />;
    case 'ready_for_others':
      return (
        <Panel icon={<CheckCircleIcon className="mr-merge__ok" />}>
          Ready to merge by members who can write to the target branch.
        </Panel>
      );
    case 'blocked':
      return (
        <Panel icon={<XCircleIcon className="mr-merge__blocked" />}>
          <span>
            <strong>Merge blocked:</strong> {state.reason}
          </span>
        </Panel>
      );
    case 'none':
      return null;
    default:
      return assertNever(state);
  }
}

function Panel({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="box mr-merge">
      <div className="box__row row mr-merge__status">
        {icon}
        {children}
      </div>
    </div>
  );
}

function MergedPanel({ fullPath, mergeRequest: mr }: Props) {
  const sha = mr.merged_commit_sha;
  return (
    <div className="box mr-merge">
      <div className="box__row row mr-merge__status">
        <GitMergeIcon className="mr-merge__merged" />
        <span>
          Merged by <strong>{mr.merged_by?.name ?? 'a deleted user'}</strong>{' '}
          {mr.merged_at && <RelativeTime date={new Date(mr.merged_at)} />}
        </span>
      </div>
      <div className="box__row mr-merge__details">
        <p>
          Changes merged into <span className="mr-branch">{mr.target_branch}</span>
          {sha && (
            <>
              {' '}
              with{' '}
              <RouterLink className="mr-merge__sha" to={projectUrl(fullPath, `commit/${sha}`)}>
                {mr.short_merged_commit_sha}
              </RouterLink>
            </>
          )}
          .
        </p>
        {!mr.source_branch_exists && <p>The source branch has been deleted</p>}
      </div>
    </div>
  );
}

function ReadyPanel({ fullPath, mergeRequest: mr, onCallError }: StateProps) {
  const merge = useMergeMergeRequest(fullPath, mr.iid);
  const [removeSource, setRemoveSource] = useState(
    mr.should_remove_source_branch ?? mr.force_remove_source_branch,
  );
  const [squash, setSquash] = useState(mr.squash_on_merge);
  // The spec: a read-only squash option that is off is not shown at all.
  const showSquash = !(mr.squash_readonly && !mr.squash_on_merge);

  const start = () => {
    onCallError(null);
    merge.mutate(
      {
        sha: mr.sha ?? '',
        should_remove_source_branch: mr.current_user.can_remove_source_branch && removeSource,
        squash: showSquash && squash,
        skip_merge_train: false,
      },
      {
        onSuccess: (answer) => {
          if (answer.status === 'failed' || answer.status === 'hook_validation_error')
            onCallError(answer.merge_error ? mergeErrorText(answer.merge_error) : 'Merge failed.');
          else if (answer.status === 'sha_mismatch') onCallError(SHA_MISMATCH);
        },
        onError: () => onCallError(MERGE_REQUEST_FAILED),
      },
    );
  };

  return (
    <div className="box mr-merge">
      <div className="box__row row mr-merge__status">
        <CheckCircleIcon className="mr-merge__ok" />
        <strong>Ready to merge!</strong>
      </div>
      <div className="box__row stack mr-merge__form">
        <div className="row mr-merge__options">
          {mr.current_user.can_remove_source_branch && (
            <FormControl>
              <Checkbox checked={removeSource} onChange={(event) => setRemoveSource(event.target.checked)} />
              <FormControl.Label>Delete source branch</FormControl.Label>
            </FormControl>
          )}
          {showSquash && (
            <FormControl disabled={mr.squash_readonly}>
              <Checkbox checked={squash} onChange={(event) => setSquash(event.target.checked)} />
              <FormControl.Label>Squash commits</FormControl.Label>
              {mr.squash_readonly && <FormControl.Caption>Required in this project.</FormControl.Caption>}
            </FormControl>
          )}
        </div>
        <div>
          <Button variant="primary" onClick={start} loading={merge.isPending} disabled={merge.isPending}>
            Merge
          </Button>
        </div>
      </div>
    </div>
  );
}
