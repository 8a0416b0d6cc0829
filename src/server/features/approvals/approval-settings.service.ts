import {
  APPROVAL_SETTING_STORED_AT,
  approvalSettingsApiResponse,
  approvalSettingsFromApi,
  AT_LEAST_ONE_APPROVAL_SETTING_MESSAGE,
  canChangeApprovalSetting,
  resolveApprovalSetting,
  instanceApprovalSettingsApiResponse,
  instanceApprovalSettingsFromApi,
  type ApiApprovalSettingName,
  type ApprovalSettingKey,
  type ApprovalSettingsChain,
  type InstanceApiApprovalSettingName,
  type StoredApprovalSettings,
} from '../../../shared/approvals';
import type { ProjectApprovalsBody } from '../../../shared/api/approvals';
import type { CurrentUser } from '../../auth/current-user';
import { can, type Actor } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { BadRequestError, ForbiddenError } from '../../errors';
import type { EventBus } from '../../realtime/bus';
import type { GroupsService } from '../groups/groups.service';
import type { ProjectsService } from '../projects/projects.service';
import {
  effectiveApprovalSettings,
  groupSettingsLevelChain,
  projectSettingsChain,
} from './approval-settings-chain';
import {
  findInstanceApprovalSettings,
  upsertGroupApprovalSettings,
  upsertInstanceApprovalSettings,
} from './approval-settings.repo';
import { upsertApprovalSettings, type ApprovalSettingsValues } from './approvals.repo';

type Deps = {
  db: Db;
  clock: Clock;
  bus: EventBus;
  projects: Pick<ProjectsService, 'loadProject'>;
  groups: Pick<GroupsService, 'loadGroup'>;
};

/** Stored restrictions as the tables' columns (the keys the level stores; others are refused first). */
function valuesOf(stored: StoredApprovalSettings): Partial<ApprovalSettingsValues> {
  return defined({
    preventApprovalByAuthor: stored.prevent_approval_by_author,
    preventApprovalByCommitAuthor: stored.prevent_approval_by_commit_author,
    disableOverridingApproversPerMergeRequest: stored.disable_overriding_approvers_per_merge_request,
    removeApprovalsWithNewCommit: stored.remove_approvals_with_new_commit,
    requirePasswordToApprove: stored.require_password_to_approve,
    selectiveCodeOwnerRemovals: stored.selective_code_owner_removals,
  });
}

const defined = <T extends object>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;

/**
 * Refuses, before anything is written, a change that relaxes what a level above restricts: 403
 * with the settings screens' words (configured at the instance level, or in a group). A key the
 * level does not store is a 400. Answers what to write: a locked setting sent with the value it
 * already has (a form sends every box) stays unwritten, so lifting the lock brings back the
 * level's own choice.
 */
function writableChanges(
  level: 'group' | 'project',
  stored: StoredApprovalSettings,
  chain: ApprovalSettingsChain,
): StoredApprovalSettings {
  const writable: StoredApprovalSettings = {};
  for (const [key, value] of Object.entries(stored) as [ApprovalSettingKey, boolean][]) {
    if (!APPROVAL_SETTING_STORED_AT[key].includes(level))
      throw new BadRequestError(`${key} cannot be set at the ${level} level`);
    const change = canChangeApprovalSetting(key, level, value, chain);
    if (!change.allowed) throw new ForbiddenError(change.message);
    if (!resolveApprovalSetting(key, level, chain).locked) writable[key] = value;
  }
  return writable;
}

/**
 * Approval settings at the three levels GitLab stores them: the instance (administrators), groups
 * (their Owners; a group's restrictions reach its subgroups and their projects) and projects
 * (Maintainers). A level above that restricts a setting locks it below; reads answer the
 * effective values.
 */
