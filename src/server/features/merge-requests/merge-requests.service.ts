import {
  createMergeRequestBodySchema,
  MAX_TITLE_LENGTH,
  updateMergeRequestBodySchema,
  type CreateMergeRequestBody,
  type ListMergeRequestsQuery,
  type ListUserMergeRequestsQuery,
  type UpdateMergeRequestBody,
} from '../../../shared/api/mergeRequests';
import type { MergeabilityFacts } from '../../../shared/merge-requests/detailedMergeStatus';
import { draftTitle, draftlessTitle, isDraftTitle } from '../../../shared/merge-requests/draftTitle';
import { titleMatchesRegex } from '../../../shared/merge-checks/titleRegex';
import { squashByDefault } from '../../../shared/merge-requests/squashOption';
import type { CurrentUser } from '../../auth/current-user';
import { can, type Action, type Actor, type Subject } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import {
  type AppError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnprocessableError,
} from '../../errors';
import { listBranches } from '../../git/branches';
import { countCommitsBetween, listCommits } from '../../git/commits';
import { countChangedFiles, diffCommits, type DiffResult } from '../../git/diff';
import { mergeTree } from '../../git/merge';
import {
  ZERO_SHA,
  branchHeads,
  branchRef,
  isAncestor,
  isValidBranchName,
  mergeBase,
  resolveCommit,
} from '../../git/repository';
import type { EventBus } from '../../realtime/bus';
import { nextInternalId } from '../projects/projects.repo';
import { projectSubject, type ProjectContext, type ProjectsService } from '../projects/projects.service';
import type { ProtectedBranchesService } from '../protected-branches/protected-branches.service';
import type { NoteRow } from '../notes/notes.repo';
import {
  commitsAddedText,
  draftText,
  lockedText,
  targetBranchChangedText,
  targetBranchDeletedText,
  taskStatusText,
  timeEstimateText,
  titleChangedText,
} from '../notes/system-note-texts';
import { editedMeanwhileText } from '../../../shared/api/taskLists';
import type { TaskUpdate } from '../../../shared/markdown/taskList';
import type { MarkdownRenderer } from '../../markdown/markdown-renderer';
import { toggleTaskItem } from '../../markdown/task-toggle';
import type { DiscussionFacts } from '../notes/discussion-facts.service';
import type { AwardEmojiService } from '../award-emoji/award-emoji.service';
import type { SystemNotesService } from '../notes/system-notes.service';
import {
  findDiffVersion,
  findMergeRequestLocation,
  findMergeRequestRecord,
  findReferencedMergeRequests,
  findOpenBySourceBranches,
  findOpenForBranches,
  insertDiffVersion,
  insertMergeRequest,
  latestDiffVersion,
  listDiffCommits,
  findMergeRequestWithVersions,
  listMergeRequestRecords,
  lockMergeRequest,
  markTargetUnchecked,
  storeMergeStatus,
  updateMergeRequestRow,
  updateMergeRequestRowAt,
  visibleProjectsSql,
  type MergeSettings,
  type DiffVersionRow,
  type AuthorAccess,
  type MergeRequestRecord,
  type MergeRequestRow,
  type PersonRow,
  commitFacts,
  type NewDiffCommit,
} from './merge-requests.repo';
import { announceMergeRequest } from './merge-request-events';
import { createMergeSettlement } from './merge-settlement';
import type { AppProcesses } from '../../jobs/app-processes';
import { readsInternalNotesIn } from '../notes/noteables';
import { dependencyStates } from './blocks.repo';
import type { AssigneeFilter } from './assignees.repo';
import type { RateLimits } from '../rate-limits/rate-limits.service';
import type { LabelRow, LabelsService } from '../labels/labels.service';
import { labelFilterOfQuery } from '../../../shared/api/labels';

/**
 * A merge request as one actor sees it for deciding: the record, whether its branches exist, what
 * decides its mergeability. What checks, merges and the widget need.
 */
/** A request's source and target branch heads, null where a branch does not exist. */
export type BranchHeads = readonly [source: string | null, target: string | null];

export type CheckedMergeRequest = MergeRequestRecord & {
  sourceBranchExists: boolean;
  targetBranchExists: boolean;
  /** The branch heads the view was computed from (null: no such branch), so a merge need not read them again. */
  sourceHead: string | null;
  targetHead: string | null;
  mergeability: MergeabilityFacts;
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

type Votes = { upvotes: number; downvotes: number };
const NO_VOTES: Votes = { upvotes: 0, downvotes: 0 };

export const MERGE_IN_PROGRESS = 'The merge request is being merged. Try again in a moment.';

/** Whether a request's source must contain its target head before it may merge. */
const needsLinearHistory = (settings: MergeSettings) => settings.mergeMethod !== 'merge';

/** What the project and other records require beyond git and threads: dependencies, status checks, title format. */
type Requirements = Pick<MergeabilityFacts, 'dependencies' | 'statusChecks' | 'titleRegex'>;

function mergeabilityOf(
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
    // There are no pipelines yet, so a project that requires a successful one blocks every merge.
    ciMustPass: record.settings.onlyAllowMergeIfPipelineSucceeds,
    needsRebase: checks.needsRebase,
    discussionsNotResolved: checks.openThreads,
    dependencies: checks.dependencies,
    statusChecks: checks.statusChecks,
    titleRegex: checks.titleRegex,
  };
}

