import {
  CheckCircleIcon,
  ChevronDownIcon,
  ChevronRightIcon,
  PersonIcon,
  ShieldLockIcon,
} from '@primer/octicons-react';
import { Button, Flash, IconButton, Spinner } from '@primer/react';
import { useState } from 'react';
import {
  APPROVAL_AVATAR_SIZES,
  APPROVAL_ERROR_MESSAGES,
  APPROVALS_WIDGET_TEXTS,
  approvalsAction,
  approvalsSummary,
  approveFailure,
  assignReviewersAction,
  invalidRulesMessage,
  policyOverride,
  showRulesFooter,
  whyCantIApprove,
  type ApprovalsWidgetInput,
} from '../../../shared/approvals';
import { ApiError } from '../../api/client';
import { useSession } from '../../lib/useSession';
import { ApprovalRulesTable } from './ApprovalRulesTable';
import { ApprovalsAuthModal } from './ApprovalsAuthModal';
import { ApprovalsPromo } from './ApprovalsPromo';
import type { ApprovalsData } from './approvalsQuery';
import { approvalsWidgetInput } from './approvalsWidgetInput';
import { useApprovalActions } from './mutations';
import { useApprovals, useApprovalsRest } from './queries';
import { useLiveApprovals } from './useLiveApprovals';
import { UserAvatars } from './UserAvatars';
import './approvals.css';

type Props = {
  fullPath: string;
  iid: number;
  /**
   * The merge widget's ETag: a new one means the request changed (a push may have removed
   * approvals without an approval event), so the approvals are read again.
   */
  version: string | null;
  /** The viewer administers the request (Developer and up): "Assign reviewers". */
  adminMergeRequest: boolean;
  /** The viewer may set the project's approval rules (Maintainer and up): the promo's link. */
  settingsPath: string | null;
  /** An approval moved the merge checks: the merge widget reads them again. */
  onChanged: () => void;
  /** Asks the reviewers picker to open (GitLab's "Assign reviewers"). */
  onAssignReviewers: () => void;
};

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : null);

/** The approvals section of the merge widget (002 §2, §4, §8). */
export function ApprovalsWidget(props: Props) {
  const { fullPath, iid } = props;
  const approvals = useApprovals(fullPath, iid, props.version);
  const rest = useApprovalsRest(fullPath, iid);
  useLiveApprovals(approvals.data?.mergeRequest.id ?? null, fullPath, iid, props.onChanged);
  const currentUserId = useSession().data?.user?.id ?? null;
  if (approvals.isError)
    return (
      <div className="approvals" aria-label="Approvals">
        <Flash variant="danger" role="alert">
          {APPROVAL_ERROR_MESSAGES.fetchError}
        </Flash>
      </div>
    );
  if (!approvals.data || rest.isPending)
    return (
      <div className="approvals approvals__row" aria-label="Approvals" aria-busy="true">
        <Spinner size="small" />
        <span>{APPROVALS_WIDGET_TEXTS.loading}</span>
      </div>
    );
  const input = approvalsWidgetInput(approvals.data, {
    currentUserId,
    requirePasswordToApprove: rest.data?.require_password_to_approve ?? false,
  });
  return <LoadedApprovals {...props} data={approvals.data} input={input} />;
}