export function createApprovalSettingsService({ db, clock, bus, projects, groups }: Deps) {
  /** The project's effective settings (`GET /projects/:id/approvals`, GraphQL). */
  async function read(actor: Actor, projectRef: number | string) {
    const ctx = await projects.loadProject(actor, projectRef);
    return effectiveApprovalSettings(db, ctx.project.id);
  }

  async function writeProject(
    actor: CurrentUser,
    projectRef: number | string,
    stored: StoredApprovalSettings,
    extra: Partial<ApprovalSettingsValues> = {},
  ) {
    const ctx = await projects.loadProject(actor, projectRef, 'admin_project');
    const writable = writableChanges('project', stored, await projectSettingsChain(db, ctx.project.id));
    await upsertApprovalSettings(
      db,
      ctx.project.id,
      { ...valuesOf(writable), ...defined(extra) },
      clock.now(),
    );
    await bus.publish({ type: 'project.updated', projectId: ctx.project.id });
    return effectiveApprovalSettings(db, ctx.project.id);
  }

  /** `POST /projects/:id/approvals`. */
  const updateProjectApprovals = (
    actor: CurrentUser,
    projectRef: number | string,
    body: ProjectApprovalsBody,
  ) =>
    writeProject(
      actor,
      projectRef,
      defined({
        remove_approvals_with_new_commit: body.reset_approvals_on_push,
        selective_code_owner_removals: body.selective_code_owner_removals,
        disable_overriding_approvers_per_merge_request: body.disable_overriding_approvers_per_merge_request,
        prevent_approval_by_author:
          body.merge_requests_author_approval === undefined
            ? undefined
            : !body.merge_requests_author_approval,
        prevent_approval_by_commit_author: body.merge_requests_disable_committers_approval,
        require_password_to_approve: body.require_password_to_approve,
      }),
      { approvalsBeforeMerge: body.approvals_before_merge },
    );

  /** `GET /projects/:id/merge_request_approval_setting`. */
  async function approvalSetting(actor: CurrentUser, projectRef: number | string) {
    const ctx = await projects.loadProject(actor, projectRef, 'admin_project');
    return approvalSettingsApiResponse('project', await projectSettingsChain(db, ctx.project.id));
  }

  /** `PUT /projects/:id/merge_request_approval_setting`: at least one `allow_*` (400 otherwise). */
  async function updateApprovalSetting(
    actor: CurrentUser,
    projectRef: number | string,
    params: Partial<Record<ApiApprovalSettingName, boolean>>,
  ) {
    const stored = approvalSettingsFromApi(params);
    if (Object.keys(stored).length === 0) throw new BadRequestError(AT_LEAST_ONE_APPROVAL_SETTING_MESSAGE);
    await writeProject(actor, projectRef, stored);
    return approvalSetting(actor, projectRef);
  }

  /** `GET /groups/:id/merge_request_approval_setting`: the group's Owners (and administrators). */
  async function groupApprovalSetting(actor: CurrentUser, groupRef: number | string) {
    const ctx = await groups.loadGroup(actor, groupRef, 'admin_group');
    return approvalSettingsApiResponse('group', await groupSettingsLevelChain(db, ctx.group.id));
  }

  /** `PUT /groups/:id/merge_request_approval_setting`. */
  async function updateGroupApprovalSetting(
    actor: CurrentUser,
    groupRef: number | string,
    params: Partial<Record<ApiApprovalSettingName, boolean>>,
  ) {
    const ctx = await groups.loadGroup(actor, groupRef, 'admin_group');
    const stored = approvalSettingsFromApi(params);
    if (Object.keys(stored).length === 0) throw new BadRequestError(AT_LEAST_ONE_APPROVAL_SETTING_MESSAGE);
    const writable = writableChanges('group', stored, await groupSettingsLevelChain(db, ctx.group.id));
    const { selectiveCodeOwnerRemovals: _projectOnly, ...values } = valuesOf(writable);
    await upsertGroupApprovalSettings(db, ctx.group.id, values, clock.now());
    return groupApprovalSetting(actor, ctx.group.id);
  }

  function requireAdministrator(actor: Actor) {
    if (!can(actor, 'admin_instance', { type: 'instance' })) throw new ForbiddenError();
  }

  /** `GET /application/settings`, its approval fields: administrators only. */
  async function instanceApprovalSetting(actor: CurrentUser) {
    requireAdministrator(actor);
    return instanceApprovalSettingsApiResponse(await findInstanceApprovalSettings(db));
  }

  /** `PUT /application/settings`, its approval fields. Nothing locks the instance. */
  async function updateInstanceApprovalSetting(
    actor: CurrentUser,
    params: Partial<Record<InstanceApiApprovalSettingName, boolean>>,
  ) {
    requireAdministrator(actor);
    const {
      preventApprovalByAuthor,
      preventApprovalByCommitAuthor,
      disableOverridingApproversPerMergeRequest,
    } = valuesOf(instanceApprovalSettingsFromApi(params));
    const values = defined({
      preventApprovalByAuthor,
      preventApprovalByCommitAuthor,
      disableOverridingApproversPerMergeRequest,
    });
    await upsertInstanceApprovalSettings(db, values, clock.now());
    return instanceApprovalSetting(actor);
  }

  return {
    read,
    updateProjectApprovals,
    approvalSetting,
    updateApprovalSetting,
    groupApprovalSetting,
    updateGroupApprovalSetting,
    instanceApprovalSetting,
    updateInstanceApprovalSetting,
  };
}

export type ApprovalSettingsService = ReturnType<typeof createApprovalSettingsService>;
