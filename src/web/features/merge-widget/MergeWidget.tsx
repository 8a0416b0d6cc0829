import { Banner, Flash, SkeletonBox } from '@primer/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { MergeRequestPage, PageMergeBody } from '../../../shared/api/mergeRequests';
import { preferredAutoMergeStrategy } from '../../../shared/auto-merge/autoMergeStrategy';
import { mergeErrorAlert } from '../../../shared/merge-widget/failedToMerge';
import { isRebaseOffered } from '../../../shared/merge-widget/mergeValidation';
import {
  AUTO_MERGE_FAILED,
  rebaseErrorMessage,
  rebaseScheduled,
  SOMETHING_WENT_WRONG,
  WIDGET_LOAD_FAILED,
} from '../../../shared/merge-widget/messages';
import { selectWidgetState } from '../../../shared/merge-widget/widgetState';
import { showMergeControls } from '../../../shared/merge-widget/widgetVisibility';
import { XCircleIcon } from '@primer/octicons-react';
import { showApprovalsSection } from '../../../shared/approvals';
import { BehindTargetRow } from './BehindTargetRow';
import { BlockingMergeRequestsReport } from './BlockingMergeRequestsReport';
import { MergeChecks } from './MergeChecks';
import { MergeWidgetApprovals } from './MergeWidgetApprovals';
import { PipelineSection } from './PipelineSection';
import { PostMergePipelineSection } from './PostMergePipelineSection';
import { PipelineSuggestionCard } from './PipelineSuggestionCard';
import { useMergeWidget, widgetKeys } from './queries';

import { RebaseButton } from './RebaseButton';
import { StatusChecksReport } from './StatusChecksReport';
import { ReadyToMergeForm } from './ReadyToMergeForm';
import { useMergeFlow } from './useMergeFlow';
import { widgetStateFacts } from './widgetFacts';
import { WidgetMainPanel } from './WidgetMainPanel';
import { showMergeChecks, widgetPanel } from './widgetPanel';
import { WidgetRow } from './WidgetRow';
import './merge-widget.css';
import { mergeRequestKeys } from '../../lib/mergeRequests';

type Props = { fullPath: string; mergeRequest: MergeRequestPage };
type Notice = { variant: 'success' | 'danger'; text: string };

/**
 * The merge request widget (spec 000): the state of the request and what can be done about it,
 * kept current by polling with ETags and by the page's merge status subscription.
 */