function LoadedApprovals({
  fullPath,
  iid,
  adminMergeRequest,
  settingsPath,
  onChanged,
  onAssignReviewers,
  data,
  input,
}: Props & { data: ApprovalsData; input: ApprovalsWidgetInput }) {
  const { approve, revoke } = useApprovalActions(fullPath, iid, onChanged);
  const [modalOpen, setModalOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const mr = data.mergeRequest;
  const action = approvalsAction(input);
  const summary = approvalsSummary(input);
  const why = whyCantIApprove(input);
  const invalid = invalidRulesMessage(input);
  const override = policyOverride(mr.policiesOverridingApprovalSettings);
  const assign = assignReviewersAction({ adminMergeRequest, approversAvailable: input.approversAvailable });
  const footer = showRulesFooter(input) && mr.approvalState.rules.length > 0;

  const submitApproval = (password: string | null) => {
    setAlert(null);
    setPasswordError(null);
    approve.mutate(
      { sha: mr.diffHeadSha, password },
      {
        onSuccess: () => setModalOpen(false),
        onError: (error) => {
          const failure = approveFailure({ withPassword: password !== null, status: statusOf(error) });
          if (failure.kind === 'passwordInvalid') setPasswordError(failure.fieldMessage);
          else setAlert(failure.message);
        },
      },
    );
  };
  const onAction = () => {
    if (action?.kind === 'revoke') {
      setAlert(null);
      revoke.mutate(undefined, { onError: () => setAlert(APPROVAL_ERROR_MESSAGES.unapproveError) });
    } else if (action?.needsPassword) {
      setPasswordError(null);
      setAlert(null);
      setModalOpen(true);
    } else submitApproval(null);
  };

  return (
    <div className="approvals" aria-label="Approvals" role="region">
      {alert && !modalOpen && (
        <Flash variant="danger" role="alert">
          {alert}
        </Flash>
      )}
      <div className="approvals__row">
        <span className="approvals__icon" aria-hidden="true">
          {input.approved && input.approvedByIds.length > 0 ? (
            <CheckCircleIcon className="approvals__icon--approved" />
          ) : (
            <PersonIcon />
          )}
        </span>
        <div className="approvals__body">
          {action && (
            <Button
              size="small"
              variant={action.kind === 'approve' && action.category === 'primary' ? 'primary' : 'default'}
              loading={approve.isPending || revoke.isPending}
              onClick={onAction}
            >
              {action.text}
            </Button>
          )}
          <ApprovalsSummaryText summary={summary} data={data} />
          {why && (
            <details className="approvals__why">
              <summary>{why.linkText}</summary>
              <p>{why.popover}</p>
            </details>
          )}
          {override && <PolicyOverride override={override} />}
          {assign && (
            <Button size="small" variant="invisible" onClick={onAssignReviewers}>
              {assign}
            </Button>
          )}
        </div>
        {footer && (
          <IconButton
            icon={expanded ? ChevronDownIcon : ChevronRightIcon}
            aria-label={expanded ? 'Collapse approval rules' : 'Expand approval rules'}
            aria-expanded={expanded}
            variant="invisible"
            size="small"
            onClick={() => setExpanded(!expanded)}
          />
        )}
      </div>
      {invalid && (
        <p className="approvals__invalid">
          {invalid.parts.map((part, index) => (
            <span key={index} className={part.danger ? 'fgColor-danger' : undefined}>
              {part.text}
            </span>
          ))}
        </p>
      )}
      {summary.kind === 'optional' && settingsPath && <ApprovalsPromo settingsPath={settingsPath} />}
      {footer && expanded && <ApprovalRulesTable rules={mr.approvalState.rules} />}
      {modalOpen && (
        <ApprovalsAuthModal
          passwordError={passwordError}
          alert={alert}
          pending={approve.isPending}
          onApprove={(password) => submitApproval(password)}
          onClose={() => setModalOpen(false)}
        />
      )}
    </div>
  );
}

/** Which security policies enforce approval settings here, each linked to where it is edited. */
function PolicyOverride({ override }: { override: NonNullable<ReturnType<typeof policyOverride>> }) {
  return (
    <details className="approvals__why">
      <summary>
        <ShieldLockIcon size={16} /> {override.title}
      </summary>
      <p>{override.text}</p>
      <ul>
        {override.policies.map((policy) => (
          <li key={policy.name}>
            {policy.editPath ? <a href={policy.editPath}>{policy.name}</a> : policy.name}
            {': '}
            {policy.settings.join(', ')}
          </li>
        ))}
      </ul>
    </details>
  );
}

function ApprovalsSummaryText({
  summary,
  data,
}: {
  summary: ReturnType<typeof approvalsSummary>;
  data: ApprovalsData;
}) {
  switch (summary.kind) {
    case 'loading':
    case 'optional':
      return <span className="approvals__summary">{summary.text}</span>;
    case 'required':
      return (
        <span className="approvals__summary">
          {summary.approvalsLeftMessage && <strong>{summary.approvalsLeftMessage}</strong>}
          {summary.approvedByMessage && <span>{summary.approvedByMessage}</span>}
          <UserAvatars
            users={data.mergeRequest.approvedBy.nodes}
            size={APPROVAL_AVATAR_SIZES.approvalLists}
            label="Approved by"
          />
        </span>
      );
  }
}
