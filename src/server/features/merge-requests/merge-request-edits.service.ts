import {
  createMergeRequestBodySchema,
  MAX_TITLE_LENGTH,
  updateMergeRequestBodySchema,
  type CreateMergeRequestBody,
  type UpdateMergeRequestBody,
} from '../../../shared/api/mergeRequests';
import { editedMeanwhileText } from '../../../shared/api/taskLists';
import type { TaskUpdate } from '../../../shared/markdown/taskList';
import { draftTitle, draftlessTitle, isDraftTitle } from '../../../shared/merge-requests/draftTitle';
import { squashByDefault } from '../../../shared/merge-requests/squashOption';
import type { CurrentUser } from '../../auth/current-user';
import { can, type Action } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { BadRequestError, ConflictError, ForbiddenError } from '../../errors';
import { duplicateError, missingBranchError, sameBranchError, violatesOneOpenIndex } from './branch-errors';
import { recordEditNotes } from './edit-notes';
import { branchRef, isValidBranchName, resolveCommit } from '../../git/repository';
import type { MarkdownRenderer } from '../../markdown/markdown-renderer';
import { toggleTaskItem } from '../../markdown/task-toggle';
import type { EventBus } from '../../realtime/bus';
import {
  targetBranchChangedText,
  targetBranchDeletedText,
  taskStatusText,
  timeEstimateText,
} from '../notes/system-note-texts';
import type { SystemNotesService } from '../notes/system-notes.service';
import type { ProjectsService } from '../projects/projects.service';
import type { RateLimits } from '../rate-limits/rate-limits.service';
import { announceMergeRequest } from './merge-request-events';
import type { MergeRequestReadsService } from './merge-request-reads.service';
import { mergeRequestSubject, noteableOf } from './merge-request-subjects';
import type { CollectedDiff, MergeRequestVersionsService } from './merge-request-versions.service';
import {
  findOpenForBranches,
  insertMergeRequest,
  lockMergeRequest,
  updateMergeRequestRow,
  updateMergeRequestRowAt,
  type MergeRequestRow,
} from './merge-requests.repo';

type NoteRow = Awaited<ReturnType<SystemNotesService['record']>>;

export const MERGE_IN_PROGRESS = 'The merge request is being merged. Try again in a moment.';

type Deps = {
  db: Db;
  clock: Clock;
  bus: EventBus;
  projects: Pick<ProjectsService, 'loadProject' | 'takeInternalId'>;
  systemNotes: Pick<SystemNotesService, 'record' | 'recordDescriptionChange' | 'announce'>;
  markdown: Pick<MarkdownRenderer, 'renderBlock'>;
  rateLimits: Pick<RateLimits, 'check'>;
  reads: Pick<MergeRequestReadsService, 'loadForRead' | 'findRecord' | 'detailIn'>;
  versions: Pick<
    MergeRequestVersionsService,
    'collectDiff' | 'recordDiff' | 'recordPushNote' | 'announceHead'
  >;
};

/**
 * Writing merge requests: opening one (with its first diff version), editing it (title,
 * description, state, target branch, lock), a task list tick, the time estimate. Each write has
 * its system notes in its transaction and is announced after it commits.
 */
export function createMergeRequestEditsService({
  db,
  clock,
  bus,
  projects,
  systemNotes,
  markdown,
  rateLimits,
  reads,
  versions,
}: Deps) {
  const { loadForRead, findRecord, detailIn } = reads;
  const { collectDiff, recordDiff, recordPushNote, announceHead } = versions;

  /** A branch's head, or null when the name is not a valid branch or does not exist. */
  async function branchHead(gitDir: string, name: string): Promise<string | null> {
    if (!(await isValidBranchName(name))) return null;
    return resolveCommit(gitDir, branchRef(name));
  }

  const announceAll = async (notes: NoteRow[]) => {
    for (const note of notes) await systemNotes.announce(note);
  };

  const publish = (row: Pick<MergeRequestRow, 'id' | 'iid' | 'projectId'>) => announceMergeRequest(bus, row);

  /**
   * Counts a request to open a merge request against the user's rate limit (429 past it). `create`
   * counts itself; a caller that writes something first (a branch) counts before it writes.
   */
  const countCreation = (actor: CurrentUser) => rateLimits.check('merge_requests_create', actor);

  /**
   * Creates a merge request and its first diff version; `counted` when countCreation was called for
   * it. `prepare` writes the rest of the request (labels, assignees) before others hear of it, so
   * its first pipeline sees them (CI_MERGE_REQUEST_LABELS, CI_MERGE_REQUEST_ASSIGNEES).
   */
  async function create(
    actor: CurrentUser,
    projectRef: number | string,
    input: CreateMergeRequestBody,
    {
      counted = false,
      prepare,
    }: { counted?: boolean; prepare?: (created: { id: number; iid: number }) => Promise<void> } = {},
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
        iid: await projects.takeInternalId(tx, ctx.project.id, 'merge_requests'),
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
    await prepare?.(created);
    await publish(created);
    await announceHead(created.id, actor.id);
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
      const notes = await recordEditNotes(systemNotes, tx, locked, row, actor.id);
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

  return { create, countCreation, update, updateTask, setTimeEstimate, setDiscussionLocked };
}

export type MergeRequestEditsService = ReturnType<typeof createMergeRequestEditsService>;
