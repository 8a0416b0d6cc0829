import { assertNever } from '../../../shared/lib/assertNever';
import {
  appliedMessage,
  failedMessage,
  type QuickActionNoteableType,
  type QuickCommand,
} from '../../../shared/quick-actions/quickActions';
import { can, type Subject } from '../../auth/permissions';
import type { CurrentUser } from '../../auth/current-user';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { toPage } from '../../api-v4/pagination';
import { AppError } from '../../errors';
import type { ApprovalsService } from '../approvals/approvals.service';
import type { AwardEmojiService, Awardable } from '../award-emoji/award-emoji.service';
import { issueAwardable, mergeRequestAwardable } from '../award-emoji/awardables';
import type { IssuesService } from '../issues/issues.service';
import type { MergeService } from '../merge-requests/merge.service';
import type { MergeRequestsService } from '../merge-requests/merge-requests.service';
import type { MergeRequestAssigneesService } from '../merge-requests/assignees.service';
import type { MergeRequestReviewersService } from '../merge-requests/reviewers.service';
import { applyReviewerCommand } from './reviewer-actions';
import type { UsersService } from '../users/users.service';
import type { LabelsService } from '../labels/labels.service';
import { insertTimelog } from './quick-actions.repo';

/** The issue or merge request a note with commands is written on. */
export type QuickActionTarget = { noteableType: QuickActionNoteableType; projectId: number; iid: number };

/** What the note form shows and updates (spec 001 section 7.1: quick_actions_status, commands_changes). */
export type QuickActionsResult = {
  messages: string[];
  command_names: string[];
  commands_changes: {
    emoji_award?: string;
    spend_time?: { duration: number; user_id: number };
    time_estimate?: number;
  };
  /** Some command could not be applied; its message says which. */
  error: boolean;
};

type Applied = { message: string; changes?: QuickActionsResult['commands_changes'] };

type Deps = {
  db: Db;
  clock: Clock;
  mergeRequests: Pick<
    MergeRequestsService,
    'loadForRead' | 'findReadable' | 'detailIn' | 'update' | 'setDiscussionLocked' | 'setTimeEstimate'
  >;
  merges: Pick<MergeService, 'merge'>;
  mergeRequestAssignees: Pick<MergeRequestAssigneesService, 'replace'>;
  mergeRequestReviewers: Pick<MergeRequestReviewersService, 'replace' | 'rerequest' | 'readersAmong'>;
  issues: Pick<IssuesService, 'findReadable' | 'noteableFacts' | 'update' | 'setTimeEstimate'>;
  awardEmoji: Pick<AwardEmojiService, 'toggle'>;
  labels: Pick<LabelsService, 'applyChanges'>;
  users: Pick<UsersService, 'findUsers'>;
  approvals: Pick<ApprovalsService, 'approve' | 'unapprove'>;
};

/** Spent time is recorded on the day given, at midnight UTC, or now. */
const spentAtOf = (date: string | null, now: Date) => (date ? new Date(`${date}T00:00:00Z`) : now);

