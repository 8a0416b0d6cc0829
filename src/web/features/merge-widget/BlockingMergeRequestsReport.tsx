import {
  CheckCircleIcon,
  GitMergeIcon,
  GitPullRequestClosedIcon,
  GitPullRequestIcon,
} from '@primer/octicons-react';
import { Link as RouterLink } from 'react-router';
import type { BlockingMergeRequest, BlockingMergeRequests } from '../../../shared/api/mergeWidget';
import { WidgetRow } from './WidgetRow';

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** The app's own path of a blocker: its web_url without the instance's address. */
const pathOf = (webUrl: string) => new URL(webUrl).pathname;

function Blocker({ mr }: { mr: BlockingMergeRequest }) {
  const Icon =
    mr.state === 'merged'
      ? GitMergeIcon
      : mr.state === 'closed'
        ? GitPullRequestClosedIcon
        : GitPullRequestIcon;
  return (
    <li className="mw-blocker">
      <Icon className={`mw-blocker__icon mw-blocker__icon--${mr.state}`} aria-label={mr.state} />
      <RouterLink to={pathOf(mr.web_url)}>{mr.reference}</RouterLink> {mr.title}
    </li>
  );
}

/**
 * The blocking merge requests report (spec 000): what this request depends on, unmerged ones
 * first, and how many the viewer may not see.
 */
export function BlockingMergeRequestsReport({ report }: { report: BlockingMergeRequests }) {
  if (report.total_count === 0) return null;
  const { opened, closed, merged } = report.visible_merge_requests;
  const unmerged = opened.length + closed.length + report.hidden_count;
  return (
    <div className="box" aria-label="Merge request dependencies">
      <WidgetRow
        icon={
          unmerged > 0 ? (
            <GitPullRequestIcon className="mw-icon--attention" />
          ) : (
            <CheckCircleIcon className="mw-icon--success" />
          )
        }
      >
        <p className="mw-title">
          {unmerged > 0
            ? `Depends on ${unmerged} ${plural(unmerged, 'merge request', 'merge requests')} being merged`
            : 'All merge request dependencies have been merged'}
        </p>
        <ul className="mw-blockers">
          {[...opened, ...closed, ...merged].map((mr) => (
            <Blocker key={mr.id} mr={mr} />
          ))}
        </ul>
        {report.hidden_count > 0 && (
          <p className="muted">
            {report.hidden_count} {plural(report.hidden_count, 'merge request', 'merge requests')} that you
            don&apos;t have access to.
          </p>
        )}
      </WidgetRow>
    </div>
  );
}
