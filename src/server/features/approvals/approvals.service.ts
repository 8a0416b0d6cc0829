import {
  approvalsResetByPush,
  approvalsSyncing,
  approvalsWidgetMode,
  canApprove as canApproveRule,
  canManageMergeRequestApprovals,
  type ApprovalState,
  type ApprovalsWidgetMode,
} from '../../../shared/approvals';
import { shaIsHead, shaMismatchText } from '../../../shared/merge-requests/mergeChoices';
import type { CurrentUser } from '../../auth/current-user';
import { verifyPassword } from '../../auth/passwords';
import { can, type Actor } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../errors';
import { listChangedFiles } from '../../git/diff';
import { diffPatchId } from '../../git/patch-id';
import type { EventBus } from '../../realtime/bus';
import type { MergeRequestRow } from '../merge-requests/merge-request-rows';
import type { MergeRequestsService, HeadMove } from '../merge-requests/merge-requests.service';
import { mergeRequestSubject } from '../merge-requests/merge-request-subjects';
import type { ProjectContext, ProjectsService } from '../projects/projects.service';
import type { UsersService } from '../users/users.service';
import {
  approvalFactsOf,
  mayRequireApproval,
  ruleSourcesOf,
  type ApprovalFacts,
  type ApprovalSources,
  type ApprovalSubject,
} from './approval-state';
import type { MergeRequestReviewersService } from '../merge-requests/reviewers.service';
import { announceApprovals } from './approval-events';
import {
  deleteApprovals,
  insertApproval,
  listApprovals,
  type ApprovalPerson,
  type ApprovalSettingsValues,
} from './approvals.repo';
import { effectiveApprovalSettings } from './approval-settings-chain';
import { ruleGroupsViews, type GroupReader } from './rule-group-visibility';

export type { CodeOwnerRules, ApprovalSubject } from './approval-state';

/** A user as the approvals of a request show them. */
export type ApprovalUser = ApprovalPerson;

/**
 * A request's approvals as one viewer sees them: what the GraphQL fields (`approved`,
 * `approvalsLeft`, `approvalsRequired`, `approvedBy`, `committers`, `approvalState`,
 * `userPermissions.canApprove`) and the widget present.
 */
export type MergeRequestApprovalState = {
  state: ApprovalState;
  /** Who approved (counted or not), oldest first, with the head commit each approved. */
  approvedBy: Array<{ user: ApprovalUser; sha: string; createdAt: Date }>;
  /** Users who authored or committed the request's commits. */
  committers: ApprovalUser[];
  /** Everyone `state` names by id (rule approvers, approvers, committers). */
  users: ReadonlyMap<number, ApprovalUser>;
  /** The rules in force are the request's own (it overrode the project's). */
  rulesOverwritten: boolean;
  settings: ApprovalSettingsValues;
  /** 'full' where rules or a password apply, else 'base' (no rules footer, no password). */
  mode: ApprovalsWidgetMode;
  canApprove: boolean;
  userHasApproved: boolean;
  /** The committers may not approve and the viewer is one of them ("Why can't I approve?"). */
  viewerIsCommitter: boolean;
  /** The viewer may edit this request's approval rules (and the project lets requests override). */
  canUpdateApprovers: boolean;
};

type Deps = Omit<ApprovalSources, 'db'> & {
  db: Db;
  clock: Clock;
  bus: EventBus;
  projects: ApprovalSources['projects'] & Pick<ProjectsService, 'gitDirOf'>;
  users: Pick<UsersService, 'getUser'>;
  mergeRequests: ApprovalSources['mergeRequests'] &
    Pick<
      MergeRequestsService,
      'findReadable' | 'lockRow' | 'rowById' | 'onHeadMoving' | 'onHeadChanged' | 'approvalsFrom'
    >;
  readableGroups: GroupReader;
  /** A reviewer who approves or revokes is shown so in the reviewers list. */
  reviewers: Pick<MergeRequestReviewersService, 'setReviewerState'>;
};

