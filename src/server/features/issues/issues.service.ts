import {
  createIssueBodySchema,
  updateIssueBodySchema,
  type CreateIssueBody,
  type ListIssuesQuery,
  type ListUserIssuesQuery,
  type UpdateIssueBody,
} from '../../../shared/api/issues';
import type { CurrentUser } from '../../auth/current-user';
import { can, type Actor, type Subject } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import type { AwardEmojiService } from '../award-emoji/award-emoji.service';
import type { SystemNotesService } from '../notes/system-notes.service';
import type { ProjectContext, ProjectsService } from '../projects/projects.service';
import { requestedAssignees } from '../../../shared/api/assignees';
import { assignableUsers } from './assignable-users';
import { assigneeEvent, permissionsNeeded, planFieldChanges } from './issue-changes';
import { systemNoteOf, type IssueEvent } from './issue-system-notes';
import {
  deleteIssueRow,
  findIssueRecord,
  findIssueRecordById,
  findReferencedIssues,
  insertIssue,
  countsOf,
  listIssueRecords,
  lockIssue,
  replaceAssignees,
  updateIssueRow,
  updateIssueRowAt,
  type ConfidentialScope,
  type IssueFilter,
  type IssueRecord,
  type IssueCounts,
  type IssueRow,
} from './issues.repo';
import { taskStatusText, timeEstimateText } from '../notes/system-note-texts';
import { editedMeanwhileText } from '../../../shared/api/taskLists';
import type { TaskUpdate } from '../../../shared/markdown/taskList';
import type { MarkdownRenderer } from '../../markdown/markdown-renderer';
import { toggleTaskItem } from '../../markdown/task-toggle';
import { readsInternalNotesIn } from '../notes/noteables';
import type { LabelRow, LabelsService } from '../labels/labels.service';
import { labelFilterOfQuery } from '../../../shared/api/labels';
import type { RateLimits } from '../rate-limits/rate-limits.service';

export type Page = { offset: number; limit: number };

/** What the viewer may do on one issue; the page and the notes feature read it. */
export type IssuePermissions = {
  canUpdate: boolean;
  canSetMetadata: boolean;
  canCreateNote: boolean;
  canDestroy: boolean;
  canAddTimelineEvents: boolean;
  /** Internal notes, and timeline events promoted from them. */
  canReadInternalNotes: boolean;
};

/** An issue found for an actor: its project as the actor sees it, and the record. */
export type FoundIssue = { ctx: ProjectContext; record: IssueRecord };

/** Thumbs up and down on an issue (GitLab's `upvotes`, `downvotes`). */
export type Votes = { upvotes: number; downvotes: number };

export const CHANGED_MEANWHILE = 'The issue was changed by someone else. Reload the page and try again.';

const NO_VOTES: Votes = { upvotes: 0, downvotes: 0 };
const NO_COUNTS: IssueCounts = { userNotes: 0, mergeRequests: 0 };

/** Reporters (and admins) read internal notes of the project's issues. */
const readsInternalNotes = (actor: Actor, ctx: ProjectContext) => readsInternalNotesIn(actor, ctx, 'Issue');

/** An issue as the API presents it: the record, its votes and its counts. */
/** An issue with what other features keep of it: votes, counts, labels (by title). */
export type IssueView = IssueRecord & { votes: Votes; counts: IssueCounts; labels: LabelRow[] };

export const issueSubject = (
  ctx: ProjectContext,
  issue: Pick<IssueRow, 'authorId' | 'confidential'>,
  assigneeIds: number[],
): Subject => ({
  type: 'issue',
  authorId: issue.authorId,
  assigneeIds,
  confidential: issue.confidential,
  visibility: ctx.project.visibility,
  archived: ctx.project.archived,
  accessLevel: ctx.accessLevel,
});

const assigneeIdsOf = (record: IssueRecord) => record.assignees.map((a) => a.id);

/** What an issue's system notes hang on. */
const issueNoteable = (issue: Pick<IssueRow, 'id' | 'projectId'>) => ({
  projectId: issue.projectId,
  noteableType: 'Issue' as const,
  noteableId: issue.id,
});

