import type {
  BlockingMergeRequests,
  CachedWidget,
  Widget,
  WidgetPipeline,
} from '../../../shared/api/mergeWidget';
import { SUGGEST_PIPELINE, USER_CALLOUTS_PATH } from '../../../shared/api/userCallouts';
import { isAutoMergeStrategy, type AutoMergeStrategy } from '../../../shared/auto-merge/autoMergeStrategy';
import { mergeabilityChecks } from '../../../shared/merge-checks/mergeabilityChecks';
import { detailedMergeStatus } from '../../../shared/merge-requests/detailedMergeStatus';
import { removesSourceBranchOnMerge } from '../../../shared/merge-requests/sourceBranchRemoval';
import { squashIsReadonly } from '../../../shared/merge-requests/squashOption';
import type { Config } from '../../config';
import { presentUserBasic } from '../users/user.presenter';
import type { PersonRow } from './merge-requests.repo';
import { forceRemoveSourceBranchOf, landedCommitOf, type Permissions } from './merge-requests.presenter';
import type { CheckedMergeRequest, MergeRequestView } from './merge-requests.service';
import type { HeadPipeline } from './mergeability-facts';
import { autoMergeRemovesSourceBranch, isWaitable } from '../../../shared/auto-merge/autoMergeRules';
import { availableAutoMergeStrategies } from '../../../shared/merge-trains/mergeTrains';
import { pipelineDetailedStatus, type CiStatus } from '../../../shared/ci';
import { pipelineEventTypeName } from '../../../shared/ci/views/pipelineTypes';

type UrlConfig = Pick<Config, 'externalUrl'>;

export type WidgetFacts = {
  view: CheckedMergeRequest & { permissions: Permissions };
  archived: boolean;
  geoSecondary: boolean;
  divergedCommitsCount: number;
  rebaseInProgress: boolean;
  /** The project's merge train setting and where the request stands on its target branch's train. */
  mergeTrain: {
    enabled: boolean;
    skipTrainAllowed: boolean;
    index: number | null;
    count: number;
    pipeline: { id: number; status: string } | null;
  };
};

const person = (row: PersonRow | null, config: UrlConfig) => {
  if (!row) return null;
  const { id, username, name, web_url } = presentUserBasic(row, config);
  return { id, username, name, web_url };
};

const strategyOf = (name: string | null): AutoMergeStrategy | null =>
  name !== null && isAutoMergeStrategy(name) ? name : null;

/** The head pipeline for the widget's pipeline section: status, stages, commit, finish time. */
function presentWidgetPipeline(head: HeadPipeline, projectFullPath: string): WidgetPipeline {
  const { entity } = head;
  const eventType = head.mergeRequestEventType ?? null;
  return {
    id: entity.id,
    path: `/${projectFullPath}/-/pipelines/${entity.id}`,
    details: {
      status: entity.detailed_status,
      event_type_name: pipelineEventTypeName(eventType),
      stages: head.stages,
      finished_at: entity.finished_at,
    },
    commit: { short_id: entity.sha.slice(0, 8), commit_path: `/${projectFullPath}/-/commit/${entity.sha}` },
    merge_request_event_type: eventType,
    flags: { merge_train_pipeline: eventType === 'merge_train' },
    ref: { branch: head.branch },
    coverage: entity.coverage,
    triggered_by: head.triggeredBy ?? null,
    triggered: head.triggered ?? [],
  };
}

export function presentCachedWidget(facts: WidgetFacts, config: UrlConfig): CachedWidget {
  const { view } = facts;
  const mr = view.mergeRequest;
  const status = detailedMergeStatus(view.mergeability);
  const landed = landedCommitOf(mr);
  const mergeStatus = view.mergeability.mergeStatus;
  return {
    id: mr.id,
    iid: mr.iid,
    title: mr.title,
    state: mr.state,
    source_branch: mr.sourceBranch,
    target_branch: mr.targetBranch,
    source_branch_exists: view.sourceBranchExists,
    target_branch_exists: view.targetBranchExists,
    source_branch_removed: mr.state === 'merged' && !view.sourceBranchExists,
    target_project_full_path: view.projectFullPath,
    project_archived: facts.archived,
    is_geo_secondary_node: facts.geoSecondary,
    merge_status: mergeStatus,
    detailed_merge_status: status,
    mergeability_checks: mergeabilityChecks({
      ...view.mergeability,
      discussionsMustBeResolved: view.settings.onlyAllowMergeIfAllDiscussionsAreResolved,
    }),
    merge_error: mr.mergeError,
    diff_head_sha: mr.headSha,
    commits_count: view.latestDiff?.commitsCount ?? 0,
    diverged_commits_count: facts.divergedCommitsCount,
    ff_only_enabled: view.settings.mergeMethod === 'ff',
    ff_merge_possible: !view.mergeability.needsRebase,
    squash: mr.squash,
    squash_readonly: squashIsReadonly(view.settings.squashOption),
    squash_on_merge: view.settings.squashOption === 'always' || view.settings.squashOption === 'default_on',
    // As GitLab's, a set auto-merge's choice (its merge params) is what the widget shows.
    should_remove_source_branch: autoMergeRemovesSourceBranch(mr),
    force_remove_source_branch: forceRemoveSourceBranchOf(view),
    remove_source_branch: removesSourceBranchOnMerge({
      mergerChoice: undefined,
      requestChoice: mr.shouldRemoveSourceBranch,
      projectDefault: view.settings.removeSourceBranchAfterMerge,
      mergerMayRemove: false,
      authorMayRemove: view.permissions.authorCanRemoveSourceBranch,
    }),
    retargeted: mr.retargeted,
    auto_merge_enabled: mr.autoMergeEnabled,
    auto_merge_strategy: strategyOf(mr.autoMergeStrategy),
    available_auto_merge_strategies: availableAutoMergeStrategies({
      open: mr.state === 'opened',
      mergeTrainsEnabled: facts.mergeTrain.enabled,
      mergeable: status === 'mergeable',
      waitable: isWaitable(status),
    }),
    merge_trains_count: facts.mergeTrain.count,
    merge_train_index: facts.mergeTrain.index,
    merge_train_pipeline: trainPipeline(facts.view.projectFullPath, facts.mergeTrain.pipeline),
    merge_trains_skip_allowed: facts.mergeTrain.enabled && facts.mergeTrain.skipTrainAllowed,
    rebase_in_progress: facts.rebaseInProgress,
    only_allow_merge_if_pipeline_succeeds: view.settings.onlyAllowMergeIfPipelineSucceeds,
    has_ci: view.headPipeline !== null,
    pipeline: view.headPipeline && presentWidgetPipeline(view.headPipeline, view.projectFullPath),
    merge_commit_sha: mr.mergeCommitSha,
    squash_commit_sha: mr.squashCommitSha,
    merged_commit_sha: landed,
    short_merged_commit_sha: landed ? landed.slice(0, 8) : null,
    metrics: {
      merged_by: person(view.mergedBy, config),
      merged_at: mr.mergedAt?.toISOString() ?? null,
      closed_by: person(view.closedBy, config),
      closed_at: mr.closedAt?.toISOString() ?? null,
    },
  };
}

