import type { DetailedMergeStatus } from '../../../shared/api/mergeRequests';
import type { CachedWidget, Widget } from '../../../shared/api/mergeWidget';
import { preferredAutoMergeStrategy } from '../../../shared/auto-merge/autoMergeStrategy';
import { assertNever } from '../../../shared/lib/assertNever';
import type { MergeCheckIdentifier } from '../../../shared/merge-checks/mergeChecks';
import type { WidgetStateFacts } from '../../../shared/merge-widget/widgetState';

/**
 * REST's lower-case `detailed_merge_status` in the mergeability identifiers' spelling the state
 * rules read. `unchecked` is a check not run yet, so the widget says it is checking (as GitLab's
 * does); `broken_status` has no identifier of its own: the branch facts name the missing branch.
 */
export function widgetStatusIdentifier(status: DetailedMergeStatus): MergeCheckIdentifier | null {
  switch (status) {
    case 'unchecked':
    case 'checking':
      return 'CHECKING';
    case 'broken_status':
      return null;
    case 'not_open':
      return 'NOT_OPEN';
    case 'draft_status':
      return 'DRAFT_STATUS';
    case 'discussions_not_resolved':
      return 'DISCUSSIONS_NOT_RESOLVED';
    case 'commits_status':
      return 'COMMITS_STATUS';
    case 'ci_must_pass':
      return 'CI_MUST_PASS';
    case 'ci_still_running':
      return 'CI_STILL_RUNNING';
    case 'conflict':
      return 'CONFLICT';
    case 'need_rebase':
      return 'NEED_REBASE';
    case 'requested_changes':
      return 'REQUESTED_CHANGES';
    case 'approvals_syncing':
      return 'APPROVALS_SYNCING';
    case 'not_approved':
      return 'NOT_APPROVED';
    case 'merge_request_blocked':
      return 'BLOCKED_STATUS';
    case 'status_checks_must_pass':
      return 'EXTERNAL_STATUS_CHECKS';
    case 'title_regex':
      return 'TITLE_REGEX';
    case 'mergeable':
      return 'MERGEABLE';
    default:
      return assertNever(status);
  }
}

/**
 * What the state rules read, from the two widget answers and this page: a merge started here, and
 * the head the viewer reviewed (the page's own load), which a newer push makes stale.
 */
export function widgetStateFacts(
  cached: CachedWidget,
  widget: Widget,
  page: { mergeOngoing: boolean; reviewedHeadSha: string | null },
): WidgetStateFacts {
  return {
    state: cached.state,
    mergeOngoing: page.mergeOngoing,
    isGeoSecondaryNode: cached.is_geo_secondary_node,
    autoMergeEnabled: cached.auto_merge_enabled,
    preferredAutoMergeStrategy: preferredAutoMergeStrategy(cached.available_auto_merge_strategies),
    detailedMergeStatus: widgetStatusIdentifier(cached.detailed_merge_status),
    commitsCount: cached.commits_count,
    projectArchived: cached.project_archived,
    sourceBranchMissing: !cached.source_branch_exists,
    targetBranchMissing: !cached.target_branch_exists,
    canMerge: widget.current_user.can_merge,
    headShaDiffers:
      page.reviewedHeadSha !== null &&
      cached.diff_head_sha !== null &&
      page.reviewedHeadSha !== cached.diff_head_sha,
  };
}