/** `can()`'s facts for commenting on an issue: the `noteable` subject. */
export const noteableFacts = (
  ctx: ProjectContext,
  record: IssueRecord,
): Extract<Subject, { type: 'noteable' }> => ({
  type: 'noteable',
  noteableType: 'Issue',
  noteableAuthorId: record.issue.authorId,
  confidential: record.issue.confidential,
  assigneeIds: assigneeIdsOf(record),
  discussionLocked: record.issue.discussionLocked,
  visibility: ctx.project.visibility,
  archived: ctx.project.archived,
  accessLevel: ctx.accessLevel,
});

const projectLevelSubject = (ctx: ProjectContext): Extract<Subject, { type: 'issue' }> => ({
  type: 'issue',
  authorId: null,
  assigneeIds: [],
  confidential: false,
  visibility: ctx.project.visibility,
  archived: ctx.project.archived,
  accessLevel: ctx.accessLevel,
});

/** Reporters (and admins) see every confidential issue of a project; others their own. */
function confidentialScope(actor: Actor, ctx: ProjectContext): ConfidentialScope {
  const seesAll = can(actor, 'read_issue', { ...projectLevelSubject(ctx), confidential: true });
  return seesAll ? { seesAll: true } : { seesAll: false, userId: actor?.id ?? null };
}

function filterOf(query: ListIssuesQuery, scope: IssueFilter['scope']): IssueFilter {
  return {
    scope,
    iids: query.iids,
    state: query.state,
    authorId: query.author_id,
    // As for merge requests, `assignee_id` wins over `assignee_username`.
    assignee:
      query.assignee_id ??
      (query.assignee_username === undefined ? undefined : { username: query.assignee_username }),
    confidential: query.confidential,
    issueType: query.issue_type,
    search: query.search,
    orderBy: query.order_by,
    sort: query.sort,
  };
}

type Deps = {
  db: Db;
  clock: Clock;
  projects: Pick<ProjectsService, 'loadProject' | 'projectForViewers' | 'takeInternalId'>;
  systemNotes: Pick<SystemNotesService, 'record' | 'recordDescriptionChange' | 'announce'>;
  awardEmoji: Pick<AwardEmojiService, 'votesOf'>;
  labels: Pick<LabelsService, 'labelsOn' | 'filterCondition'>;
  rateLimits: Pick<RateLimits, 'check'>;
  markdown: Pick<MarkdownRenderer, 'renderBlock'>;
};

