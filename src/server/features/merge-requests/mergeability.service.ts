import type { LabelsService } from '../labels/labels.service';
import type { Actor } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { listBranches } from '../../git/branches';
import { mergeTree } from '../../git/merge';
import { branchHeads, isAncestor } from '../../git/repository';
import type { AppProcesses } from '../../jobs/app-processes';
import type { EventBus } from '../../realtime/bus';
import type { AwardEmojiService } from '../award-emoji/award-emoji.service';
import type { DiscussionFacts } from '../notes/discussion-facts.service';
import { readsInternalNotesIn } from '../notes/noteables';
import type { SystemNotesService } from '../notes/system-notes.service';
import type { ProjectContext, ProjectsService } from '../projects/projects.service';
import type { ProtectedBranchesService } from '../protected-branches/protected-branches.service';
import { dependencyStates } from './blocks.repo';
import { requestsWithChangesRequested } from './reviewers.repo';
import { mayMergeWith, permissionsOf } from './merge-permissions';
import {
  findMergeRequestRecord,
  storeMergeStatus,
  type MergeRequestRecord,
  type MergeRequestRow,
  type AuthorAccess,
  type PersonRow,
} from './merge-requests.repo';
import { createMergeSettlement } from './merge-settlement';
import {
  mergeabilityOf,
  needsLinearHistory,
  NO_VOTES,
  titleRegexOf,
  type BranchHeads,
  type CheckedMergeRequest,
  type HeadPipeline,
  type MergeRequestView,
  type Requirements,
} from './mergeability-facts';

export type { BranchHeads, CheckedMergeRequest, HeadPipeline, MergeRequestView } from './mergeability-facts';

/** A request's record as read for one actor, with the author's access (for their branch removal). */
type FoundRecord = MergeRequestRecord & { authorAccess: AuthorAccess };

/** External status checks, a feature above this one: it plugs in where the checks read their states. */
export type StatusCheckStates = (
  requests: MergeRequestRow[],
) => Promise<Map<number, Requirements['statusChecks']>>;

/**
 * Approvals, a feature above this one: it plugs in where the checks read whether each open request
 * is approved; a request it leaves out needs no approval (its NOT_APPROVED check is inactive).
 */
export type ApprovalCheckStates = (
  requests: Array<Pick<MergeRequestRecord, 'mergeRequest' | 'latestDiff'>>,
) => Promise<Map<number, Requirements['approvals']>>;

/**
 * Pipelines, a feature above this one: it plugs in where the checks read each request's head
 * pipeline (the latest of its source branch at its head commit), by request id.
 */
export type HeadPipelines = (
  requests: Array<
    Pick<MergeRequestRow, 'id' | 'projectId' | 'sourceBranch' | 'headSha'> & {
      projectFullPath: string;
    }
  >,
) => Promise<Map<number, HeadPipeline>>;

type Deps = {
  db: Db;
  clock: Clock;
  bus: EventBus;
  projects: Pick<ProjectsService, 'gitDirOf'>;
  protectedBranches: Pick<ProtectedBranchesService, 'protectionResolver'>;
  systemNotes: Pick<SystemNotesService, 'record' | 'announce'>;
  discussions: Pick<DiscussionFacts, 'unresolvedCount' | 'userNotesCounts'>;
  awardEmoji: Pick<AwardEmojiService, 'votesOf'>;
  labels: Pick<LabelsService, 'labelsOn'>;
  /** Which app processes are gone, to settle the merges they left (jobs/app-processes.ts). */
  processes: Pick<AppProcesses, 'gone'>;
};

/**
 * Mergeability: what decides whether a request may merge (branches, a merge of the heads in
 * memory, rebase, threads, dependencies, status checks, title), the permissions of who asks,
 * and the settling of merges cut short. Every caller of the merge checks reads them from here.
 */
