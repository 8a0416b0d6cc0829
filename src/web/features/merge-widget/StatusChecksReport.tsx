import { Button, Flash, Spinner } from '@primer/react';
import { CheckCircleIcon, ClockIcon, XCircleIcon } from '@primer/octicons-react';
import { useState } from 'react';
import type { CachedWidget } from '../../../shared/api/mergeWidget';
import type { StatusCheckStatus } from '../../../shared/api/statusChecks';
import { statusChecksSummary } from '../../../shared/merge-widget/statusChecksSummary';
import { viewerAccessLevel } from '../../lib/viewerAccessLevel';
import { useProject } from '../projects/queries';
import { useSession } from '../../lib/useSession';
import { useMergeRequestStatusChecks, useRetryStatusCheck } from './statusChecksQueries';
import { WidgetRow } from './WidgetRow';
import './status-checks-report.css';

type Props = {
  fullPath: string;
  iid: number;
  checks: CachedWidget['mergeability_checks'];
  /** The widget's ETag: a new one means something changed, so the list is asked again. */
  version: string | null;
};

/** Retry is for Developers and up, who may answer checks (the server decides; this hides the button). */
const DEVELOPER = 30;

function StatusIcon({ status }: { status: StatusCheckStatus }) {
  switch (status) {
    case 'passed':
      return <CheckCircleIcon className="mw-icon--success" aria-label="Passed" />;
    case 'failed':
      return <XCircleIcon className="mw-icon--danger" aria-label="Failed" />;
    case 'pending':
      return <ClockIcon className="mw-icon--attention" aria-label="Pending" />;
  }
}

/** The reports area's status checks (spec 001 §2.1): a summary, and each check with Retry when it failed. */
export function StatusChecksReport({ fullPath, iid, checks, version }: Props) {
  const applies = checks.some(
    (check) => check.identifier === 'EXTERNAL_STATUS_CHECKS' && check.status !== 'INACTIVE',
  );
  const list = useMergeRequestStatusChecks(fullPath, iid, { enabled: applies, version });
  const retry = useRetryStatusCheck(fullPath, iid);
  const project = useProject(fullPath);
  const admin = useSession().data?.user?.admin ?? false;
  const canRetry = project.data ? viewerAccessLevel(project.data, admin) >= DEVELOPER : false;
  const [expanded, setExpanded] = useState(false);
  if (!applies) return null;

  if (list.isPending)
    return (
      <div className="box" aria-label="Status checks">
        <WidgetRow icon={<Spinner size="small" />}>
          <p className="mw-title">Status checks are being fetched</p>
        </WidgetRow>
      </div>
    );
  if (list.isError)
    return (
      <div className="box" aria-label="Status checks">
        <WidgetRow
          icon={<XCircleIcon className="mw-icon--danger" />}
          actions={<Button onClick={() => void list.refetch()}>Retry</Button>}
        >
          <p className="mw-title">Failed to load status checks</p>
        </WidgetRow>
      </div>
    );

  const statuses = list.data.map((check) => check.status);
  const worst: StatusCheckStatus = statuses.includes('failed')
    ? 'failed'
    : statuses.includes('pending')
      ? 'pending'
      : 'passed';
  return (
    <div className="box" aria-label="Status checks">
      <WidgetRow
        icon={<StatusIcon status={worst} />}
        actions={
          <Button
            variant="invisible"
            size="small"
            aria-expanded={expanded}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? 'Collapse' : 'Expand'}
          </Button>
        }
      >
        <p className="mw-title">{statusChecksSummary(statuses)}</p>
      </WidgetRow>
      {expanded && retry.isError && <Flash variant="danger">{retry.error.message}</Flash>}
      {expanded && (
        <ul className="mw-status-checks" aria-label="Status check list">
          {list.data.map((check) => (
            <li key={check.id} className="mw-status-check">
              <StatusIcon status={check.status} />
              <span className="mw-status-check__name">
                {check.name}
                <span className="mw-status-check__url">{check.external_url}</span>
              </span>
              {check.status === 'failed' && canRetry && (
                <Button
                  size="small"
                  aria-label={`Retry ${check.name}`}
                  loading={retry.isPending && retry.variables === check.id}
                  onClick={() => retry.mutate(check.id)}
                >
                  Retry
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