function titleRegexOf(record: MergeRequestRecord): Requirements['titleRegex'] {
  const pattern = record.settings.mergeRequestTitleRegex;
  if (!pattern) return 'unset';
  return titleMatchesRegex(pattern, record.mergeRequest.title) ? 'matches' : 'fails';
}

export type Page = { offset: number; limit: number };

/** GitLab lists at most this many files in `changes` before it reports an overflow. */
export const MAX_DIFF_FILES = 1000;

/** `{"message": ["..."]}`: GitLab words these branch errors as a list. */
const branchError = (Kind: typeof ConflictError | typeof UnprocessableError, text: string): AppError =>
  new Kind(text, [text]);

const sameBranchError = () =>
  branchError(UnprocessableError, "You can't use same project/branch for source and target");
const duplicateError = (iid: number) =>
  branchError(ConflictError, `Another open merge request already exists for this source branch: !${iid}`);
const missingBranchError = (side: 'Source' | 'Target', name: string) =>
  branchError(UnprocessableError, `${side} branch "${name}" does not exist`);

/** The partial unique index that keeps one open merge request per pair of branches, also under races. */
const ONE_OPEN_INDEX = 'merge_requests_one_open_per_branch_pair';

function violatesOneOpenIndex(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, constraint } = e as Error & { code?: string; constraint?: string };
    if (code === '23505' && (constraint === ONE_OPEN_INDEX || e.message.includes(ONE_OPEN_INDEX)))
      return true;
  }
  return false;
}

/** What the system notes of a merge request hang on. */
export const noteableOf = (mr: Pick<MergeRequestRow, 'id' | 'projectId'>) => ({
  projectId: mr.projectId,
  noteableType: 'MergeRequest' as const,
  noteableId: mr.id,
});

const mergeRequestSubject = (ctx: ProjectContext, authorId: number | null): Subject => ({
  type: 'merge_request',
  authorId,
  visibility: ctx.project.visibility,
  archived: ctx.project.archived,
  accessLevel: ctx.accessLevel,
});

type Deps = {
  db: Db;
  clock: Clock;
  bus: EventBus;
  projects: Pick<ProjectsService, 'loadProject' | 'projectForViewers' | 'gitDirOf'>;
  protectedBranches: Pick<ProtectedBranchesService, 'protectionResolver'>;
  systemNotes: Pick<SystemNotesService, 'record' | 'recordDescriptionChange' | 'announce'>;
  discussions: Pick<DiscussionFacts, 'unresolvedCount' | 'userNotesCounts'>;
  awardEmoji: Pick<AwardEmojiService, 'votesOf'>;
  labels: Pick<LabelsService, 'labelsOn' | 'filterCondition'>;
  markdown: Pick<MarkdownRenderer, 'renderBlock'>;
  /** External status checks, a feature of its own that reads merge requests (so bound late). */
  statusChecks: { statesOf(requests: MergeRequestRow[]): Promise<Map<number, Requirements['statusChecks']>> };
  /** A request got a new head commit: its status checks are asked again. */
  onHeadChanged: (mergeRequestId: number) => Promise<void>;
  rateLimits: Pick<RateLimits, 'check'>;

  /** Which app processes are gone, to settle the merges they left (jobs/app-processes.ts). */
  processes: Pick<AppProcesses, 'gone'>;
};

