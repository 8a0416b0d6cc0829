import { GitPullRequestClosedIcon } from '@primer/octicons-react';
import { Button, Flash, RelativeTime } from '@primer/react';
import type { CachedWidget, Widget } from '../../../shared/api/mergeWidget';
import { isReopenOffered } from '../../../shared/merge-widget/mergeValidation';
import { REOPEN_FAILED } from '../../../shared/merge-widget/messages';
import { useSession } from '../../lib/useSession';
import { useReopen } from './mutations';
import { WidgetRow } from './WidgetRow';

type Props = { fullPath: string; cached: CachedWidget; widget: Widget };

/** Who closed the request and when, with Reopen for signed-in users allowed to. */
export function ClosedPanel({ fullPath, cached, widget }: Props) {
  const reopen = useReopen(fullPath, cached.iid);
  const signedIn = Boolean(useSession().data?.user);
  const { closed_by: closedBy, closed_at: closedAt } = cached.metrics;
  const offered = isReopenOffered(signedIn) && widget.current_user.can_reopen;
  return (
    <WidgetRow
      icon={<GitPullRequestClosedIcon className="mw-icon--danger" />}
      actions={
        offered && (
          <Button size="small" loading={reopen.isPending} onClick={() => reopen.mutate()}>
            Reopen
          </Button>
        )
      }
    >
      <p>
        <span className="mw-title">Closed by {closedBy?.name ?? 'a deleted user'}</span>{' '}
        {closedAt && <RelativeTime date={new Date(closedAt)} />}
      </p>
      <p>
        The changes were not merged into <span className="mr-branch">{cached.target_branch}</span>.
      </p>
      {reopen.isError && <Flash variant="danger">{REOPEN_FAILED}</Flash>}
    </WidgetRow>
  );
}