export function createQuickActionsService(deps: Deps) {
  const {
    db,
    clock,
    mergeRequests,
    merges,
    mergeRequestAssignees,
    issues,
    awardEmoji,
    labels,
    users,
    approvals,
  } = deps;

  /** The noteable as something commands act on, read with the actor's rights (404 otherwise). */
  const noteableOf = (actor: CurrentUser, target: QuickActionTarget): Promise<Awardable> =>
    target.noteableType === 'Issue'
      ? issueAwardable(issues, actor, String(target.projectId), target.iid)
      : mergeRequestAwardable(mergeRequests, actor, String(target.projectId), target.iid);

  /** Time tracking is for those who manage the noteable: reporters on issues, who may edit a merge request on it. */
  function mayTrackTime(actor: CurrentUser, subject: Awardable['subject']): boolean {
    if (subject.noteableType === 'Issue') return can(actor, 'set_issue_metadata', subject);
    const mergeRequest: Subject = {
      type: 'merge_request',
      authorId: subject.noteableAuthorId,
      visibility: subject.visibility,
      archived: subject.archived,
      accessLevel: subject.accessLevel,
    };
    return can(actor, 'update_merge_request', mergeRequest);
  }

  /** Users by username (`me` is the actor); null when any of them does not exist. */
  async function usersNamed(actor: CurrentUser, usernames: string[]) {
    const found: Array<{ id: number; username: string }> = [];
    for (const username of usernames) {
      if (username === 'me') {
        found.push(actor);
        continue;
      }
      const { rows } = await users.findUsers(
        { username, searchEmail: false },
        toPage({ page: 1, per_page: 1 }),
      );
      const user = rows[0]?.user;
      if (!user) return null;
      found.push(user);
    }
    return found;
  }

  async function setState(actor: CurrentUser, target: QuickActionTarget, event: 'close' | 'reopen') {
    const { projectId, iid } = target;
    const wanted = event === 'close' ? 'closed' : 'opened';
    if (target.noteableType === 'Issue') {
      const { record } = await issues.update(actor, projectId, iid, { state_event: event });
      return record.issue.state === wanted;
    }
    const { mergeRequest } = await mergeRequests.update(actor, projectId, iid, { state_event: event });
    return mergeRequest.state === wanted;
  }

  /** The noteable's assignees, read with the actor's rights. */
  async function assigneesOf(actor: CurrentUser, target: QuickActionTarget) {
    const { projectId, iid } = target;
    const { record } =
      target.noteableType === 'Issue'
        ? await issues.findReadable(actor, projectId, iid)
        : await mergeRequests.findReadable(actor, projectId, iid);
    return record.assignees;
  }

  async function replaceAssignees(actor: CurrentUser, target: QuickActionTarget, assigneeIds: number[]) {
    const { projectId, iid } = target;
    if (target.noteableType === 'Issue')
      await issues.update(actor, projectId, iid, { assignee_ids: assigneeIds });
    else await mergeRequestAssignees.replace(actor, projectId, iid, assigneeIds);
  }

  /** `/assign` and `/unassign`: only who is not yet (or still) assigned counts as touched. */
  async function assign(
    actor: CurrentUser,
    target: QuickActionTarget,
    command: Extract<QuickCommand, { name: 'assign' | 'unassign' }>,
  ): Promise<string[] | null> {
    const named = await usersNamed(actor, command.usernames);
    if (!named) return null;
    const current = await assigneesOf(actor, target);
    const currentIds = new Set(current.map((user) => user.id));
    const touched =
      command.name === 'assign'
        ? named.filter((user) => !currentIds.has(user.id))
        : named.length === 0
          ? current
          : named.filter((user) => currentIds.has(user.id));
    if (touched.length === 0) return null;
    const touchedIds = new Set(touched.map((user) => user.id));
    const assigneeIds =
      command.name === 'assign'
        ? [...currentIds, ...touchedIds]
        : [...currentIds].filter((id) => !touchedIds.has(id));
    await replaceAssignees(actor, target, assigneeIds);
    return touched.map((user) => user.username);
  }

  /**
   * `/label`, `/relabel`, `/unlabel`: existing labels only (unlike REST, no label is made on the
   * fly). Returns the names of the labels the command named, or null when it named none.
   */
  async function relabel(
    actor: CurrentUser,
    target: QuickActionTarget,
    command: Extract<QuickCommand, { name: 'label' | 'relabel' | 'unlabel' }>,
  ): Promise<string[] | null> {
    const noteable = await noteableOf(actor, target);
    if (!mayTrackTime(actor, noteable.subject)) return null;
    const changes =
      command.name === 'label'
        ? { add: command.refs }
        : command.name === 'relabel'
          ? { set: command.refs }
          : command.refs.length === 0
            ? { set: [] }
            : { remove: command.refs };
    const { named, removed } = await labels.applyChanges(
      actor,
      target.projectId,
      { type: target.noteableType, id: noteable.id },
      changes,
      { create: false },
    );
    if (command.name === 'unlabel' && command.refs.length === 0) return removed.length ? [] : null;
    return named.length ? named.map((label) => label.title) : null;
  }

  /** Applies one command; null when it cannot be applied (the caller words the failure). */
  async function apply(
    actor: CurrentUser,
    target: QuickActionTarget,
    command: Exclude<QuickCommand, { name: 'invalid' }>,
    onHookError: (error: unknown) => void,
  ): Promise<Applied | null> {
    const { noteableType, projectId, iid } = target;
    const done = (usernames: string[] = [], changes?: Applied['changes']): Applied => ({
      message: appliedMessage(command, noteableType, usernames),
      ...(changes ? { changes } : {}),
    });
    switch (command.name) {
      case 'close':
      case 'reopen':
        return (await setState(actor, target, command.name)) ? done() : null;
      case 'draft':
      case 'ready': {
        const { mergeRequest } = await mergeRequests.update(actor, projectId, iid, {
          draft: command.name === 'draft',
        });
        return mergeRequest.draft === (command.name === 'draft') ? done() : null;
      }
      case 'lock':
      case 'unlock': {
        const locked = command.name === 'lock';
        if (noteableType === 'Issue')
          await issues.update(actor, projectId, iid, { discussion_locked: locked });
        else await mergeRequests.setDiscussionLocked(actor, projectId, iid, locked);
        return done();
      }
      case 'assign':
      case 'unassign': {
        const touched = await assign(actor, target, command);
        return touched ? done(touched) : null;
      }
      case 'assign_reviewer':
      case 'request_review':
      case 'unassign_reviewer':
      case 'reassign_reviewer': {
        if (noteableType !== 'MergeRequest') return null;
        const named = await usersNamed(actor, command.usernames);
        const touched = named && (await applyReviewerCommand(deps, actor, target, command, named));
        return touched ? done(touched) : null;
      }
      case 'award': {
        const { name } = await awardEmoji.toggle(actor, await noteableOf(actor, target), command.emoji);
        return done([], { emoji_award: name });
      }
      case 'spend': {
        const noteable = await noteableOf(actor, target);
        if (!mayTrackTime(actor, noteable.subject)) return null;
        const now = clock.now();
        await insertTimelog(db, {
          noteableType,
          noteableId: noteable.id,
          userId: actor.id,
          timeSpent: command.seconds,
          spentAt: spentAtOf(command.spentAt, now),
          createdAt: now,
        });
        return done([], { spend_time: { duration: command.seconds, user_id: actor.id } });
      }
      case 'merge': {
        if (noteableType !== 'MergeRequest') return null;
        const outcome = await merges.merge(actor, projectId, iid, {}, onHookError);
        return outcome.kind === 'merged' ? done() : null;
      }
      case 'estimate': {
        if (noteableType === 'Issue') await issues.setTimeEstimate(actor, projectId, iid, command.seconds);
        else await mergeRequests.setTimeEstimate(actor, projectId, iid, command.seconds);
        return done([], { time_estimate: command.seconds });
      }
      case 'label':
      case 'relabel':
      case 'unlabel': {
        const touched = await relabel(actor, target, command);
        return touched ? done(touched) : null;
      }
      case 'approve':
        if (noteableType !== 'MergeRequest') return null;
        await approvals.approve(actor, projectId, iid, {});
        return done();
      case 'unapprove':
        if (noteableType !== 'MergeRequest') return null;
        await approvals.unapprove(actor, projectId, iid);
        return done();
      default:
        return assertNever(command);
    }
  }

  /**
   * Applies a note's commands in order, each through the service that owns what it changes
   * (so each checks its own permission). A command that fails is reported and the rest still run,
   * as in GitLab.
   */
  async function execute(
    actor: CurrentUser,
    target: QuickActionTarget,
    commands: QuickCommand[],
    onHookError: (error: unknown) => void,
  ): Promise<QuickActionsResult> {
    const result: QuickActionsResult = {
      messages: [],
      command_names: [],
      commands_changes: {},
      error: false,
    };
    for (const command of commands) {
      const name = command.name === 'invalid' ? command.command : command.name;
      result.command_names.push(name);
      let applied: Applied | null = null;
      try {
        applied = command.name === 'invalid' ? null : await apply(actor, target, command, onHookError);
      } catch (error) {
        // A refusal (403, 409 ...) is this command's failure; anything else is a bug to surface.
        if (!(error instanceof AppError)) throw error;
      }
      if (!applied) {
        result.messages.push(failedMessage(name));
        result.error = true;
        continue;
      }
      result.messages.push(applied.message);
      Object.assign(result.commands_changes, applied.changes);
    }
    return result;
  }

  return { execute };
}

export type QuickActionsService = ReturnType<typeof createQuickActionsService>;
