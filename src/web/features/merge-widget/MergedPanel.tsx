import { GitMergeIcon } from '@primer/octicons-react';
import { Button, Flash, RelativeTime } from '@primer/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { CommitActionName } from '../../../shared/merge-widget/commitActions';
import type { CachedWidget, Widget } from '../../../shared/api/mergeWidget';
import { isDeleteSourceBranchOffered } from '../../../shared/merge-widget/mergeValidation';
import { SOURCE_BRANCH_DELETE_FAILED } from '../../../shared/merge-widget/messages';
import { projectUrl } from '../projects/projectRoutes';
import { CommitActionDialog } from './CommitActionDialog';
import { useDeleteSourceBranch } from './mutations';
import { WidgetRow } from './WidgetRow';

type Props = { fullPath: string; cached: CachedWidget; widget: Widget };

/** Who merged and when, the commit that landed, and the source branch: deleted, or a button to delete it. */
export function MergedPanel({ fullPath, cached, widget }: Props) {
  const remove = useDeleteSourceBranch(fullPath, cached.iid);
  const [dialog, setDialog] = useState<CommitActionName | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const {
    can_revert_on_current_merge_request: canRevert,
    can_cherry_pick_on_current_merge_request: canPick,
  } = widget.current_user;
  const { merged_by: mergedBy, merged_at: mergedAt } = cached.metrics;
  const sha = cached.merged_commit_sha;
  const deleteOffered = isDeleteSourceBranchOffered({
    sourceBranchRemoved: cached.source_branch_removed,
    canRemoveSourceBranch: widget.current_user.can_remove_source_branch,
  });
  return (
    <WidgetRow
      icon={<GitMergeIcon className="mw-icon--done" />}
      actions={
        (canRevert || canPick || deleteOffered) && (
          <>
            {canRevert && (
              <Button size="small" onClick={() => setDialog('revert')}>
                Revert
              </Button>
            )}
            {canPick && (
              <Button size="small" onClick={() => setDialog('cherry_pick')}>
                Cherry-pick
              </Button>
            )}
            {deleteOffered && (
              <Button
                size="small"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate({
                    projectFullPath: cached.target_project_full_path,
                    name: cached.source_branch,
                  })
                }
              >
                Delete source branch
              </Button>
            )}
          </>
        )
      }
    >
      <p>
        <span className="mw-title">Merged by {mergedBy?.name ?? 'a deleted user'}</span>{' '}
        {mergedAt && <RelativeTime date={new Date(mergedAt)} />}
      </p>
      <p>
        Changes merged into <span className="mr-branch">{cached.target_branch}</span>
        {sha && (
          <>
            {' '}
            with{' '}
            <RouterLink className="mw-sha" to={projectUrl(fullPath, `commit/${sha}`)}>
              {cached.short_merged_commit_sha}
            </RouterLink>
          </>
        )}
        .
      </p>
      {cached.source_branch_removed && <p className="muted">The source branch has been deleted.</p>}
      {remove.isError && <Flash variant="danger">{SOURCE_BRANCH_DELETE_FAILED}</Flash>}
      {done && (
        <Flash variant="success" role="status">
          {done}
        </Flash>
      )}
      {dialog && (
        <CommitActionDialog
          action={dialog}
          fullPath={cached.target_project_full_path}
          iid={cached.iid}
          defaultBranch={cached.target_branch}
          onDone={setDone}
          onClose={() => setDialog(null)}
        />
      )}
    </WidgetRow>
  );
}
