import { AlertIcon, CheckCircleIcon, XCircleIcon } from '@primer/octicons-react';
import { Button, Spinner } from '@primer/react';
import { useId, useState, type ReactNode } from 'react';
import type { MergeCheck } from '../../../shared/merge-checks/mergeChecks';
import {
  mergeChecksSummary,
  visibleMergeChecks,
  type VisibleMergeCheck,
} from '../../../shared/merge-checks/mergeChecksSummary';
import { assertNever } from '../../../shared/lib/assertNever';
import { WidgetRow } from './WidgetRow';

function statusIcon(status: VisibleMergeCheck['status']): ReactNode {
  switch (status) {
    case 'CHECKING':
      return <Spinner size="small" />;
    case 'FAILED':
      return <XCircleIcon className="mw-icon--danger" aria-label="Failed" />;
    case 'WARNING':
      return <AlertIcon className="mw-icon--attention" aria-label="Warning" />;
    case 'SUCCESS':
      return <CheckCircleIcon className="mw-icon--success" aria-label="Passed" />;
    default:
      return assertNever(status);
  }
}

function summaryIcon(checks: readonly MergeCheck[]): ReactNode {
  const has = (status: MergeCheck['status']) => checks.some((check) => check.status === status);
  if (has('WARNING')) return <AlertIcon className="mw-icon--attention" />;
  if (has('CHECKING')) return <Spinner size="small" />;
  if (has('FAILED')) return <XCircleIcon className="mw-icon--danger" />;
  return <CheckCircleIcon className="mw-icon--success" />;
}

type Props = {
  checks: readonly MergeCheck[];
  canMerge: boolean;
  /** An action a check offers (the rebase of NEED_REBASE), shown on that check's line. */
  actionFor?: (identifier: MergeCheck['identifier']) => ReactNode;
};

/**
 * The merge checks: the summary line, and the list, collapsed by default to what fails or is
 * still being checked; expanding shows the passed ones too.
 */
export function MergeChecks({ checks, canMerge, actionFor }: Props) {
  const [collapsed, setCollapsed] = useState(true);
  const listId = useId();
  const visible = visibleMergeChecks(checks, collapsed);
  const expandable = visibleMergeChecks(checks, false).length > visibleMergeChecks(checks, true).length;
  return (
    <WidgetRow
      label="Merge checks"
      icon={summaryIcon(checks)}
      actions={
        (expandable || !collapsed) && (
          <Button
            size="small"
            variant="invisible"
            aria-expanded={!collapsed}
            aria-controls={listId}
            onClick={() => setCollapsed(!collapsed)}
          >
            {collapsed ? 'Expand merge checks' : 'Collapse merge checks'}
          </Button>
        )
      }
    >
      <p className="mw-title">{mergeChecksSummary(checks, canMerge)}</p>
      {visible.length > 0 && (
        <ul className="mw-checks" id={listId}>
          {visible.map((check) => (
            <li key={check.identifier} className="mw-checks__item">
              {statusIcon(check.status)}
              <span className="mw-checks__message">{check.message}</span>
              {check.status === 'FAILED' && actionFor?.(check.identifier)}
            </li>
          ))}
        </ul>
      )}
    </WidgetRow>
  );
}
