import { can, type Actor, type Subject } from '../../auth/permissions';
import type { IssuesService } from '../issues/issues.service';
import type { MergeRequestsService } from '../merge-requests/merge-requests.service';
import type { ProjectContext } from '../projects/projects.service';
import type { NoteableKey } from './notes.repo';

export type NoteableType = 'Issue' | 'MergeRequest';

/**
 * Whether the actor reads internal notes of a project's issues or merge requests (Reporters and
 * administrators): for counts over many noteables of one project.
 */
export const readsInternalNotesIn = (actor: Actor, ctx: ProjectContext, noteableType: NoteableType) =>
  can(actor, 'read_internal_note', {
    type: 'noteable',
    noteableType,
    noteableAuthorId: null,
    confidential: false,
    assigneeIds: [],
    discussionLocked: false,
    visibility: ctx.project.visibility,
    archived: ctx.project.archived,
    accessLevel: ctx.accessLevel,
  });

/** The diff refs of a merge request's latest version: diff notes on them are active. */
export type DiffRefs = { baseSha: string; startSha: string; headSha: string };

/**
 * An issue or a merge request as the notes feature sees it, loaded by its own feature's
 * service for one actor (who may read it): the facts can() needs and what paths and pages show.
 */
export type Noteable = NoteableKey & {
  ctx: ProjectContext;
  iid: number;
  title: string;
  state: string;
  authorId: number | null;
  confidential: boolean;
  discussionLocked: boolean;
  targetType: 'issue' | 'incident' | 'merge_request';
  /** `/{project}/-/merge_requests/{iid}` or `/{project}/-/issues/{iid}`. */
  path: string;
  /** Merge requests only. */
  diffRefs: DiffRefs | null;
  canUpdate: boolean;
  canSetIssueMetadata: boolean;
  canAddTimelineEvents: boolean;
  assignees: Array<{ id: number; username: string; name: string }>;
  facts: Extract<Subject, { type: 'noteable' }>;
};

export type NoteableLoaders = {
  mergeRequests: Pick<MergeRequestsService, 'findReadable' | 'findReadableById' | 'readableByViewers'>;
  issues: Pick<
    IssuesService,
    'findReadable' | 'findReadableById' | 'readableByViewers' | 'permissionsOf' | 'noteableFacts'
  >;
};

type FoundMergeRequest = Awaited<ReturnType<MergeRequestsService['findReadable']>>;
type FoundIssue = Awaited<ReturnType<IssuesService['findReadable']>>;

function fromMergeRequest(actor: Actor, { ctx, record }: FoundMergeRequest): Noteable {
  const mr = record.mergeRequest;
  const facts: Noteable['facts'] = {
    type: 'noteable',
    noteableType: 'MergeRequest',
    noteableAuthorId: mr.authorId,
    confidential: false,
    assigneeIds: record.assignees.map((user) => user.id),
    discussionLocked: mr.discussionLocked,
    visibility: ctx.project.visibility,
    archived: ctx.project.archived,
    accessLevel: ctx.accessLevel,
  };
  const latest = record.latestDiff;
  return {
    noteableType: 'MergeRequest',
    noteableId: mr.id,
    ctx,
    iid: mr.iid,
    title: mr.title,
    state: mr.state,
    authorId: mr.authorId,
    confidential: false,
    discussionLocked: mr.discussionLocked,
    targetType: 'merge_request',
    path: `/${ctx.fullPath}/-/merge_requests/${mr.iid}`,
    diffRefs: latest
      ? { baseSha: latest.baseCommitSha, startSha: latest.startCommitSha, headSha: latest.headCommitSha }
      : null,
    canUpdate: can(actor, 'update_merge_request', {
      type: 'merge_request',
      authorId: mr.authorId,
      visibility: ctx.project.visibility,
      archived: ctx.project.archived,
      accessLevel: ctx.accessLevel,
    }),
    canSetIssueMetadata: false,
    canAddTimelineEvents: false,
    assignees: record.assignees.map(({ id, username, name }) => ({ id, username, name })),
    facts,
  };
}

function fromIssue(actor: Actor, issues: NoteableLoaders['issues'], found: FoundIssue): Noteable {
  const { ctx, record } = found;
  const issue = record.issue;
  const permissions = issues.permissionsOf(actor, found);
  return {
    noteableType: 'Issue',
    noteableId: issue.id,
    ctx,
    iid: issue.iid,
    title: issue.title,
    state: issue.state,
    authorId: issue.authorId,
    confidential: issue.confidential,
    discussionLocked: issue.discussionLocked,
    targetType: issue.issueType === 'incident' ? 'incident' : 'issue',
    path: `/${ctx.fullPath}/-/issues/${issue.iid}`,
    diffRefs: null,
    canUpdate: permissions.canUpdate,
    canSetIssueMetadata: permissions.canSetMetadata,
    canAddTimelineEvents: permissions.canAddTimelineEvents && issue.issueType === 'incident',
    assignees: record.assignees.map(({ id, username, name }) => ({ id, username, name })),
    facts: issues.noteableFacts(ctx, record),
  };
}

/** Loads noteables through their features' services: unreadable ones fail as those services decide (404/403). */
export function createNoteableLoader({ mergeRequests, issues }: NoteableLoaders) {
  async function byIid(
    actor: Actor,
    type: NoteableType,
    projectRef: number | string,
    iid: number,
  ): Promise<Noteable> {
    if (type === 'MergeRequest')
      return fromMergeRequest(actor, await mergeRequests.findReadable(actor, projectRef, iid));
    return fromIssue(actor, issues, await issues.findReadable(actor, projectRef, iid));
  }

  async function byId(actor: Actor, type: NoteableType, id: number): Promise<Noteable> {
    if (type === 'MergeRequest')
      return fromMergeRequest(actor, await mergeRequests.findReadableById(actor, id));
    return fromIssue(actor, issues, await issues.findReadableById(actor, id));
  }

  /**
   * A noteable to be shown to many viewers at once (a live note event): read once, then each
   * viewer's Noteable, or null where they may not read it. Null overall when it is gone.
   */
  async function byIdForViewers(type: NoteableType, id: number): Promise<NoteableForViewers | null> {
    if (type === 'MergeRequest') {
      const readable = await mergeRequests.readableByViewers(id);
      return (
        readable &&
        (async (actor) => mapFound(await readable(actor), (found) => fromMergeRequest(actor, found)))
      );
    }
    const readable = await issues.readableByViewers(id);
    return (
      readable &&
      (async (actor) => mapFound(await readable(actor), (found) => fromIssue(actor, issues, found)))
    );
  }

  return { byIid, byId, byIdForViewers };
}

/** Each viewer's noteable, or null where they may not read it. */
export type NoteableForViewers = (actor: Actor) => Promise<Noteable | null>;

const mapFound = <T>(found: T | null, present: (found: T) => Noteable) => (found ? present(found) : null);

export type NoteableLoader = ReturnType<typeof createNoteableLoader>;