export function createIssuesService({
  db,
  clock,
  projects,
  systemNotes,
  awardEmoji,
  labels,
  rateLimits,
  markdown,
}: Deps) {
  /**
   * Adds each issue's votes and counts with a few queries for the whole page. Internal notes are
   * counted for who may read them (`includeInternal`), as GitLab does.
   */
  async function withVotes(records: IssueRecord[], includeInternal: boolean): Promise<IssueView[]> {
    const ids = records.map((record) => record.issue.id);
    const [votes, counts, labelsOf] = await Promise.all([
      awardEmoji.votesOf('Issue', ids),
      countsOf(db, ids, includeInternal),
      labels.labelsOn('Issue', ids),
    ]);
    return records.map((record) => ({
      ...record,
      labels: labelsOf.get(record.issue.id) ?? [],
      votes: votes.get(record.issue.id) ?? NO_VOTES,
      counts: counts.get(record.issue.id) ?? NO_COUNTS,
    }));
  }

  /** Writes the system notes of an update inside its transaction; they are announced once it committed. */
  async function recordEvents(tx: Db, issue: IssueRow, actorId: number, events: IssueEvent[]) {
    const ref = issueNoteable(issue);
    const notes = [];
    for (const event of events) {
      notes.push(
        event.action === 'description'
          ? await systemNotes.recordDescriptionChange({ ...ref, authorId: actorId, ...event }, tx)
          : await systemNotes.record({ ...ref, authorId: actorId, ...systemNoteOf(event) }, tx),
      );
    }
    return notes;
  }

  /** Loads a project whose issues the actor may read; unreadable projects are 404. */
  async function loadForRead(actor: Actor, projectRef: number | string): Promise<ProjectContext> {
    const ctx = await projects.loadProject(actor, projectRef);
    if (!can(actor, 'read_issue', projectLevelSubject(ctx))) throw new NotFoundError('Project');
    return ctx;
  }

  /** One issue the actor may read; a confidential one they may not is 404, never 403, so it does not leak. */
  async function findReadable(actor: Actor, projectRef: number | string, iid: number): Promise<FoundIssue> {
    const ctx = await loadForRead(actor, projectRef);
    return { ctx, record: await readableIn(actor, ctx, iid) };
  }

  async function readableIn(actor: Actor, ctx: ProjectContext, iid: number): Promise<IssueRecord> {
    const record = await findIssueRecord(db, ctx.project.id, iid);
    if (!record || !can(actor, 'read_issue', issueSubject(ctx, record.issue, assigneeIdsOf(record))))
      throw new NotFoundError('Issue');
    return record;
  }

  /** For features that hold an issue's id (notes, timeline events): the issue if the actor may read it. */
  async function findReadableById(actor: Actor, issueId: number): Promise<FoundIssue> {
    const found = await findIssueRecordById(db, issueId);
    if (!found) throw new NotFoundError('Issue');
    return findReadable(actor, found.issue.projectId, found.issue.iid);
  }

  /**
   * An issue to be shown to many viewers at once (a live note reaching every subscriber): the
   * issue and its project are read once, and each viewer gets it as `findReadable` would give it
   * to them, or null where they may not read it. Null overall when the issue is gone.
   */
  async function readableByViewers(issueId: number) {
    const record = await findIssueRecordById(db, issueId);
    const contexts = record && (await projects.projectForViewers(record.issue.projectId));
    if (!record || !contexts) return null;
    const assigneeIds = assigneeIdsOf(record);
    return async (actor: Actor): Promise<FoundIssue | null> => {
      const ctx = await contexts(actor);
      const readable =
        ctx &&
        can(actor, 'read_issue', projectLevelSubject(ctx)) &&
        can(actor, 'read_issue', issueSubject(ctx, record.issue, assigneeIds));
      return readable ? { ctx, record } : null;
    };
  }

  function permissionsOf(actor: Actor, { ctx, record }: FoundIssue): IssuePermissions {
    const subject = issueSubject(ctx, record.issue, assigneeIdsOf(record));
    return {
      canUpdate: can(actor, 'update_issue', subject),
      canSetMetadata: can(actor, 'set_issue_metadata', subject),
      canCreateNote: can(actor, 'create_note', noteableFacts(ctx, record)),
      canDestroy: can(actor, 'destroy_issue', subject),
      canAddTimelineEvents:
        record.issue.issueType === 'incident' && can(actor, 'add_timeline_event', subject),
      canReadInternalNotes: readsInternalNotes(actor, ctx),
    };
  }

  async function list(actor: Actor, projectRef: number | string, query: ListIssuesQuery, page: Page) {
    const ctx = await loadForRead(actor, projectRef);
    const scope = {
      kind: 'project' as const,
      projectId: ctx.project.id,
      confidential: confidentialScope(actor, ctx),
    };
    const filter = {
      ...filterOf(query, scope),
      labels: labels.filterCondition('Issue', labelFilterOfQuery(query)),
    };
    const { records, total } = await listIssueRecords(db, filter, page);
    return { items: await withVotes(records, readsInternalNotes(actor, ctx)), total };
  }

  /** `GET /issues`: across projects the actor may read; created by them unless `scope` says otherwise. */
  async function listForUser(actor: Actor, query: ListUserIssuesQuery, page: Page) {
    const scope = query.scope ?? (actor ? 'created_by_me' : 'all');
    const narrowed: ListIssuesQuery = {
      ...query,
      author_id: scope === 'created_by_me' && actor ? actor.id : query.author_id,
      assignee_id: scope === 'assigned_to_me' && actor ? actor.id : query.assignee_id,
    };
    const { records, total } = await listIssueRecords(
      db,
      {
        ...filterOf(narrowed, { kind: 'visible', actor: actor && { id: actor.id, admin: actor.admin } }),
        labels: labels.filterCondition('Issue', labelFilterOfQuery(query)),
      },
      page,
    );
    // Across projects only administrators are sure to read every internal note.
    return { items: await withVotes(records, actor?.admin === true), total };
  }

  const checkAssignees = (ids: number[]) => assignableUsers(db, ids);

  async function create(actor: CurrentUser, projectRef: number | string, input: CreateIssueBody) {
    const ctx = await loadForRead(actor, projectRef);
    if (!can(actor, 'create_issue', projectLevelSubject(ctx))) throw new ForbiddenError();
    // GitLab counts issue creation per user and project.
    await rateLimits.check('issues_create', actor, [`project:${ctx.project.id}`]);
    const parsed = createIssueBodySchema.parse(input);
    // Assignees, confidentiality and locking are metadata; GitLab drops them for those who may not set it.
    const mayMeta = can(actor, 'set_issue_metadata', projectLevelSubject(ctx));
    const requested = parsed.assignee_ids ?? (parsed.assignee_id ? [parsed.assignee_id] : []);
    const assigneeIds = mayMeta ? (await checkAssignees(requested)).map((user) => user.id) : [];
    const created = await db.transaction(async (tx) => {
      const now = clock.now();
      const row = await insertIssue(tx, {
        projectId: ctx.project.id,
        iid: await projects.takeInternalId(tx, ctx.project.id, 'issues'),
        title: parsed.title,
        description: parsed.description ?? '',
        issueType: parsed.issue_type ?? 'issue',
        // Anyone may open a confidential issue: it hides their report, it grants nothing.
        confidential: parsed.confidential ?? false,
        discussionLocked: mayMeta ? (parsed.discussion_locked ?? false) : false,
        authorId: actor.id,
        createdAt: now,
        updatedAt: now,
      });
      await replaceAssignees(tx, row.id, assigneeIds);
      return row;
    });
    return detail(actor, ctx, created.iid);
  }

  async function detail(actor: Actor, ctx: ProjectContext, iid: number) {
    const record = await readableIn(actor, ctx, iid);
    const [view = { ...record, votes: NO_VOTES, counts: NO_COUNTS, labels: [] }] = await withVotes(
      [record],
      readsInternalNotes(actor, ctx),
    );
    return { ctx, record: view, permissions: permissionsOf(actor, { ctx, record }) };
  }

  /** One issue with what the actor may do on it. */
  async function show(actor: Actor, projectRef: number | string, iid: number) {
    return detail(actor, await loadForRead(actor, projectRef), iid);
  }

  /** `GET /issues/:id`: any issue by its global id, for administrators only, as in GitLab. */
  async function showById(actor: Actor, issueId: number) {
    if (!can(actor, 'admin_instance', { type: 'instance' })) throw new ForbiddenError();
    const { ctx, record } = await findReadableById(actor, issueId);
    return detail(actor, ctx, record.issue.iid);
  }

  /**
   * Edits fields, assignees and the state. Title, description, type and state need `update_issue`;
   * assignees, confidentiality and locking `set_issue_metadata`, as in GitLab.
   */
  async function update(
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
    input: UpdateIssueBody,
  ) {
    const { ctx, record } = await findReadable(actor, projectRef, iid);
    const current = record.issue;
    const parsed = updateIssueBodySchema.parse(input);
    const subject = issueSubject(ctx, current, assigneeIdsOf(record));
    const needs = permissionsNeeded(parsed);
    if (
      (needs.edit && !can(actor, 'update_issue', subject)) ||
      (needs.metadata && !can(actor, 'set_issue_metadata', subject))
    )
      throw new ForbiddenError();

    const now = clock.now();
    const { changes, events } = planFieldChanges(current, parsed, actor.id, now);
    const requested = requestedAssignees(parsed);
    const wanted = requested === undefined ? undefined : await checkAssignees(requested);
    const assignees = wanted?.map((user) => user.id);
    const assigned = wanted && assigneeEvent(record.assignees, wanted);
    if (assigned) events.push(assigned);
    if (events.length === 0 && Object.keys(changes).length === 0) return detail(actor, ctx, iid);

    const notes = await db.transaction(async (tx) => {
      const locked = await lockIssue(tx, current.id);
      if (!locked) throw new NotFoundError('Issue');
      // A state change was decided on what was read; a close or reopen that landed meanwhile wins.
      if (changes.state !== undefined && locked.state !== current.state)
        throw new ConflictError(CHANGED_MEANWHILE);
      await updateIssueRow(tx, current.id, { ...changes, updatedAt: now });
      if (assignees) await replaceAssignees(tx, current.id, assignees);
      return recordEvents(tx, current, actor.id, events);
    });
    for (const note of notes) await systemNotes.announce(note);
    return detail(actor, ctx, iid);
  }

  /**
   * GitLab's `update_task`: ticks one task list item of the description as it is stored now (not
   * as the browser sent it), written only over the version read, with the "marked the checklist
   * item" note. A line that no longer reads as the browser saw it is a conflict: someone edited.
   */
  async function updateTask(
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
    update: TaskUpdate,
  ) {
    const { ctx, record } = await findReadable(actor, projectRef, iid);
    const current = record.issue;
    if (!can(actor, 'update_issue', issueSubject(ctx, current, assigneeIdsOf(record))))
      throw new ForbiddenError();
    const toggled = await toggleTaskItem(markdown, current.description, update);
    if (!toggled) throw new ConflictError(editedMeanwhileText('issue'));
    if (toggled.text === current.description) return detail(actor, ctx, iid);
    const note = await db.transaction(async (tx) => {
      const row = await updateIssueRowAt(tx, current.id, current.lockVersion, {
        description: toggled.text,
        updatedAt: clock.now(),
      });
      if (!row) throw new ConflictError(editedMeanwhileText('issue'));
      return systemNotes.record(
        {
          ...issueNoteable(current),
          authorId: actor.id,
          action: 'task',
          body: taskStatusText(toggled.item, toggled.checked),
        },
        tx,
      );
    });
    await systemNotes.announce(note);
    return detail(actor, ctx, iid);
  }

  const close = (actor: CurrentUser, projectRef: number | string, iid: number) =>
    update(actor, projectRef, iid, { state_event: 'close' });
  const reopen = (actor: CurrentUser, projectRef: number | string, iid: number) =>
    update(actor, projectRef, iid, { state_event: 'reopen' });
  /** GraphQL's `issueSetLocked(projectPath, iid, locked)`. */
  const setLocked = (actor: CurrentUser, projectPath: string, iid: number, locked: boolean) =>
    update(actor, projectPath, iid, { discussion_locked: locked });
  const setConfidential = (
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
    confidential: boolean,
  ) => update(actor, projectRef, iid, { confidential });
  const setAssignees = (
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
    assigneeIds: number[],
  ) => update(actor, projectRef, iid, { assignee_ids: assigneeIds });

  /** `/estimate`: the issue's time estimate in seconds (0 removes it), with GitLab's note. */
  async function setTimeEstimate(
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
    seconds: number,
  ) {
    const { ctx, record } = await findReadable(actor, projectRef, iid);
    if (!can(actor, 'set_issue_metadata', issueSubject(ctx, record.issue, assigneeIdsOf(record))))
      throw new ForbiddenError();
    if (record.issue.timeEstimate === seconds) return;
    const note = await db.transaction(async (tx) => {
      await updateIssueRow(tx, record.issue.id, { timeEstimate: seconds, updatedAt: clock.now() });
      return systemNotes.record(
        {
          ...issueNoteable(record.issue),
          authorId: actor.id,
          action: 'time_tracking',
          body: timeEstimateText(seconds),
        },
        tx,
      );
    });
    await systemNotes.announce(note);
  }

  /**
   * The issues references name, by project and iid, left out where the reader may not read them
   * (a confidential issue is as absent as a missing one). One query for any number.
   */
  async function readableByIids(actor: Actor, keys: ReadonlyArray<{ ctx: ProjectContext; iid: number }>) {
    const contexts = new Map(keys.map(({ ctx }) => [ctx.project.id, ctx]));
    const rows = await findReferencedIssues(
      db,
      keys.map(({ ctx, iid }) => ({ projectId: ctx.project.id, iid })),
    );
    return rows.flatMap((row) => {
      const ctx = contexts.get(row.projectId);
      if (!ctx || !can(actor, 'read_issue', issueSubject(ctx, row, row.assigneeIds))) return [];
      return [{ ctx, issue: row }];
    });
  }

  async function remove(actor: CurrentUser, projectRef: number | string, iid: number): Promise<void> {
    const { ctx, record } = await findReadable(actor, projectRef, iid);
    if (!can(actor, 'destroy_issue', issueSubject(ctx, record.issue, assigneeIdsOf(record))))
      throw new ForbiddenError();
    await deleteIssueRow(db, record.issue.id);
  }

  return {
    loadForRead,
    findReadable,
    findReadableById,
    readableByViewers,
    readableByIids,
    permissionsOf,
    noteableFacts,
    list,
    listForUser,
    create,
    show,
    showById,
    update,
    updateTask,
    close,
    reopen,
    setTimeEstimate,
    setLocked,
    setConfidential,
    setAssignees,
    remove,
  };
}

export type IssuesService = ReturnType<typeof createIssuesService>;