export function createMergeRequestsService({
  db,
  clock,
  bus,
  projects,
  protectedBranches,
  systemNotes,
  discussions,
  awardEmoji,
  labels,
  markdown,
  statusChecks,
  onHeadChanged,
  rateLimits,

  processes,
}: Deps) {
  /** A branch's head, or null when the name is not a valid branch or does not exist. */
  async function branchHead(gitDir: string, name: string): Promise<string | null> {
    if (!(await isValidBranchName(name))) return null;
    return resolveCommit(gitDir, branchRef(name));
  }

  /** What a diff version records: base = merge-base(target, source), start = target head, head = source head. */
  async function collectDiff(gitDir: string, targetHead: string, sourceHead: string) {
    const base = (await mergeBase(gitDir, targetHead, sourceHead)) ?? targetHead;
    const [commits, filesCount] = await Promise.all([
      listCommits(gitDir, { revision: `${base}..${sourceHead}` }),
      countChangedFiles(gitDir, base, sourceHead),
    ]);
    const rows: NewDiffCommit[] = commits.map((commit, index) => ({
      relativeOrder: index,
      ...commitFacts(commit),
    }));
    return {
      version: {
        baseCommitSha: base,
        startCommitSha: targetHead,
        headCommitSha: sourceHead,
        commitsCount: commits.length,
        filesCount,
      },
      commits: rows,
    };
  }

  type CollectedDiff = Awaited<ReturnType<typeof collectDiff>>;

  async function recordDiff(tx: Db, mergeRequestId: number, diff: CollectedDiff, now: Date) {
    const previous = await latestDiffVersion(tx, mergeRequestId);
    return insertDiffVersion(
      tx,
      { ...diff.version, mergeRequestId, versionIndex: (previous?.versionIndex ?? 0) + 1, createdAt: now },
      diff.commits,
    );
  }

  /** The commits of a new diff that the previous version did not have, newest first. */
  async function commitsAdded(tx: Db, mergeRequestId: number, diff: CollectedDiff) {
    const previous = await latestDiffVersion(tx, mergeRequestId);
    const known = new Set(
      previous ? (await listDiffCommits(tx, previous.id)).map((commit) => commit.sha) : [],
    );
    return diff.commits
      .filter((commit) => !known.has(commit.sha))
      .map((commit) => ({ id: commit.sha, short_id: commit.sha.slice(0, 8), title: commit.title }));
  }

  /** "added N commits" when a push brought commits the request did not have (written in the push's transaction). */
  async function recordPushNote(tx: Db, mr: MergeRequestRow, authorId: number | null, diff: CollectedDiff) {
    const commits = await commitsAdded(tx, mr.id, diff);
    if (commits.length === 0) return null;
    return systemNotes.record(
      {
        ...noteableOf(mr),
        authorId,
        action: 'commit',
        body: commitsAddedText(commits),
        metadata: { commits, commits_count: commits.length },
      },
      tx,
    );
  }

  /**
   * The system notes of an edit (spec 001: title and description changes, state changes, draft
   * status), written in the edit's transaction. A title that only gained or lost its draft
   * prefix is a draft note, not a title change.
   */
  async function recordEditNotes(
    tx: Db,
    before: MergeRequestRow,
    after: MergeRequestRow,
    authorId: number,
  ): Promise<NoteRow[]> {
    const written: NoteRow[] = [];
    const note = async (action: 'title' | 'closed' | 'reopened' | 'locked' | 'unlocked', body: string) =>
      written.push(await systemNotes.record({ ...noteableOf(after), authorId, action, body }, tx));
    if (draftlessTitle(before.title) !== draftlessTitle(after.title))
      await note('title', titleChangedText(before.title, after.title));
    if (before.draft !== after.draft) await note('title', draftText(after.draft));
    if (before.description !== after.description)
      written.push(
        await systemNotes.recordDescriptionChange(
          { ...noteableOf(after), authorId, from: before.description, to: after.description },
          tx,
        ),
      );
    if (before.state !== after.state && (after.state === 'closed' || after.state === 'opened'))
      await note(
        after.state === 'closed' ? 'closed' : 'reopened',
        after.state === 'closed' ? 'closed' : 'reopened',
      );
    if (before.discussionLocked !== after.discussionLocked)
      await note(
        after.discussionLocked ? 'locked' : 'unlocked',
        lockedText(after.discussionLocked, 'MergeRequest'),
      );
    return written;
  }

  const announceAll = async (notes: NoteRow[]) => {
    for (const note of notes) await systemNotes.announce(note);
  };

  const publish = (row: Pick<MergeRequestRow, 'id' | 'iid' | 'projectId'>) => announceMergeRequest(bus, row);

  /** Loads a project for reading its merge requests: unreadable projects are 404, hidden merge requests 403. */
  async function loadForRead(actor: Actor, projectRef: number | string): Promise<ProjectContext> {
    const ctx = await projects.loadProject(actor, projectRef);
    if (!can(actor, 'read_merge_request', mergeRequestSubject(ctx, null))) throw new ForbiddenError();
    return ctx;
  }

  type FoundRecord = Awaited<ReturnType<typeof findRecord>>;

  async function findRecord(ctx: ProjectContext, iid: number) {
    const record = await findMergeRequestRecord(db, ctx.project.id, iid);
    if (!record) throw new NotFoundError('Merge Request');
    return record;
  }

  /** Only where the project requires every thread resolved, and only an open request asks. */
  async function hasBlockingThreads(record: MergeRequestRecord): Promise<boolean> {
    const mr = record.mergeRequest;
    if (!record.settings.onlyAllowMergeIfAllDiscussionsAreResolved || mr.state !== 'opened') return false;
    return (await discussions.unresolvedCount('MergeRequest', mr.id)) > 0;
  }

  /** Dependencies and status checks of a page of requests, two queries for all of them. */
  async function requirementsOf(records: MergeRequestRecord[]) {
    const rows = records.map((record) => record.mergeRequest);
    const [dependencies, checks] = await Promise.all([
      dependencyStates(
        db,
        rows.map((mr) => mr.id),
      ),
      statusChecks.statesOf(rows),
    ]);
    return (record: MergeRequestRecord): Requirements => ({
      dependencies: dependencies.get(record.mergeRequest.id) ?? 'none',
      statusChecks: checks.get(record.mergeRequest.id) ?? 'none',
      titleRegex: titleRegexOf(record),
    });
  }

  /** The request's source and target heads, as its checks compare them. */
  function headsOf(ctx: ProjectContext, mr: MergeRequestRow): Promise<BranchHeads> {
    // Stored names were checked as branch names when they were saved.
    return branchHeads(ctx.gitDir, [mr.sourceBranch, mr.targetBranch] as const);
  }

  /** A new head commit is news to the status checks; their failure to hear it leaves the checks pending. */
  const announceHead = (mergeRequestId: number) => onHeadChanged(mergeRequestId).catch(() => undefined);

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
      mergeability: mergeabilityOf(checked, branches, {
        needsRebase,
        openThreads,
        ...requirements(checked),
      }),
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
        return {
          ...record,
          ...branches,
          sourceHead: sourceHead ?? null,
          targetHead: targetHead ?? null,
          mergeability: mergeabilityOf(record, branches, {
            needsRebase,
            openThreads,
            ...requirements(record),
          }),
          votes: votes.get(mr.id) ?? NO_VOTES,
          userNotesCount: notesCounts.get(mr.id) ?? 0,
          labels: labelsOf.get(mr.id) ?? [],
        };
      }),
    );
  }

  /**
   * Counts a request to open a merge request against the user's rate limit (429 past it). `create`
   * counts itself; a caller that writes something first (a branch) counts before it writes.
   */
  const countCreation = (actor: CurrentUser) => rateLimits.check('merge_requests_create', actor);

  /** Creates a merge request and its first diff version; `counted` when countCreation was called for it. */
  async function create(
    actor: CurrentUser,
    projectRef: number | string,
    input: CreateMergeRequestBody,
    { counted = false } = {},
  ) {
    const ctx = await projects.loadProject(actor, projectRef);
    if (!can(actor, 'create_merge_request', mergeRequestSubject(ctx, actor.id))) throw new ForbiddenError();
    if (!counted) await countCreation(actor);
    const parsed = createMergeRequestBodySchema.parse(input);
    const sourceBranch = parsed.source_branch;
    const targetBranch = parsed.target_branch ?? ctx.project.defaultBranch;
    if (sourceBranch === targetBranch) throw sameBranchError();
    const title = parsed.draft ? draftTitle(parsed.title) : parsed.title;
    if (title.length > MAX_TITLE_LENGTH)
      throw new BadRequestError(`title is too long (maximum is ${MAX_TITLE_LENGTH})`);

    const [sourceHead, targetHead] = await Promise.all([
      branchHead(ctx.gitDir, sourceBranch),
      branchHead(ctx.gitDir, targetBranch),
    ]);
    if (!sourceHead) throw missingBranchError('Source', sourceBranch);
    if (!targetHead) throw missingBranchError('Target', targetBranch);
    const diff = await collectDiff(ctx.gitDir, targetHead, sourceHead);
    const pair = { projectId: ctx.project.id, sourceProjectId: ctx.project.id, sourceBranch, targetBranch };

    const created = await insertOrConflict(pair, async (tx) => {
      const now = clock.now();
      const row = await insertMergeRequest(tx, {
        ...pair,
        iid: await nextInternalId(tx, ctx.project.id, 'merge_requests'),
        title,
        description: parsed.description ?? '',
        draft: isDraftTitle(title),
        authorId: actor.id,
        headSha: sourceHead,
        squash: squashByDefault(ctx.project.squashOption),
        shouldRemoveSourceBranch: parsed.remove_source_branch ?? null,
        createdAt: now,
        updatedAt: now,
      });
      await recordDiff(tx, row.id, diff, now);
      return row;
    });
    await publish(created);
    await announceHead(created.id);
    return detailIn(actor, ctx, created.iid);
  }

  /**
   * Runs a write that may open a request for a pair of branches: an existing open request is a
   * 409 naming it, also when a concurrent writer won the race to the unique index.
   */
  async function insertOrConflict<T>(
    pair: Parameters<typeof findOpenForBranches>[1],
    write: (tx: Db) => Promise<T>,
    exceptId?: number,
  ): Promise<T> {
    try {
      return await db.transaction(async (tx) => {
        const existing = await findOpenForBranches(tx, pair, exceptId);
        if (existing) throw duplicateError(existing.iid);
        return write(tx);
      });
    } catch (error) {
      if (!violatesOneOpenIndex(error)) throw error;
      const existing = await findOpenForBranches(db, pair, exceptId);
      throw duplicateError(existing?.iid ?? 0);
    }
  }

  /** GitLab's `labels` and `not[labels]` filters, as a condition the labels feature writes. */
  const labelFilterOf = (query: ListMergeRequestsQuery) =>
    labels.filterCondition('MergeRequest', labelFilterOfQuery(query));

  async function list(actor: Actor, projectRef: number | string, query: ListMergeRequestsQuery, page: Page) {
    const ctx = await loadForRead(actor, projectRef);
    const { records, total } = await listMergeRequestRecords(
      db,
      { ...filterOf(query, { projectId: ctx.project.id }), labels: labelFilterOf(query) },
      page,
    );
    return { items: await viewsOf(records, readsInternalNotesIn(actor, ctx, 'MergeRequest')), total };
  }

  /** `GET /merge_requests`: across projects the actor may read; created by them unless `scope=all`. */
  async function listForUser(actor: Actor, query: ListUserMergeRequestsQuery, page: Page) {
    const scope = query.scope ?? (actor ? 'created_by_me' : 'all');
    const authorId = scope === 'created_by_me' && actor ? actor.id : query.author_id;
    const assigneeId = scope === 'assigned_to_me' && actor ? actor.id : query.assignee_id;
    const filter = filterOf(
      { ...query, author_id: authorId, assignee_id: assigneeId },
      { visibleTo: visibleProjectsSql(actor) },
    );
    const { records, total } = await listMergeRequestRecords(
      db,
      { ...filter, labels: labelFilterOf(query) },
      page,
    );
    // Across projects only administrators are sure to read every internal note.
    return { items: await viewsOf(records, actor?.admin === true), total };
  }

  /** A merge request the actor may read, without the git work of its mergeability (notes, awards). */
  async function findReadable(actor: Actor, projectRef: number | string, iid: number) {
    const ctx = await loadForRead(actor, projectRef);
    return { ctx, record: await findRecord(ctx, iid) };
  }

  /** The same, for features that hold only the merge request's id. */
  async function findReadableById(actor: Actor, id: number) {
    const location = await findMergeRequestLocation(db, id);
    if (!location) throw new NotFoundError('Merge Request');
    return findReadable(actor, location.projectId, location.iid);
  }

  /**
   * A merge request to be shown to many viewers at once (a live note reaching every subscriber):
   * the request and its project are read once, and each viewer gets it as `findReadable` would
   * give it to them, or null where they may not read it. Null overall when the request is gone.
   */
  async function readableByViewers(id: number) {
    const location = await findMergeRequestLocation(db, id);
    const contexts = location && (await projects.projectForViewers(location.projectId));
    const record =
      location && contexts && (await findMergeRequestRecord(db, location.projectId, location.iid));
    if (!contexts || !record) return null;
    return async (actor: Actor) => {
      const ctx = await contexts(actor);
      return ctx && can(actor, 'read_merge_request', mergeRequestSubject(ctx, null)) ? { ctx, record } : null;
    };
  }

  /** One merge request with what the actor may do on it. */
  async function show(actor: Actor, projectRef: number | string, iid: number) {
    return detailIn(actor, await loadForRead(actor, projectRef), iid);
  }

  /** The request as its entity shows it: checked, with votes, comment count and the actor's permissions. */
  async function detailIn(actor: Actor, ctx: ProjectContext, iid: number) {
    return detailOf(actor, ctx, await findRecord(ctx, iid));
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

  /** GitLab's `diverged_commits_count`: the target branch's commits the source branch lacks (0 without both). */
  async function divergedCommitsCount(
    ctx: ProjectContext,
    view: { sourceHead: string | null; targetHead: string | null },
  ): Promise<number> {
    if (!view.sourceHead || !view.targetHead) return 0;
    return countCommitsBetween(ctx.gitDir, view.sourceHead, view.targetHead);
  }

  /** The request checked, with the actor's permissions: all that checks, merges and the widget need. */
  async function checkedIn(actor: Actor, ctx: ProjectContext, iid: number) {
    return checkedWithPermissions(actor, ctx, await findRecord(ctx, iid));
  }

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

  type Protections = Awaited<ReturnType<ProtectedBranchesService['protectionResolver']>>;

  /**
   * Merging writes to the target branch: a protected branch's merge level decides, as its push
   * level decides for pushes; unprotected branches take Developers.
   */
  function mayMergeWith(actor: Actor, ctx: ProjectContext, protections: Protections, targetBranch: string) {
    const protection = protections(targetBranch);
    return can(actor, 'push_to_branch', {
      ...projectSubject(ctx),
      type: 'branch',
      pushAccessLevel: protection ? protection.mergeAccessLevel : null,
    });
  }

  /** As GitLab: never the default branch nor a protected one, and only by those who may push code. */
  function mayRemoveWith(actor: Actor, ctx: ProjectContext, protections: Protections, branch: string) {
    if (branch === ctx.project.defaultBranch || !can(actor, 'push_code', projectSubject(ctx))) return false;
    return protections(branch) === null;
  }

  async function mayMergeInto(actor: Actor, ctx: ProjectContext, targetBranch: string): Promise<boolean> {
    return mayMergeWith(actor, ctx, await protectedBranches.protectionResolver(ctx.project.id), targetBranch);
  }

  function permissionsOf(
    actor: Actor,
    ctx: ProjectContext,
    view: CheckedMergeRequest,
    protections: Protections,
    authorAccess: AuthorAccess,
  ) {
    const mr = view.mergeRequest;
    const subject = mergeRequestSubject(ctx, mr.authorId);
    return {
      canUpdate: can(actor, 'update_merge_request', subject),
      canReopen: mr.state === 'closed' && can(actor, 'reopen_merge_request', subject),
      canMerge: mr.state === 'opened' && mayMergeWith(actor, ctx, protections, mr.targetBranch),
      canRemoveSourceBranch:
        view.sourceBranchExists && mayRemoveWith(actor, ctx, protections, mr.sourceBranch),
      authorCanRemoveSourceBranch:
        view.sourceBranchExists && authorMayRemove(ctx, view, protections, authorAccess),
    };
  }

  /** The same rule for the request's author, in whose name a merge carries out what the request chose. */
  function authorMayRemove(
    ctx: ProjectContext,
    view: CheckedMergeRequest,
    protections: Protections,
    access: AuthorAccess,
  ): boolean {
    if (!view.author || !access) return false;
    const author = { id: view.author.id, admin: access.admin, state: view.author.state };
    const authorCtx = { ...ctx, accessLevel: access.accessLevel };
    return mayRemoveWith(author, authorCtx, protections, view.mergeRequest.sourceBranch);
  }

  type Detail = Awaited<ReturnType<typeof detailIn>>;

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
    const { dependencies, statusChecks, titleRegex } = before.mergeability;
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
      }),
      permissions: {
        ...before.permissions,
        canReopen: false,
        canMerge: false,
        canRemoveSourceBranch: heads.source !== null && before.permissions.canRemoveSourceBranch,
        authorCanRemoveSourceBranch: heads.source !== null && before.permissions.authorCanRemoveSourceBranch,
      },
    };
  }

  /**
   * Edits fields and moves the state (close, reopen); every change bumps the version and is announced.
   * `targetBranchWasDeleted`: the server moves the request because its target was merged and
   * deleted (GitLab's retarget chain), which marks it retargeted and says so in a note.
   */
  async function update(
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
    input: UpdateMergeRequestBody,
    options: { targetBranchWasDeleted?: boolean } = {},
  ) {
    const ctx = await loadForRead(actor, projectRef);
    const record = await findRecord(ctx, iid);
    const current = record.mergeRequest;
    const parsed = updateMergeRequestBodySchema.parse(input);
    const subject = mergeRequestSubject(ctx, current.authorId);
    const action: Action = parsed.state_event === 'reopen' ? 'reopen_merge_request' : 'update_merge_request';
    if (!can(actor, action, subject)) throw new ForbiddenError();
    // A merge in progress decided on this target and state; it ends in seconds.
    if (current.state === 'locked') throw new ConflictError(MERGE_IN_PROGRESS);

    const changes: Partial<MergeRequestRow> = {};
    let title = parsed.title ?? current.title;
    if (parsed.draft !== undefined) title = parsed.draft ? draftTitle(title) : draftlessTitle(title);
    if (title.length > MAX_TITLE_LENGTH)
      throw new BadRequestError(`title is too long (maximum is ${MAX_TITLE_LENGTH})`);
    if (title !== current.title) Object.assign(changes, { title, draft: isDraftTitle(title) });
    if (parsed.description !== undefined && parsed.description !== current.description)
      changes.description = parsed.description;
    if (parsed.discussion_locked !== undefined && parsed.discussion_locked !== current.discussionLocked)
      changes.discussionLocked = parsed.discussion_locked;
    if (
      parsed.remove_source_branch !== undefined &&
      parsed.remove_source_branch !== current.shouldRemoveSourceBranch
    )
      changes.shouldRemoveSourceBranch = parsed.remove_source_branch;

    const targetBranch = parsed.target_branch ?? current.targetBranch;
    const retargeted = targetBranch !== current.targetBranch;
    const movedByDeletion = retargeted && options.targetBranchWasDeleted === true;
    if (movedByDeletion) changes.retargeted = true;
    const closing = parsed.state_event === 'close' && current.state === 'opened';
    const reopening = parsed.state_event === 'reopen' && current.state === 'closed';
    const now = clock.now();
    if (closing) Object.assign(changes, { state: 'closed', closedById: actor.id, closedAt: now });
    if (reopening) Object.assign(changes, { state: 'opened', closedById: null, closedAt: null });

    // A request that stays or becomes open needs both branches, and a new diff when either moved.
    let diff: CollectedDiff | null = null;
    const opensOrRetargets = reopening || (retargeted && current.state === 'opened');
    if (retargeted && targetBranch === current.sourceBranch) throw sameBranchError();
    if (opensOrRetargets) {
      const [sourceHead, targetHead] = await Promise.all([
        branchHead(ctx.gitDir, current.sourceBranch),
        branchHead(ctx.gitDir, targetBranch),
      ]);
      if (!sourceHead) throw missingBranchError('Source', current.sourceBranch);
      if (!targetHead) throw missingBranchError('Target', targetBranch);
      if (retargeted || sourceHead !== current.headSha) {
        diff = await collectDiff(ctx.gitDir, targetHead, sourceHead);
        Object.assign(changes, { headSha: sourceHead });
      }
      Object.assign(changes, { targetBranch, mergeStatus: 'unchecked' });
    } else if (retargeted) {
      if (!(await branchHead(ctx.gitDir, targetBranch))) throw missingBranchError('Target', targetBranch);
      changes.targetBranch = targetBranch;
    }
    if (Object.keys(changes).length === 0) return detailIn(actor, ctx, iid);

    const pair = {
      projectId: current.projectId,
      sourceProjectId: current.sourceProjectId,
      sourceBranch: current.sourceBranch,
      targetBranch,
    };
    const write = async (tx: Db) => {
      // Edits of fields go through whatever happened meanwhile; a state change or a new diff was
      // decided on what was read, so it must still hold (a push or another close may have landed).
      const locked = await lockMergeRequest(tx, current.id);
      const stale =
        !locked ||
        locked.state !== current.state ||
        (diff !== null &&
          (locked.headSha !== current.headSha || locked.targetBranch !== current.targetBranch));
      if (stale)
        throw new ConflictError(
          'The merge request was changed by someone else. Reload the page and try again.',
        );
      const row = await updateMergeRequestRow(tx, current.id, { ...changes, updatedAt: now });
      const notes = await recordEditNotes(tx, locked, row, actor.id);
      if (retargeted)
        notes.push(
          await systemNotes.record(
            {
              ...noteableOf(row),
              authorId: actor.id,
              action: 'branch',
              body: movedByDeletion
                ? targetBranchDeletedText(current.targetBranch, targetBranch)
                : targetBranchChangedText(current.targetBranch, targetBranch),
            },
            tx,
          ),
        );
      if (diff) {
        const pushNote = await recordPushNote(tx, row, actor.id, diff);
        if (pushNote) notes.push(pushNote);
        await recordDiff(tx, current.id, diff, now);
      }
      return { row, notes };
    };
    const updated = opensOrRetargets
      ? await insertOrConflict(pair, write, current.id)
      : await db.transaction(write);
    await publish(updated.row);
    await announceAll(updated.notes);
    return detailIn(actor, ctx, iid);
  }

  /**
   * GitLab's `update_task`: ticks one task list item of the description as stored now, written
   * only over the version read, with the "marked the checklist item" note; a line that no longer
   * reads as the browser saw it is a conflict (someone edited the description meanwhile).
   */
  async function updateTask(
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
    update: TaskUpdate,
  ) {
    const ctx = await loadForRead(actor, projectRef);
    const current = (await findRecord(ctx, iid)).mergeRequest;
    if (!can(actor, 'update_merge_request', mergeRequestSubject(ctx, current.authorId)))
      throw new ForbiddenError();
    const toggled = await toggleTaskItem(markdown, current.description, update);
    if (!toggled) throw new ConflictError(editedMeanwhileText('merge request'));
    if (toggled.text === current.description) return detailIn(actor, ctx, iid);
    const updated = await db.transaction(async (tx) => {
      const row = await updateMergeRequestRowAt(tx, current.id, current.lockVersion, {
        description: toggled.text,
        updatedAt: clock.now(),
      });
      if (!row) throw new ConflictError(editedMeanwhileText('merge request'));
      const note = await systemNotes.record(
        {
          ...noteableOf(row),
          authorId: actor.id,
          action: 'task',
          body: taskStatusText(toggled.item, toggled.checked),
        },
        tx,
      );
      return { row, note };
    });
    await publish(updated.row);
    await announceAll([updated.note]);
    return detailIn(actor, ctx, iid);
  }

  async function loadWithDiff(actor: Actor, projectRef: number | string, iid: number) {
    const ctx = await loadForRead(actor, projectRef);
    const view = await withMergeability(actor, ctx, await findRecord(ctx, iid));
    return { ctx, view };
  }

  async function commits(actor: Actor, projectRef: number | string, iid: number, page: Page) {
    const { ctx, view } = await loadWithDiff(actor, projectRef, iid);
    const version = view.latestDiff;
    if (!version) return { ctx, items: [], total: 0 };
    return { ctx, items: await listDiffCommits(db, version.id, page), total: version.commitsCount };
  }

  async function diffOf(ctx: ProjectContext, version: DiffVersionRow | null, maxFiles = MAX_DIFF_FILES) {
    if (!version) return { files: [], overflow: false } satisfies DiffResult;
    return diffCommits(ctx.gitDir, version.baseCommitSha, version.headCommitSha, { maxFiles });
  }

  /** `changes`: the request with the files of its latest version. */
  async function changes(actor: Actor, projectRef: number | string, iid: number) {
    const { ctx, view } = await loadWithDiff(actor, projectRef, iid);
    const [shown, diff] = await Promise.all([
      shownFacts(actor, ctx, view.mergeRequest.id),
      diffOf(ctx, view.latestDiff),
    ]);
    return { ...view, ...shown, diff };
  }

  /** `diffs`: the files of the latest version, one page at a time. */
  async function diffs(actor: Actor, projectRef: number | string, iid: number, page: Page) {
    const { ctx, view } = await loadWithDiff(actor, projectRef, iid);
    const { files } = await diffOf(ctx, view.latestDiff, page.offset + page.limit);
    return { items: files.slice(page.offset), total: view.latestDiff?.filesCount ?? 0 };
  }

  async function versions(actor: Actor, projectRef: number | string, iid: number) {
    return (await findReadableWithVersions(actor, projectRef, iid)).versions;
  }

  /**
   * A readable request's row and its diff versions, newest first: two statements (the project
   * with the viewer's access, then the request with its versions), for the diff endpoints.
   */
  async function findReadableWithVersions(actor: Actor, projectRef: number | string, iid: number) {
    const ctx = await loadForRead(actor, projectRef);
    const found = await findMergeRequestWithVersions(db, ctx.project.id, iid);
    if (!found) throw new NotFoundError('Merge Request');
    return { ctx, ...found };
  }

  async function version(actor: Actor, projectRef: number | string, iid: number, versionId: number) {
    const ctx = await loadForRead(actor, projectRef);
    const record = await findRecord(ctx, iid);
    const found = await findDiffVersion(db, record.mergeRequest.id, versionId);
    if (!found) throw new NotFoundError('Merge Request Diff');
    const [versionCommits, diff] = await Promise.all([listDiffCommits(db, found.id), diffOf(ctx, found)]);
    return { ctx, version: found, commits: versionCommits, diff };
  }

  /**
   * After a push: open requests from a pushed branch get a new diff version when their head
   * moved; requests into a pushed branch get their mergeability checked again on the next read.
   * Returns the ids of the requests that got a new version (their diff notes follow).
   */
  async function handlePush(push: {
    projectId: number;
    /** Who pushed, for the "added N commits" note; null when unknown. */
    pusherId?: number | null;
    changes: Array<{ ref: string; oldSha: string; newSha: string }>;
  }): Promise<number[]> {
    const versioned: number[] = [];
    const gitDir = projects.gitDirOf(push.projectId);
    const pushed = push.changes.filter((c) => c.ref.startsWith('refs/heads/'));
    const branches = pushed.map((c) => c.ref.slice('refs/heads/'.length));
    for (const mr of await findOpenBySourceBranches(db, push.projectId, branches)) {
      const change = pushed.find((c) => c.ref === branchRef(mr.sourceBranch));
      if (!change || change.newSha === mr.headSha) continue;
      const targetHead = await resolveCommit(gitDir, branchRef(mr.targetBranch));
      const diff =
        change.newSha !== ZERO_SHA && targetHead
          ? await collectDiff(gitDir, targetHead, change.newSha)
          : null;
      const updated = await db.transaction(async (tx) => {
        const locked = await lockMergeRequest(tx, mr.id);
        if (!locked || locked.state !== 'opened' || locked.headSha === change.newSha) return null;
        const now = clock.now();
        const headSha = diff ? change.newSha : locked.headSha;
        const row = await updateMergeRequestRow(tx, mr.id, {
          headSha,
          mergeStatus: 'unchecked',
          updatedAt: now,
        });
        const note = diff ? await recordPushNote(tx, row, push.pusherId ?? null, diff) : null;
        if (diff) await recordDiff(tx, mr.id, diff, now);
        return { row, notes: note ? [note] : [] };
      });
      if (!updated) continue;
      if (diff) versioned.push(mr.id);
      await publish(updated.row);
      await announceAll(updated.notes);
      if (diff) await announceHead(mr.id);
    }
    for (const branch of branches) {
      for (const row of await markTargetUnchecked(db, push.projectId, branch)) await publish(row);
    }
    return versioned;
  }

  /**
   * Locks or unlocks the discussion (GraphQL `mergeRequestSetLocked`): only members may comment
   * while locked. Who may edit the request may lock it; a change writes its system note.
   */
  /** `/estimate`: the merge request's time estimate in seconds (0 removes it), with GitLab's note. */
  async function setTimeEstimate(
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
    seconds: number,
  ) {
    const ctx = await loadForRead(actor, projectRef);
    const current = (await findRecord(ctx, iid)).mergeRequest;
    if (!can(actor, 'update_merge_request', mergeRequestSubject(ctx, current.authorId)))
      throw new ForbiddenError();
    if (current.timeEstimate === seconds) return;
    const updated = await db.transaction(async (tx) => {
      const row = await updateMergeRequestRow(tx, current.id, {
        timeEstimate: seconds,
        updatedAt: clock.now(),
      });
      const note = await systemNotes.record(
        { ...noteableOf(row), authorId: actor.id, action: 'time_tracking', body: timeEstimateText(seconds) },
        tx,
      );
      return { row, note };
    });
    await publish(updated.row);
    await systemNotes.announce(updated.note);
  }

  /** GraphQL's `mergeRequestSetLocked`: the lock alone, as `PUT` with `discussion_locked` sets it. */
  const setDiscussionLocked = (
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
    locked: boolean,
  ) => update(actor, projectRef, iid, { discussion_locked: locked });

  /** The merge requests references name, by project and iid, left out where the reader may not read them. */
  async function readableByIids(actor: Actor, keys: ReadonlyArray<{ ctx: ProjectContext; iid: number }>) {
    const contexts = new Map(keys.map(({ ctx }) => [ctx.project.id, ctx]));
    const rows = await findReferencedMergeRequests(
      db,
      keys.map(({ ctx, iid }) => ({ projectId: ctx.project.id, iid })),
    );
    return rows.flatMap((row) => {
      const ctx = contexts.get(row.projectId);
      if (!ctx || !can(actor, 'read_merge_request', mergeRequestSubject(ctx, row.authorId))) return [];
      return [{ ctx, mergeRequest: row }];
    });
  }

  /** The commits a diff version recorded, newest first (for other features: they do not read our tables). */
  const versionCommits = (versionId: number) => listDiffCommits(db, versionId);

  return {
    loadForRead,
    findRecord,
    headsOf,
    readableByIids,
    versionCommits,
    setDiscussionLocked,
    setTimeEstimate,
    findReadable,
    findReadableById,
    readableByViewers,
    detailIn,
    detailOf,
    checkedIn,
    mergedDetail,
    mayMergeInto,
    create,
    countCreation,
    list,
    listForUser,
    divergedCommitsCount,
    show,
    update,
    updateTask,
    commits,
    changes,
    diffs,
    versions,
    findReadableWithVersions,
    version,
    handlePush,
    settleInterruptedMerges,
  };
}

function filterOf(
  query: ListMergeRequestsQuery,
  scope: { projectId?: number; visibleTo?: ReturnType<typeof visibleProjectsSql> },
) {
  return {
    ...scope,
    iids: query.iids,
    state: query.state,
    authorId: query.author_id,
    assignee: assigneeFilterOf(query),
    sourceBranch: query.source_branch,
    targetBranch: query.target_branch,
    search: query.search,
    orderBy: query.order_by,
    sort: query.sort,
  };
}

/** `assignee_id` (a user, `None`, `Any`) wins over `assignee_username`, as in GitLab. */
function assigneeFilterOf(query: ListMergeRequestsQuery): AssigneeFilter | undefined {
  const id = query.assignee_id;
  if (id === 'none' || id === 'any') return id;
  if (id !== undefined) return { id };
  return query.assignee_username === undefined ? undefined : { username: query.assignee_username };
}

export type MergeRequestsService = ReturnType<typeof createMergeRequestsService>;
