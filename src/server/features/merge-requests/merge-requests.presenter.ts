import type {
  DiffVersion,
  MergeRequest,
  MergeRequestCommit,
  MergeRequestDetail,
  MergeRequestPage,
  MergeStatus,
  PageMergeResponse,
} from '../../../shared/api/mergeRequests';
import { isAutoMergeStrategy, type AutoMergeStrategy } from '../../../shared/auto-merge/autoMergeStrategy';
import { assertNever } from '../../../shared/lib/assertNever';
import { detailedMergeStatus } from '../../../shared/merge-requests/detailedMergeStatus';
import { squashIsReadonly, squashOnMerge } from '../../../shared/merge-requests/squashOption';
import { taskCompletionStatus } from '../../../shared/merge-requests/taskCompletion';
import type { Config } from '../../config';
import type { MarkdownWriter } from '../references/references.service';
import { presentUserBasic } from '../users/user.presenter';
import type { AutoMergeOutcome } from './merge.service';
import type { DiffCommitRow, DiffVersionRow, PersonRow } from './merge-requests.repo';
import type { MergeRequestView } from './merge-requests.service';
import type { ReviewerRow } from './reviewers.repo';
import type { MergeRequestReviewer } from '../../../shared/api/reviewers';
import { formatDuration } from '../../../shared/quick-actions/timeDuration';

type UrlConfig = Pick<Config, 'externalUrl'>;

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** GitLab's `merge_status` (REST) and `mergeStatus` (GraphQL): one of its three values. */
export const mergeStatusOf = (mr: MergeRequestView['mergeRequest']): MergeStatus =>
  mr.mergeStatus === 'can_be_merged' || mr.mergeStatus === 'cannot_be_merged' ? mr.mergeStatus : 'unchecked';

/** Whether a merge that states no squash choice squashes: the request's choice within the project's option. */
export const squashOnMergeOf = (view: MergeRequestView): boolean => {
  const squashes = squashOnMerge(view.settings.squashOption, undefined, view.mergeRequest.squash);
  return squashes.ok && squashes.squash;
};

/** The author's choice (`remove_source_branch`), or the project's default where none was made. */
export const forceRemoveSourceBranchOf = (
  view: Pick<MergeRequestView, 'mergeRequest' | 'settings'>,
): boolean => view.mergeRequest.shouldRemoveSourceBranch ?? view.settings.removeSourceBranchAfterMerge;

/** GitLab's `API::Entities::MergeRequest`, field for field; features this stage lacks answer empty. */
export function presentMergeRequest(view: MergeRequestView, config: UrlConfig): MergeRequest {
  const mr = view.mergeRequest;
  const user = (row: PersonRow | null) => (row ? presentUserBasic(row, config) : null);
  const mergeStatus = mergeStatusOf(mr);
  const reference = `!${mr.iid}`;
  const diff = view.latestDiff;
  const assignees = view.assignees.map((row) => presentUserBasic(row, config));
  return {
    id: mr.id,
    iid: mr.iid,
    project_id: mr.projectId,
    title: mr.title,
    description: mr.description,
    state: mr.state,
    created_at: mr.createdAt.toISOString(),
    updated_at: mr.updatedAt.toISOString(),
    merged_by: user(view.mergedBy),
    merge_user: user(view.mergedBy),
    merged_at: iso(mr.mergedAt),
    closed_by: user(view.closedBy),
    closed_at: iso(mr.closedAt),
    target_branch: mr.targetBranch,
    source_branch: mr.sourceBranch,
    user_notes_count: view.userNotesCount,
    upvotes: view.votes.upvotes,
    downvotes: view.votes.downvotes,
    author: user(view.author),
    assignees,
    assignee: assignees[0] ?? null,
    reviewers: view.reviewers.map((row) => presentUserBasic(row, config)),
    source_project_id: mr.sourceProjectId,
    target_project_id: mr.projectId,
    labels: view.labels.map((label) => label.title),
    draft: mr.draft,
    work_in_progress: mr.draft,
    milestone: null,
    merge_when_pipeline_succeeds: view.mergeRequest.autoMergeEnabled,
    merge_status: mergeStatus,
    detailed_merge_status: detailedMergeStatus(view.mergeability),
    sha: mr.headSha,
    merge_commit_sha: mr.mergeCommitSha,
    squash_commit_sha: mr.squashCommitSha,
    discussion_locked: mr.discussionLocked,
    should_remove_source_branch: mr.shouldRemoveSourceBranch,
    force_remove_source_branch: forceRemoveSourceBranchOf(view),
    reference,
    references: { short: reference, relative: reference, full: `${view.projectFullPath}${reference}` },
    web_url: `${config.externalUrl}/${view.projectFullPath}/-/merge_requests/${mr.iid}`,
    time_stats: {
      time_estimate: mr.timeEstimate,
      total_time_spent: 0,
      human_time_estimate: mr.timeEstimate > 0 ? formatDuration(mr.timeEstimate) : null,
      human_total_time_spent: null,
    },
    squash: mr.squash,
    squash_on_merge: squashOnMergeOf(view),
    task_completion_status: taskCompletionStatus(mr.description),
    has_conflicts: mergeStatus === 'cannot_be_merged',
    blocking_discussions_resolved: !view.mergeability.discussionsNotResolved,
    changes_count: diff ? String(diff.filesCount) : null,
    diff_refs: diff
      ? { base_sha: diff.baseCommitSha, head_sha: diff.headCommitSha, start_sha: diff.startCommitSha }
      : null,
    first_contribution: view.firstContribution,
  };
}

export type Permissions = {
  canUpdate: boolean;
  canReopen: boolean;
  canMerge: boolean;
  canRemoveSourceBranch: boolean;
  /**
   * The request's author may remove its source branch: a merge that states no choice carries out
   * the request's own (GitLab deletes it as the author), so the widget says so only when this holds.
   */
  authorCanRemoveSourceBranch: boolean;
};