/** The blocking merge requests report: GitLab groups the visible blockers by state. */
export function presentBlockingMergeRequests(
  report: { visible: MergeRequestView[]; hiddenCount: number; totalCount: number },
  blockedProjectPath: string,
  config: UrlConfig,
): BlockingMergeRequests {
  // A request being merged (`locked`) is still open as far as its dependents are concerned.
  const groupOf = (state: string) => (state === 'locked' ? 'opened' : state);
  const inState = (state: 'opened' | 'closed' | 'merged') =>
    report.visible
      .filter((view) => groupOf(view.mergeRequest.state) === state)
      .map((view) => {
        const mr = view.mergeRequest;
        const sameProject = view.projectFullPath === blockedProjectPath;
        return {
          id: mr.id,
          iid: mr.iid,
          title: mr.title,
          state: mr.state,
          reference: sameProject ? `!${mr.iid}` : `${view.projectFullPath}!${mr.iid}`,
          web_url: `${config.externalUrl}/${view.projectFullPath}/-/merge_requests/${mr.iid}`,
        };
      });
  return {
    total_count: report.totalCount,
    hidden_count: report.hiddenCount,
    visible_merge_requests: {
      opened: inState('opened'),
      closed: inState('closed'),
      merged: inState('merged'),
    },
  };
}

export function presentWidget(
  view: CheckedMergeRequest & { permissions: Permissions },
  abilities: { canPushToSourceBranch: boolean; canCancelAutomaticMerge: boolean; canPushCode: boolean },
  messages: { merge: string; squash: string } | null,
  blockingMergeRequests: BlockingMergeRequests,
  pipelineSuggestion: { addCiConfigPath: string | null; dismissed: boolean },
): Widget {
  const base = `/${view.projectFullPath}/-/merge_requests/${view.mergeRequest.iid}`;
  return {
    current_user: {
      can_merge: view.permissions.canMerge,
      can_remove_source_branch: view.permissions.canRemoveSourceBranch,
      can_push_to_source_branch: abilities.canPushToSourceBranch,
      can_cancel_automatic_merge: abilities.canCancelAutomaticMerge,
      can_reopen: view.permissions.canReopen,
      can_revert_on_current_merge_request: abilities.canPushCode && view.mergeRequest.state === 'merged',
      can_cherry_pick_on_current_merge_request: abilities.canPushCode && view.mergeRequest.state === 'merged',
    },
    default_merge_commit_message: messages?.merge ?? null,
    default_squash_commit_message: messages?.squash ?? null,
    merge_path: `${base}/merge`,
    rebase_path: `${base}/rebase`,
    cancel_auto_merge_path: `${base}/cancel_auto_merge`,
    blocking_merge_requests: blockingMergeRequests,
    merge_request_add_ci_config_path: pipelineSuggestion.addCiConfigPath,
    user_callouts_path: USER_CALLOUTS_PATH,
    suggest_pipeline_feature_id: SUGGEST_PIPELINE,
    is_dismissed_suggest_pipeline: pipelineSuggestion.dismissed,
    ci_integration_jenkins: false,
  };
}

/** A car's merge train pipeline as the widget links it, with GitLab's status. */
function trainPipeline(fullPath: string, pipeline: { id: number; status: string } | null) {
  if (!pipeline) return null;
  const path = `/${fullPath}/-/pipelines/${pipeline.id}`;
  return {
    id: pipeline.id,
    path,
    status: pipelineDetailedStatus(
      { status: pipeline.status as CiStatus, warnings: false },
      { basePath: `/${fullPath}`, pipelinePath: path },
    ),
  };
}
