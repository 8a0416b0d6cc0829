import {
  approvalSettingsApiResponse,
  approvalSettingsFromApi,
  AT_LEAST_ONE_APPROVAL_SETTING_MESSAGE,
  type ApiApprovalSettingName,
  type StoredApprovalSettings,
} from '../../../shared/approvals';
import type { ProjectApprovalsBody } from '../../../shared/api/approvals';
import type { CurrentUser } from '../../auth/current-user';
import type { Actor } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { BadRequestError } from '../../errors';
import type { EventBus } from '../../realtime/bus';
import type { ProjectsService } from '../projects/projects.service';
import { findApprovalSettings, upsertApprovalSettings, type ApprovalSettingsValues } from './approvals.repo';

type Deps = { db: Db; clock: Clock; bus: EventBus; projects: Pick<ProjectsService, 'loadProject'> };

/** The stored values in the words of the shared settings rules (`prevent_*`, `remove_*`...). */
export function storedSettingsOf(values: ApprovalSettingsValues): StoredApprovalSettings {
  return {
    prevent_approval_by_author: values.preventApprovalByAuthor,
    prevent_approval_by_commit_author: values.preventApprovalByCommitAuthor,
    disable_overriding_approvers_per_merge_request: values.disableOverridingApproversPerMergeRequest,
    remove_approvals_with_new_commit: values.removeApprovalsWithNewCommit,
    require_password_to_approve: values.requirePasswordToApprove,
    selective_code_owner_removals: values.selectiveCodeOwnerRemovals,
  };
}

function valuesOf(stored: StoredApprovalSettings): Partial<ApprovalSettingsValues> {
  return {
    preventApprovalByAuthor: stored.prevent_approval_by_author,
    preventApprovalByCommitAuthor: stored.prevent_approval_by_commit_author,
    disableOverridingApproversPerMergeRequest: stored.disable_overriding_approvers_per_merge_request,
    removeApprovalsWithNewCommit: stored.remove_approvals_with_new_commit,
    requirePasswordToApprove: stored.require_password_to_approve,
    selectiveCodeOwnerRemovals: stored.selective_code_owner_removals,
  };
}

const defined = <T extends object>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;

/**
 * A project's approval settings, in GitLab's two APIs: `/approvals` (older names) and
 * `/merge_request_approval_setting` (`allow_*`, with lock and origin). Readers of the project read
 * the first; Maintainers change them, and read the second. Nothing above the project locks them yet.
 */
export function createApprovalSettingsService({ db, clock, bus, projects }: Deps) {
  async function read(actor: Actor, projectRef: number | string) {
    const ctx = await projects.loadProject(actor, projectRef);
    return findApprovalSettings(db, ctx.project.id);
  }

  async function write(
    actor: CurrentUser,
    projectRef: number | string,
    values: Partial<ApprovalSettingsValues>,
  ) {
    const ctx = await projects.loadProject(actor, projectRef, 'admin_project');
    await upsertApprovalSettings(db, ctx.project.id, defined(values), clock.now());
    await bus.publish({ type: 'project.updated', projectId: ctx.project.id });
    return findApprovalSettings(db, ctx.project.id);
  }

  /** `POST /projects/:id/approvals`. */
  const updateProjectApprovals = (
    actor: CurrentUser,
    projectRef: number | string,
    body: ProjectApprovalsBody,
  ) =>
    write(actor, projectRef, {
      approvalsBeforeMerge: body.approvals_before_merge,
      removeApprovalsWithNewCommit: body.reset_approvals_on_push,
      selectiveCodeOwnerRemovals: body.selective_code_owner_removals,
      disableOverridingApproversPerMergeRequest: body.disable_overriding_approvers_per_merge_request,
      preventApprovalByAuthor:
        body.merge_requests_author_approval === undefined ? undefined : !body.merge_requests_author_approval,
      preventApprovalByCommitAuthor: body.merge_requests_disable_committers_approval,
      requirePasswordToApprove: body.require_password_to_approve,
    });

  /** `GET /projects/:id/merge_request_approval_setting`. */
  async function approvalSetting(actor: CurrentUser, projectRef: number | string) {
    const ctx = await projects.loadProject(actor, projectRef, 'admin_project');
    const stored = storedSettingsOf(await findApprovalSettings(db, ctx.project.id));
    return approvalSettingsApiResponse('project', { instance: {}, group: null, project: stored });
  }

  /** `PUT /projects/:id/merge_request_approval_setting`: at least one `allow_*` (400 otherwise). */
  async function updateApprovalSetting(
    actor: CurrentUser,
    projectRef: number | string,
    params: Partial<Record<ApiApprovalSettingName, boolean>>,
  ) {
    const stored = approvalSettingsFromApi(params);
    if (Object.keys(stored).length === 0) throw new BadRequestError(AT_LEAST_ONE_APPROVAL_SETTING_MESSAGE);
    await write(actor, projectRef, valuesOf(stored));
    return approvalSetting(actor, projectRef);
  }

  return { read, updateProjectApprovals, approvalSetting, updateApprovalSetting };
}

export type ApprovalSettingsService = ReturnType<typeof createApprovalSettingsService>;