/**
 * The single-request form: what the asking user may do, and with `render_html` (a `markdown`
 * writer for the reader) the rendered title and description.
 */
export function presentMergeRequestDetail(
  view: MergeRequestView & { permissions: Permissions },
  config: UrlConfig,
  markdown?: MarkdownWriter,
): MergeRequestDetail {
  return {
    ...presentMergeRequest(view, config),
    user: { can_merge: view.permissions.canMerge },
    // GitLab's single request shows its head pipeline twice: basic as `pipeline`, in full as `head_pipeline`.
    pipeline: view.headPipeline?.basic ?? null,
    head_pipeline: view.headPipeline?.entity ?? null,
    merge_error: view.mergeRequest.mergeError,
    ...(markdown ? renderedHtml(view, markdown) : {}),
  };
}

function renderedHtml(view: MergeRequestView, markdown: MarkdownWriter) {
  return {
    title_html: markdown.inline(view.mergeRequest.title),
    description_html: markdown.html(view.mergeRequest.description),
  };
}

/** What `title_html` and `description_html` render, for the reader's `MarkdownWriter`. */
export const markdownTextsOf = (view: MergeRequestView) => ({
  blocks: [view.mergeRequest.description],
  inlines: [view.mergeRequest.title],
});

/** The commit that landed: the merge commit, else the squash commit, else (fast-forward) the source head. */
export const landedCommitOf = (mr: MergeRequestView['mergeRequest']): string | null =>
  mr.state === 'merged' ? (mr.mergeCommitSha ?? mr.squashCommitSha ?? mr.headSha) : null;

/** The page's JSON: the REST detail with HTML, branch existence, the viewer's abilities and merge defaults. */
export function presentMergeRequestPage(
  view: MergeRequestView & { permissions: Permissions },
  config: UrlConfig,
  messages: { merge: string; squash: string } | null,
  markdown: MarkdownWriter,
): MergeRequestPage {
  const landed = landedCommitOf(view.mergeRequest);
  return {
    ...presentMergeRequestDetail(view, config),
    ...renderedHtml(view, markdown),
    lock_version: view.mergeRequest.lockVersion,
    source_branch_exists: view.sourceBranchExists,
    target_branch_exists: view.targetBranchExists,
    current_user: {
      can_update: view.permissions.canUpdate,
      can_reopen: view.permissions.canReopen,
      can_remove_source_branch: view.permissions.canRemoveSourceBranch,
    },
    squash_readonly: squashIsReadonly(view.settings.squashOption),
    ff_only_enabled: view.settings.mergeMethod === 'ff',
    default_merge_commit_message: messages?.merge ?? null,
    default_squash_commit_message: messages?.squash ?? null,
    merged_commit_sha: landed,
    short_merged_commit_sha: landed ? landed.slice(0, 8) : null,
    auto_merge_enabled: view.mergeRequest.autoMergeEnabled,
    auto_merge_strategy: autoMergeStrategyOf(view.mergeRequest.autoMergeStrategy),
    reviewer_states: presentReviewers(view.reviewers, config),
  };
}

/** GitLab's `MergeRequestReviewer` entity: the user, their review's state, when review was asked. */
export const presentReviewers = (reviewers: ReviewerRow[], config: UrlConfig): MergeRequestReviewer[] =>
  reviewers.map((row) => ({
    user: presentUserBasic(row, config),
    state: row.reviewState,
    created_at: row.requestedAt.toISOString(),
  }));

export function presentCommit(
  row: Omit<DiffCommitRow, 'mergeRequestDiffId' | 'relativeOrder'>,
  projectFullPath: string,
  config: UrlConfig,
): MergeRequestCommit {
  return {
    id: row.sha,
    short_id: row.sha.slice(0, 8),
    created_at: row.committedDate.toISOString(),
    // Diff commits are stored without their parents, as GitLab's are.
    parent_ids: [],
    title: row.title,
    message: row.message,
    author_name: row.authorName,
    author_email: row.authorEmail,
    authored_date: row.authoredDate.toISOString(),
    committer_name: row.committerName,
    committer_email: row.committerEmail,
    committed_date: row.committedDate.toISOString(),
    trailers: {},
    extended_trailers: {},
    web_url: `${config.externalUrl}/${projectFullPath}/-/commit/${row.sha}`,
  };
}

export function presentDiffVersion(row: DiffVersionRow): DiffVersion {
  return {
    id: row.id,
    head_commit_sha: row.headCommitSha,
    base_commit_sha: row.baseCommitSha,
    start_commit_sha: row.startCommitSha,
    created_at: row.createdAt.toISOString(),
    merge_request_id: row.mergeRequestId,
    state: 'collected',
    real_size: String(row.filesCount),
    patch_id_sha: null,
  };
}

/** The merge call's answer, as GitLab's merge request controller gives it. */
export function presentMergeCall(outcome: AutoMergeOutcome): PageMergeResponse {
  switch (outcome.kind) {
    case 'auto_merge_enabled':
      return { status: outcome.strategy };
    case 'merged':
      return { status: 'success' };
    case 'sha_mismatch':
      return { status: 'sha_mismatch' };
    // The widget follows the merge under way, as it follows its own.
    case 'being_merged':
      return { status: 'merging' };
    case 'not_mergeable':
    case 'refused':
    case 'failed':
      return { status: 'failed', merge_error: outcome.message };
    default:
      return assertNever(outcome);
  }
}

const autoMergeStrategyOf = (name: string | null): AutoMergeStrategy | null =>
  name !== null && isAutoMergeStrategy(name) ? name : null;