/**
 * Merge request approvals: who approved which head commit, the state the rules make of it, the
 * approve and revoke calls, approvals removed by pushes (in the push's transaction), and the
 * NOT_APPROVED merge check fed to merge requests through their hook.
 */
export function createApprovalsService(deps: Deps) {
  const { db, clock, bus, projects, users, mergeRequests, reviewers } = deps;
  const sources: ApprovalSources = deps;

  const factsOf = (subject: ApprovalSubject) => approvalFactsOf(sources, subject);

  function present(
    actor: Actor,
    ctx: ProjectContext,
    subject: ApprovalSubject,
    facts: ApprovalFacts,
  ): MergeRequestApprovalState {
    const mr = subject.mergeRequest;
    const { settings, state } = facts;
    const userId = actor?.id ?? null;
    const committerIds = facts.committers.map((c) => c.id);
    const approvedByIds = facts.approvals.map((a) => a.user.id);
    const filters = {
      preventApprovalByAuthor: settings.preventApprovalByAuthor,
      preventApprovalByCommitAuthor: settings.preventApprovalByCommitAuthor,
    };
    const subjectFacts = mergeRequestSubject(ctx, mr.authorId);
    return {
      state,
      approvedBy: facts.approvals.map(({ approval, user }) => ({
        user,
        sha: approval.sha,
        createdAt: approval.createdAt,
      })),
      committers: facts.committers,
      users: facts.people,
      rulesOverwritten: facts.inForce.overwritten,
      settings,
      mode: approvalsWidgetMode(
        facts.inForce.rules.length > 0 || settings.requirePasswordToApprove || state.approvalNeeded,
      ),
      canApprove: canApproveRule({
        userId,
        hasApprovePermission: mr.state === 'opened' && can(actor, 'approve_merge_request', subjectFacts),
        approvedByIds,
        people: { authorId: mr.authorId ?? 0, committerIds },
        settings: filters,
      }),
      userHasApproved: userId !== null && approvedByIds.includes(userId),
      viewerIsCommitter:
        userId !== null && settings.preventApprovalByCommitAuthor && committerIds.includes(userId),
      canUpdateApprovers: mayEditRules(actor, ctx, settings),
    };
  }

  /** 002 §6 and the project's "Prevent editing approval rules in merge requests". */
  function mayEditRules(actor: Actor, ctx: ProjectContext, settings: ApprovalSettingsValues): boolean {
    if (actor === null || ctx.project.archived || settings.disableOverridingApproversPerMergeRequest)
      return false;
    return canManageMergeRequestApprovals({
      baseAccessLevel: actor.admin ? Number.MAX_SAFE_INTEGER : ctx.accessLevel,
      adminMergeRequest: false,
    });
  }

  /** The approval state of a request as `actor` sees it (the caller has checked they may read it). */
  async function approvalStateFor(
    actor: Actor,
    ctx: ProjectContext,
    mergeRequest: ApprovalSubject,
  ): Promise<MergeRequestApprovalState> {
    return present(actor, ctx, mergeRequest, await factsOf(mergeRequest));
  }

  /** `GET .../approvals` and friends: the request the actor may read, and its state for them. */
  async function forMergeRequest(actor: Actor, projectRef: number | string, iid: number) {
    const { ctx, record } = await mergeRequests.findReadable(actor, projectRef, iid);
    const facts = await factsOf(record);
    const groupViews = await ruleGroupsViews(deps.readableGroups, actor, ctx, facts.inForce.rules);
    return { ctx, record, facts, groupViews, view: present(actor, ctx, record, facts) };
  }

  /** The patch-id of the request's latest diff, for binding an approval to the changes it saw. */
  async function patchIdOf(subject: ApprovalSubject): Promise<string | null> {
    const diff = subject.latestDiff;
    if (!diff) return null;
    return diffPatchId(
      projects.gitDirOf(subject.mergeRequest.projectId),
      diff.baseCommitSha,
      diff.headCommitSha,
    );
  }

  /**
   * GitLab's approve: a Developer or more (403 otherwise); `sha` must be the head (409); the
   * password when the project asks for it (401); then the author and committers where the
   * settings exclude them, and a second approval, are refused (401). The approval records the
   * head it was given on, and is written only if the head has not moved meanwhile.
   */
  async function approve(
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
    input: { sha?: string; approvalPassword?: string },
  ) {
    const { ctx, record } = await mergeRequests.findReadable(actor, projectRef, iid);
    const mr = record.mergeRequest;
    if (!can(actor, 'approve_merge_request', mergeRequestSubject(ctx, mr.authorId)))
      throw new ForbiddenError();
    if (input.sha !== undefined && !shaIsHead(input.sha, mr.headSha))
      throw new ConflictError(shaMismatchText(mr.headSha));
    const settings = await effectiveApprovalSettings(db, mr.projectId);
    if (settings.requirePasswordToApprove && !(await passwordMatches(actor, input.approvalPassword)))
      throw new UnauthorizedError();
    const view = present(actor, ctx, record, await factsOf(record));
    if (!view.canApprove || !mr.headSha) throw new UnauthorizedError();
    const headSha = mr.headSha;
    const patchIdSha = await patchIdOf(record);
    await db.transaction(async (tx) => {
      await mergeRequests.lockRow(mr.id, tx);
      const locked = await mergeRequests.rowById(mr.id, tx);
      // A push landed since the approver read the request: they did not see this code.
      if (!locked || locked.headSha !== headSha)
        throw new ConflictError(shaMismatchText(locked?.headSha ?? null));
      if (
        !(await insertApproval(tx, {
          mergeRequestId: mr.id,
          userId: actor.id,
          sha: headSha,
          patchIdSha,
          createdAt: clock.now(),
        }))
      )
        throw new UnauthorizedError();
      await reviewers.setReviewerState(mr.id, actor.id, 'approved', tx);
    });
    await announceApprovals(bus, mr);
    return forMergeRequest(actor, projectRef, iid);
  }

  async function passwordMatches(actor: CurrentUser, password: string | undefined): Promise<boolean> {
    if (!password) return false;
    const { user } = await users.getUser(actor.id);
    return verifyPassword(password, user.passwordHash);
  }

  /** GitLab's unapprove: the actor's own approval goes; 404 when they had none. */
  async function unapprove(actor: CurrentUser, projectRef: number | string, iid: number) {
    const { ctx, record } = await mergeRequests.findReadable(actor, projectRef, iid);
    const mr = record.mergeRequest;
    if (!can(actor, 'approve_merge_request', mergeRequestSubject(ctx, mr.authorId)))
      throw new ForbiddenError();
    const removed = await db.transaction(async (tx) => {
      await mergeRequests.lockRow(mr.id, tx);
      const deleted = await deleteApprovals(tx, mr.id, [actor.id]);
      if (deleted.length > 0) await reviewers.setReviewerState(mr.id, actor.id, 'unapproved', tx);
      return deleted;
    });
    if (removed.length === 0) throw new NotFoundError();
    await announceApprovals(bus, mr);
    return forMergeRequest(actor, projectRef, iid);
  }

  /**
   * GitLab's reset_approvals: only bot users of project or group access tokens may clear every
   * approval of a request. This instance has no such tokens yet, so everyone is refused as GitLab
   * refuses people (401).
   */
  async function resetApprovals(
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
  ): Promise<never> {
    await mergeRequests.findReadable(actor, projectRef, iid);
    throw new UnauthorizedError();
  }

  /**
   * The code owner rules owning a file the push changed (from the previous head to the new one),
   * each with the approvals its eligible approvers gave: the approvals the code-owner mode removes.
   */
  async function rulesTouchedByPush(
    tx: Db,
    mr: MergeRequestRow,
    move: HeadMove & { previousHeadSha: string },
    approvedIds: readonly number[],
  ) {
    const ctx = await projects.systemContext(mr.projectId, tx);
    if (!ctx) return [];
    const changed = await listChangedFiles(ctx.gitDir, move.previousHeadSha, move.headSha);
    const paths = [...new Set(changed.flatMap((file) => [file.oldPath, file.newPath]))];
    const rules = await deps.codeOwnerRules(ctx, mr, { changedPaths: paths, within: tx });
    return rules.map((rule) => ({
      name: rule.name,
      approvedByIds: approvedIds.filter((id) => rule.approverIds.includes(id)),
    }));
  }

  /**
   * In the transaction that moves a request's head: where the settings remove approvals on new
   * commits, every approval given on another patch-id goes (a rebase that leaves the diff as it
   * was keeps them); in the code-owner mode, only the approvals of code owners of the files the
   * push changed go; where they keep approvals, approvals carry over.
   */
  async function headMoving(tx: Db, move: HeadMove): Promise<void> {
    if (move.previousHeadSha === null || move.previousHeadSha === move.headSha) return;
    const mr = await mergeRequests.rowById(move.mergeRequestId, tx);
    if (!mr) return;
    const settings = await effectiveApprovalSettings(tx, mr.projectId);
    const approvals = await listApprovals(tx, mr.id);
    if (approvals.length === 0) return;
    const selective = settings.selectiveCodeOwnerRemovals && !settings.removeApprovalsWithNewCommit;
    const touched = selective
      ? await rulesTouchedByPush(
          tx,
          mr,
          { ...move, previousHeadSha: move.previousHeadSha },
          approvals.map(({ approval }) => approval.userId),
        )
      : [];
    const { removed } = approvalsResetByPush({
      approvals: approvals.map(({ approval }) => ({
        userId: approval.userId,
        patchIdSha: approval.patchIdSha,
      })),
      patchIdSha: await diffPatchId(projects.gitDirOf(mr.projectId), move.baseSha, move.headSha),
      removeApprovalsWithNewCommit: settings.removeApprovalsWithNewCommit,
      selectiveCodeOwnerRemovals: settings.selectiveCodeOwnerRemovals,
      codeOwnerRules: touched,
      changedCodeOwnerPatterns: touched.map((rule) => rule.name),
    });
    if (removed.length > 0) await deleteApprovals(tx, mr.id, removed);
  }

  /** The NOT_APPROVED and APPROVALS_SYNCING checks' input for a page of requests: inactive where nothing must be approved. */
  async function checkStates(subjects: ApprovalSubject[]) {
    const states = new Map<number, 'inactive' | 'approved' | 'not_approved' | 'syncing'>();
    for (const subject of subjects) {
      if (subject.mergeRequest.state !== 'opened') continue;
      const rules = await ruleSourcesOf(sources, subject.mergeRequest);
      if (!mayRequireApproval(rules)) continue;
      if (approvalsSyncing(subject.mergeRequest.approvalsSyncingSince, clock.now())) {
        states.set(subject.mergeRequest.id, 'syncing');
        continue;
      }
      const { state } = await approvalFactsOf(sources, subject, rules);
      if (state.approvalNeeded)
        states.set(subject.mergeRequest.id, state.approved ? 'approved' : 'not_approved');
    }
    return states;
  }

  // Merge requests sit below approvals: approvals plug into their head moves and merge checks.
  mergeRequests.onHeadMoving.add(headMoving);
  // A push may have removed approvals in its transaction: live approval states read them again.
  mergeRequests.onHeadChanged.add(async (mergeRequestId) => {
    const mr = await mergeRequests.rowById(mergeRequestId);
    if (mr)
      await bus.publish({
        type: 'merge_request.approval_state_updated',
        projectId: mr.projectId,
        mergeRequestId,
        iid: mr.iid,
      });
  });
  mergeRequests.approvalsFrom(checkStates);

  /** Tells live pages and auto-merge that a request's approval state may have changed. */
  const announce = (mr: Pick<MergeRequestRow, 'id' | 'iid' | 'projectId'>) => announceApprovals(bus, mr);

  return {
    approvalStateFor,
    forMergeRequest,
    approve,
    unapprove,
    resetApprovals,
    factsOf,
    mayEditRules,
    announce,
  };
}

export type ApprovalsService = ReturnType<typeof createApprovalsService>;
