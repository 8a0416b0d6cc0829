import type { CurrentUser } from '../../auth/current-user';
import { can } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { ConflictError, ForbiddenError } from '../../errors';
import type { EventBus } from '../../realtime/bus';
import { assignableUsers } from '../issues/assignable-users';
import { assigneeEvent } from '../issues/issue-changes';
import { assigneesChangedText } from '../issues/issue-system-notes';
import type { SystemNotesService } from '../notes/system-notes.service';
import { replaceMergeRequestAssignees } from './assignees.repo';
import { announceMergeRequest } from './merge-request-events';
import { lockMergeRequest, updateMergeRequestRow } from './merge-requests.repo';
import { MERGE_IN_PROGRESS, noteableOf, type MergeRequestsService } from './merge-requests.service';

type Deps = {
  db: Db;
  clock: Clock;
  bus: EventBus;
  mergeRequests: Pick<MergeRequestsService, 'findReadable' | 'detailIn'>;
  systemNotes: Pick<SystemNotesService, 'record' | 'announce'>;
};

/**
 * Who works on a merge request (REST `assignee_ids`, the page's sidebar, `/assign`). Assigning
 * is editing the request, so it takes `update_merge_request`, as the other edits do.
 */
export function createMergeRequestAssigneesService({ db, clock, bus, mergeRequests, systemNotes }: Deps) {
  /** Unknown users are a 400: routes ask before they write anything. */
  const checkUsers = (ids: number[]) => assignableUsers(db, ids);

  /**
   * Replaces the assignees and writes GitLab's "assigned to @a and unassigned @b" note; a new
   * request's first assignees (`quiet`) get no note, as in GitLab. Returns the request as `detailIn` does.
   */
  async function replace(
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
    userIds: number[],
    options: { quiet?: boolean } = {},
  ) {
    const { ctx, record } = await mergeRequests.findReadable(actor, projectRef, iid);
    const current = record.mergeRequest;
    const subject = {
      type: 'merge_request' as const,
      authorId: current.authorId,
      visibility: ctx.project.visibility,
      archived: ctx.project.archived,
      accessLevel: ctx.accessLevel,
    };
    if (!can(actor, 'update_merge_request', subject)) throw new ForbiddenError();
    const wanted = await checkUsers(userIds);
    const event = assigneeEvent(record.assignees, wanted);
    if (!event) return mergeRequests.detailIn(actor, ctx, iid);
    const written = await db.transaction(async (tx) => {
      const locked = await lockMergeRequest(tx, current.id);
      if (!locked || locked.state === 'locked') throw new ConflictError(MERGE_IN_PROGRESS);
      await replaceMergeRequestAssignees(
        tx,
        current.id,
        wanted.map((user) => user.id),
      );
      const row = await updateMergeRequestRow(tx, current.id, { updatedAt: clock.now() });
      if (options.quiet || event.action !== 'assignee') return { row, note: null };
      const body = assigneesChangedText(event.added, event.removed);
      const note = await systemNotes.record(
        { ...noteableOf(row), authorId: actor.id, action: 'assignee', body },
        tx,
      );
      return { row, note };
    });
    await announceMergeRequest(bus, written.row);
    if (written.note) await systemNotes.announce(written.note);
    return mergeRequests.detailIn(actor, ctx, iid);
  }

  return { checkUsers, replace };
}

export type MergeRequestAssigneesService = ReturnType<typeof createMergeRequestAssigneesService>;
