import type { LinkedPipeline } from '../../../shared/api/mergeWidget';
import type { MergeRequestEventType } from '../../../shared/ci/views/pipelineTypes';
import type { Pipeline, PipelineBasic } from '../../../shared/api/pipelines';
import type { CiStatus, StageStatus } from '../../../shared/ci';
import { pipelineCheck } from '../../../shared/merge-checks/pipelineCheck';
import type { LabelRow } from '../labels/labels.service';
import type { MergeabilityFacts } from '../../../shared/merge-requests/detailedMergeStatus';
import { titleMatchesRegex } from '../../../shared/merge-checks/titleRegex';
import type { MergeRequestRecord, MergeSettings } from './merge-requests.repo';

/** A request's source and target branch heads, null where a branch does not exist. */
export type BranchHeads = readonly [source: string | null, target: string | null];

/**
 * A merge request as one actor sees it for deciding: the record, whether its branches exist, what
 * decides its mergeability. What checks, merges and the widget need.
 */
export type CheckedMergeRequest = MergeRequestRecord & {
  sourceBranchExists: boolean;
  targetBranchExists: boolean;
  /** The branch heads the view was computed from (null: no such branch), so a merge need not read them again. */
  sourceHead: string | null;
  targetHead: string | null;
  mergeability: MergeabilityFacts;
  /** The head pipeline (GitLab's `head_pipeline`), when one ran for the source branch at the head. */
  headPipeline: HeadPipeline | null;
};

/** A request's head pipeline, as the pipelines feature gives it: its status, and its REST entities. */
export type HeadPipeline = {
  status: CiStatus;
  /** GitLab's `event_type_name`: Pipeline, or the kind of merge request pipeline it is. */
  eventTypeName: string;
  /** The branch it ran for (a merge request pipeline's ref is the request's, not a branch). */
  branch: string;
  basic: PipelineBasic;
  entity: Pipeline;
  stages: StageStatus[];
  /** Its kind of merge request pipeline, where the pipelines feature knows one (none for a branch pipeline). */
  mergeRequestEventType?: MergeRequestEventType | null;
  /** The pipelines linked to it, where the pipelines feature knows them (the mini graph's up- and downstream). */
  triggeredBy?: LinkedPipeline | null;
  triggered?: LinkedPipeline[];
};

/** A checked request with what its entity shows besides (GitLab's merge request JSON). */
export type MergeRequestView = CheckedMergeRequest & {
  /** Thumbs up and down (GitLab's `upvotes`, `downvotes`), counted by the award emoji service. */
  votes: Votes;
  /** Comments (GitLab's `user_notes_count`), internal ones only for those who may read them. */
  userNotesCount: number;
  /** Its labels, by title (the labels feature keeps them). */
  labels: LabelRow[];
};

export type Votes = { upvotes: number; downvotes: number };
export const NO_VOTES: Votes = { upvotes: 0, downvotes: 0 };

/** Whether a request's source must contain its target head before it may merge. */
export const needsLinearHistory = (settings: MergeSettings) => settings.mergeMethod !== 'merge';

/**
 * What the project and other records require beyond git and threads: dependencies, status checks,
 * title format, approvals, no change request outstanding.
 */
export type Requirements = Pick<
  MergeabilityFacts,
  'dependencies' | 'statusChecks' | 'titleRegex' | 'approvals' | 'requestedChanges'
> & {
  headPipeline: HeadPipeline | null;
};

/** The facts the ordered merge checks read (shared/merge-requests/detailedMergeStatus). */
export function mergeabilityOf(
  record: MergeRequestRecord,
  branches: { sourceBranchExists: boolean; targetBranchExists: boolean },
  checks: { needsRebase: boolean; openThreads: boolean } & Requirements,
): MergeabilityFacts {
  const mr = record.mergeRequest;
  return {
    state: mr.state,
    draft: mr.draft,
    mergeStatus:
      mr.mergeStatus === 'can_be_merged' || mr.mergeStatus === 'cannot_be_merged'
        ? mr.mergeStatus
        : 'unchecked',
    ...branches,
    hasCommits: (record.latestDiff?.commitsCount ?? 0) > 0,
    pipeline: pipelineCheck({
      pipelineMustSucceed: record.settings.onlyAllowMergeIfPipelineSucceeds,
      skippedIsSuccess: record.settings.allowMergeOnSkippedPipeline,
      headPipeline: checks.headPipeline?.status ?? null,
    }),
    needsRebase: checks.needsRebase,
    discussionsNotResolved: checks.openThreads,
    dependencies: checks.dependencies,
    statusChecks: checks.statusChecks,
    titleRegex: checks.titleRegex,
    approvals: checks.approvals,
    requestedChanges: checks.requestedChanges,
  };
}

/** Whether the title matches the project's required format. */
export function titleRegexOf(record: MergeRequestRecord): Requirements['titleRegex'] {
  const pattern = record.settings.mergeRequestTitleRegex;
  if (!pattern) return 'unset';
  return titleMatchesRegex(pattern, record.mergeRequest.title) ? 'matches' : 'fails';
}