export function MergeWidget({ fullPath, mergeRequest: mr }: Props) {
  const { iid } = mr;
  const queryClient = useQueryClient();
  /**
   * The head the page showed when the viewer opened this tab: the page itself follows later pushes
   * live, but what the viewer reviewed does not move with it.
   */
  const [loadedHead] = useState(mr.sha);
  /** The head the viewer reviewed when it is not the loaded one: a refused stale merge, or our own rebase. */
  const [reviewedHead, setReviewedHead] = useState<string | null>(null);
  const [rebaseRequestedAt, setRebaseRequestedAt] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [dismissedError, setDismissedError] = useState<string | null>(null);
  /** The ready-to-merge panel shows: its merge state is polled by its own schedule (spec 000 §9). */
  const [readyToMergeShown, setReadyToMergeShown] = useState(false);
  const refreshAll = useCallback(
    () =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: widgetKeys.one(fullPath, iid) }),
        queryClient.invalidateQueries({ queryKey: mergeRequestKeys.all(fullPath) }),
      ]),
    [queryClient, fullPath, iid],
  );
  const flow = useMergeFlow(fullPath, iid, { onMerged: refreshAll, onShaMismatch: setReviewedHead });
  const { failure, clearFailure } = flow;
  const query = useMergeWidget(fullPath, iid, {
    paused: failure !== null,
    mergeStatePolling: readyToMergeShown || rebaseRequestedAt !== null,
  });
  const { refetch, dataUpdatedAt } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const cached = query.data?.cached.body;

  // A merge under way that an answer shows (someone else's too) is followed by the merge poll.
  const { follow } = flow;
  const answeredState = cached?.state;
  useEffect(() => {
    if (answeredState) follow(answeredState);
  }, [answeredState, follow]);

  // The page around the widget (header, tabs) follows a change of state, title or target that a
  // new widget answer shows: without a socket, the widget's polls are how the page hears of them.
  // Judged when the widget's answer changes, not the page's, so a page read ahead of the widget
  // is not read again.
  useEffect(() => {
    const pageKey = mergeRequestKeys.page(fullPath, iid);
    const page = queryClient.getQueryData<MergeRequestPage>(pageKey);
    if (!cached || !page) return;
    if (
      cached.state !== page.state ||
      cached.title !== page.title ||
      cached.target_branch !== page.target_branch
    )
      void queryClient.invalidateQueries({ queryKey: pageKey });
  }, [cached, queryClient, fullPath, iid]);

  // The page's own data (its head for the changes tab) follows a head the viewer now works from.
  useEffect(() => {
    if (reviewedHead) void queryClient.invalidateQueries({ queryKey: mergeRequestKeys.page(fullPath, iid) });
  }, [reviewedHead, queryClient, fullPath, iid]);

  // A rebase asked for here ends when a poll after the request no longer sees it running: its
  // failure is said, or its new head becomes the one the viewer merges.
  if (
    rebaseRequestedAt !== null &&
    cached &&
    dataUpdatedAt > rebaseRequestedAt &&
    !cached.rebase_in_progress
  ) {
    setRebaseRequestedAt(null);
    if (cached.merge_error) {
      // Said once, as the rebase's own failure, not again as the merge error alert.
      setNotice({ variant: 'danger', text: rebaseErrorMessage(cached.merge_error) });
      setDismissedError(cached.merge_error);
    } else setReviewedHead(cached.diff_head_sha);
  }

  const endFailure = useCallback(() => {
    clearFailure();
    refresh();
  }, [clearFailure, refresh]);

  if (query.isPending)
    return (
      <section aria-label="Merge" aria-busy="true" className="box mw-loading">
        <SkeletonBox height="56px" />
      </section>
    );
  // A widget that never loaded says so; a failed poll says so above the last answer, and polling goes on.
  if (!query.data || !cached) return <Flash variant="danger">{WIDGET_LOAD_FAILED}</Flash>;

  const widget = query.data.widget.body;
  const reviewedHeadSha = reviewedHead ?? loadedHead;
  const facts = widgetStateFacts(cached, widget, { mergeOngoing: flow.merging, reviewedHeadSha });
  const state = selectWidgetState(facts);
  const panel = widgetPanel({
    state,
    failedToMerge: failure !== null,
    autoMergeEnabled: cached.auto_merge_enabled,
  });
  if ((panel === 'readyToMerge') !== readyToMergeShown) setReadyToMergeShown(panel === 'readyToMerge');
  const open = cached.state === 'opened';
  const mergeError = open && failure === null ? cached.merge_error : null;
  const autoMergeFailed = mergeError === AUTO_MERGE_FAILED;
  const alert = mergeError && !autoMergeFailed && mergeError !== dismissedError ? mergeError : null;
  const rebaseOffered =
    open &&
    cached.source_branch_exists &&
    isRebaseOffered({
      divergedCommitsCount: cached.diverged_commits_count,
      canPushToSourceBranch: widget.current_user.can_push_to_source_branch,
    });
  const needsRebase = cached.mergeability_checks.some(
    (check) => check.identifier === 'NEED_REBASE' && check.status === 'FAILED',
  );
  const strategy = preferredAutoMergeStrategy(cached.available_auto_merge_strategies);

  const rebaseButton = (
    <RebaseButton
      fullPath={fullPath}
      iid={iid}
      rebasePath={widget.rebase_path}
      inProgress={cached.rebase_in_progress}
      onScheduled={() => {
        setNotice({ variant: 'success', text: rebaseScheduled(cached.source_branch) });
        setRebaseRequestedAt(Date.now());
        // A poll under way read the request before the rebase was scheduled: its answer would end
        // the rebase before it began (the old head taken as the one to merge), so it gives way.
        void refetch({ cancelRefetch: true });
      }}
      onFailed={(text) => setNotice({ variant: 'danger', text })}
    />
  );

  const startMerge = (body: Omit<PageMergeBody, 'sha'>) => {
    setNotice(null);
    flow.start(
      widget.merge_path,
      { ...body, sha: reviewedHeadSha ?? cached.diff_head_sha ?? '' },
      cached.remove_source_branch,
    );
  };

  return (
    <section aria-label="Merge" className="mw">
      {query.isError && (
        <Flash variant="danger" role="alert">
          {SOMETHING_WENT_WRONG}
        </Flash>
      )}
      {notice && (
        <Flash variant={notice.variant} role={notice.variant === 'success' ? 'status' : 'alert'}>
          {notice.text}
        </Flash>
      )}
      {alert && (
        <Banner
          variant="critical"
          title="Merge error"
          hideTitle
          description={mergeErrorAlert(alert, false).text}
          onDismiss={() => setDismissedError(alert)}
        />
      )}
      <PipelineSuggestionCard cached={cached} widget={widget} />
      {open && <PipelineSection cached={cached} onPipelineAction={refresh} />}
      {open && <BlockingMergeRequestsReport report={widget.blocking_merge_requests} />}
      {open && (
        <StatusChecksReport
          fullPath={fullPath}
          iid={iid}
          checks={cached.mergeability_checks}
          version={query.data.cached.etag}
        />
      )}
      <div className="box">
        {showApprovalsSection(state) && (
          <MergeWidgetApprovals
            fullPath={fullPath}
            iid={iid}
            version={query.data.cached.etag}
            onChanged={refresh}
          />
        )}
        {autoMergeFailed && (
          <WidgetRow icon={<XCircleIcon className="mw-icon--danger" />}>
            <span className="mw-title">{AUTO_MERGE_FAILED}</span>
          </WidgetRow>
        )}
        <WidgetMainPanel
          panel={panel}
          fullPath={fullPath}
          cached={cached}
          widget={widget}
          failureError={failure?.error ?? null}
          onRefresh={endFailure}
        />
        {open && showMergeChecks(panel) && (
          <MergeChecks
            checks={cached.mergeability_checks}
            canMerge={widget.current_user.can_merge}
            actionFor={(identifier) => identifier === 'NEED_REBASE' && rebaseOffered && rebaseButton}
          />
        )}
        {rebaseOffered && !needsRebase && panel === 'readyToMerge' && (
          <BehindTargetRow count={cached.diverged_commits_count}>{rebaseButton}</BehindTargetRow>
        )}
        {panel === 'readyToMerge' &&
          showMergeControls({
            canMerge: widget.current_user.can_merge,
            autoMergeEnabled: cached.auto_merge_enabled,
            state,
          }) && (
            <ReadyToMergeForm
              cached={cached}
              widget={widget}
              autoMergeStrategy={strategy}
              inFlight={flow.inFlight}
              onMerge={startMerge}
            />
          )}
      </div>
      <PostMergePipelineSection cached={cached} onPipelineAction={refresh} />
    </section>
  );
}