export function createMergeabilityService({
  db,
  clock,
  bus,
  projects,
  protectedBranches,
  systemNotes,
  discussions,
  awardEmoji,
  labels,
  processes,
}: Deps) {
  /** No status checks until their feature plugs in (see statusChecksFrom). */
  let statusCheckStates: StatusCheckStates = async () => new Map();

  /** The hook through which external status checks give their states to the merge checks. */
  function statusChecksFrom(states: StatusCheckStates): void {
    statusCheckStates = states;
  }

  /** No approvals needed until their feature plugs in (see approvalsFrom). */
  let approvalCheckStates: ApprovalCheckStates = async () => new Map();

  /** The hook through which approvals give the NOT_APPROVED check its state. */
  function approvalsFrom(states: ApprovalCheckStates): void {
    approvalCheckStates = states;
  }

  /** No pipelines until their feature plugs in (see headPipelinesFrom). */
  let headPipelines: HeadPipelines = async () => new Map();

  /** The hook through which pipelines give each request's head pipeline to the checks and answers. */
  function headPipelinesFrom(reader: HeadPipelines): void {
    headPipelines = reader;
  }

  /** Only where the project requires every thread resolved, and only an open request asks. */
  async function hasBlockingThreads(record: MergeRequestRecord): Promise<boolean> {
    const mr = record.mergeRequest;
    if (!record.settings.onlyAllowMergeIfAllDiscussionsAreResolved || mr.state !== 'opened') return false;
    return (await discussions.unresolvedCount('MergeRequest', mr.id)) > 0;
  }

  /** Dependencies, status checks and head pipelines of a page of requests, a few queries for all of them. */
  async function requirementsOf(records: MergeRequestRecord[]) {
    const rows = records.map((record) => record.mergeRequest);
    const ids = rows.map((mr) => mr.id);
    const [dependencies, checks, pipelines, approvals, changesRequested] = await Promise.all([
      dependencyStates(db, ids),
      statusCheckStates(rows),
      headPipelines(
        records.map((record) => ({ ...record.mergeRequest, projectFullPath: record.projectFullPath })),
      ),
      approvalCheckStates(records),
      requestsWithChangesRequested(db, ids),
    ]);
    return (record: MergeRequestRecord): Requirements => ({
      dependencies: dependencies.get(record.mergeRequest.id) ?? 'none',
      statusChecks: checks.get(record.mergeRequest.id) ?? 'none',
      titleRegex: titleRegexOf(record),
      approvals: approvals.get(record.mergeRequest.id) ?? 'inactive',
      requestedChanges: changesRequested.has(record.mergeRequest.id),
      headPipeline: pipelines.get(record.mergeRequest.id) ?? null,
    });
  }

  /** The request's source and target heads, as its checks compare them. */
  function headsOf(ctx: ProjectContext, mr: MergeRequestRow): Promise<BranchHeads> {
    // Stored names were checked as branch names when they were saved.
    return branchHeads(ctx.gitDir, [mr.sourceBranch, mr.targetBranch] as const);
  }

  /**
   * Adds branch existence, computes a merge status that is still `unchecked` (a push moved a
   * branch) with an in-memory merge of the target head and the request's head, and for
   * fast-forward and semi-linear projects whether the source must be rebased first.
   */
  async function withMergeability(
    actor: Actor,
    ctx: ProjectContext,
    found: MergeRequestRecord,
    headsBeingRead?: Promise<BranchHeads>,
  ): Promise<CheckedMergeRequest> {
    const record = await settleStuckMerge(ctx, found);
    const mr = record.mergeRequest;
    // The database's facts are read while git reads the heads: none of them depends on the other.
    const [[sourceHead, targetHead], openThreads, requirements] = await Promise.all([
      headsBeingRead ?? headsOf(ctx, mr),
      hasBlockingThreads(record),
      requirementsOf([record]),
    ]);
    const branches = { sourceBranchExists: sourceHead !== null, targetBranchExists: targetHead !== null };
    const open = mr.state === 'opened' && sourceHead !== null && targetHead !== null;
    const head = mr.headSha ?? sourceHead;
    const needsRebase =
      open && head !== null && needsLinearHistory(record.settings)
        ? !(await isAncestor(ctx.gitDir, targetHead, head))
        : false;
    let checked = record;
    const required = requirements(record);
    if (open && head !== null && mr.mergeStatus === 'unchecked') {
      const merged = await mergeTree(ctx.gitDir, targetHead, head);
      const status = merged.clean ? 'can_be_merged' : 'cannot_be_merged';
      await storeMergeStatus(db, mr.id, mr.lockVersion, status);
      checked = { ...record, mergeRequest: { ...mr, mergeStatus: status } };
    }
    return {
      ...checked,
      ...branches,
      sourceHead,
      targetHead,
      mergeability: mergeabilityOf(checked, branches, { needsRebase, openThreads, ...required }),
      headPipeline: required.headPipeline,
    };
  }

  const settlement = createMergeSettlement({ db, clock, bus, processes, systemNotes });

  /**
   * A merge cut short keeps its request `locked`. Once it is over (its process is gone, or it is
   * stuck), the repository decides whether it was merged (merge-settlement.ts).
   */
  async function settleStuckMerge(
    ctx: ProjectContext,
    record: MergeRequestRecord,
  ): Promise<MergeRequestRecord> {
    if (record.mergeRequest.state !== 'locked') return record;
    if ((await settlement.settle(ctx.gitDir, record)) === 'not_over') return record;
    return (await findMergeRequestRecord(db, ctx.project.id, record.mergeRequest.iid)) ?? record;
  }

  /** At start: settles every merge a process that is gone left `locked` (merge-settlement.ts). */
  function settleInterruptedMerges(): Promise<number> {
    return settlement.settleInterrupted(projects.gitDirOf, (projectId, iid) =>
      findMergeRequestRecord(db, projectId, iid),
    );
  }

  /**
   * Lists read branch heads with one `for-each-ref` per project and keep stored merge statuses;
   * open requests of fast-forward and semi-linear projects ask git whether they need a rebase.
   */
  async function viewsOf(
    records: MergeRequestRecord[],
    includeInternal: boolean,
  ): Promise<MergeRequestView[]> {
    const branchesByProject = new Map<number, Promise<Map<string, string>>>();
    const branchesOf = (projectId: number) => {
      let branches = branchesByProject.get(projectId);
      if (!branches) {
        branches = listBranches(projects.gitDirOf(projectId)).then(
          (list) => new Map(list.map((b) => [b.name, b.sha])),
        );
        branchesByProject.set(projectId, branches);
      }
      return branches;
    };
    const ids = records.map((record) => record.mergeRequest.id);
    const [votes, notesCounts, requirements, labelsOf] = await Promise.all([
      awardEmoji.votesOf('MergeRequest', ids),
      discussions.userNotesCounts('MergeRequest', ids, includeInternal),
      requirementsOf(records),
      labels.labelsOn('MergeRequest', ids),
    ]);
    return Promise.all(
      records.map(async (record) => {
        const mr = record.mergeRequest;
        const heads = await branchesOf(mr.projectId);
        const sourceHead = heads.get(mr.sourceBranch);
        const targetHead = heads.get(mr.targetBranch);
        const branches = {
          sourceBranchExists: sourceHead !== undefined,
          targetBranchExists: targetHead !== undefined,
        };
        const head = mr.headSha ?? sourceHead;
        const needsRebase =
          mr.state === 'opened' && needsLinearHistory(record.settings) && head && targetHead
            ? !(await isAncestor(projects.gitDirOf(mr.projectId), targetHead, head))
            : false;
        const openThreads = await hasBlockingThreads(record);
        const required = requirements(record);
        return {
          ...record,
          ...branches,
          sourceHead: sourceHead ?? null,
          targetHead: targetHead ?? null,
          mergeability: mergeabilityOf(record, branches, { needsRebase, openThreads, ...required }),
          headPipeline: required.headPipeline,
          votes: votes.get(mr.id) ?? NO_VOTES,
          userNotesCount: notesCounts.get(mr.id) ?? 0,
          labels: labelsOf.get(mr.id) ?? [],
        };
      }),
    );
  }

  /**
   * The detail of a request whose record the caller has read, with the heads if it has started
   * reading them (a merge writes its commits meanwhile: see merge.service).
   */
  async function detailOf(
    actor: Actor,
    ctx: ProjectContext,
    record: FoundRecord,
    headsBeingRead?: Promise<BranchHeads>,
  ) {
    const [checked, shown] = await Promise.all([
      checkedWithPermissions(actor, ctx, record, headsBeingRead),
      shownFacts(actor, ctx, record.mergeRequest.id),
    ]);
    return { ...checked, ...shown };
  }

  /** The request checked, with the actor's permissions: all that checks, merges and the widget need. */
  async function checkedWithPermissions(
    actor: Actor,
    ctx: ProjectContext,
    record: FoundRecord,
    headsBeingRead?: Promise<BranchHeads>,
  ) {
    // The project's branch rules are read once, alongside the mergeability, for both permissions.
    const [view, protections] = await Promise.all([
      withMergeability(actor, ctx, record, headsBeingRead),
      protectedBranches.protectionResolver(ctx.project.id),
    ]);
    return { ...view, permissions: permissionsOf(actor, ctx, view, protections, record.authorAccess) };
  }

  /** What the entity shows beyond the checks: thumbs up and down, and the comments the actor may read. */
  async function shownFacts(actor: Actor, ctx: ProjectContext, id: number) {
    const [votes, notesCounts, labelsOf] = await Promise.all([
      awardEmoji.votesOf('MergeRequest', [id]),
      discussions.userNotesCounts('MergeRequest', [id], readsInternalNotesIn(actor, ctx, 'MergeRequest')),
      labels.labelsOn('MergeRequest', [id]),
    ]);
    return {
      votes: votes.get(id) ?? NO_VOTES,
      userNotesCount: notesCounts.get(id) ?? 0,
      labels: labelsOf.get(id) ?? [],
    };
  }

  type Detail = Awaited<ReturnType<typeof detailOf>>;

  /**
   * The detail of a request a merge just landed, from what the merge read and wrote: the merged
   * row, the branches as the merge left them. What a merge does not change (people, votes,
   * dependencies, status checks) is as it was read before it.
   */
  function mergedDetail(
    before: Detail,
    merged: MergeRequestRow,
    mergedBy: PersonRow,
    heads: { source: string | null; target: string },
  ): Detail {
    // The author's first contribution counts itself once merged, as the stored query does.
    const record = { ...before, mergeRequest: merged, mergedBy, firstContribution: false };
    const branches = { sourceBranchExists: heads.source !== null, targetBranchExists: true };
    const { dependencies, statusChecks, titleRegex, approvals, requestedChanges } = before.mergeability;
    const { headPipeline } = before;
    return {
      ...record,
      ...branches,
      sourceHead: heads.source,
      targetHead: heads.target,
      mergeability: mergeabilityOf(record, branches, {
        needsRebase: false,
        openThreads: false,
        dependencies,
        statusChecks,
        titleRegex,
        approvals,
        requestedChanges,
        headPipeline,
      }),
      headPipeline,
      permissions: {
        ...before.permissions,
        canReopen: false,
        canMerge: false,
        canRemoveSourceBranch: heads.source !== null && before.permissions.canRemoveSourceBranch,
        authorCanRemoveSourceBranch: heads.source !== null && before.permissions.authorCanRemoveSourceBranch,
      },
    };
  }

  async function mayMergeInto(actor: Actor, ctx: ProjectContext, targetBranch: string): Promise<boolean> {
    return mayMergeWith(actor, ctx, await protectedBranches.protectionResolver(ctx.project.id), targetBranch);
  }

  return {
    statusChecksFrom,
    approvalsFrom,
    headPipelinesFrom,
    headsOf,
    withMergeability,
    settleStuckMerge,
    settleInterruptedMerges,
    viewsOf,
    checkedWithPermissions,
    detailOf,
    shownFacts,
    mayMergeInto,
    mergedDetail,
  };
}

export type MergeabilityService = ReturnType<typeof createMergeabilityService>;
