import type {
  CreateMergeRequestRuleBody,
  CreateProjectRuleBody,
  UpdateMergeRequestRuleBody,
  UpdateProjectRuleBody,
} from '../../../shared/api/approvals';
import { reportRuleKind, type RuleKindInput } from '../../../shared/approvals';
import type { CurrentUser } from '../../auth/current-user';
import type { Actor } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { BadRequestError, ForbiddenError, NotFoundError, ValidationFailedError } from '../../errors';
import type { MergeRequestsService } from '../merge-requests/merge-requests.service';
import type { ProjectContext, ProjectsService } from '../projects/projects.service';
import {
  deleteMergeRequestRule,
  deleteProjectRule,
  groupApproverIds,
  groupsByIds,
  insertMergeRequestRule,
  insertProjectRule,
  listMergeRequestRules,
  listProjectRules,
  protectedBranchesByIds,
  setRuleMembers,
  updateMergeRequestRule,
  updateProjectRule,
  type MergeRequestRule,
  type ProjectRule,
  type RuleGroup,
} from './approval-rules.repo';
import { peopleByIds, peopleByUsernames } from './approvals.repo';
import { editedGroupIds, ruleGroupsViews, type GroupReader } from './rule-group-visibility';
import { effectiveApprovalSettings } from './approval-settings-chain';
import type { ApprovalsService } from './approvals.service';

const NAME_TAKEN = { name: ['has already been taken'] };
const ANY_APPROVER_EXISTS = { rule_type: ['any-approver for the project already exists'] };

type Deps = {
  db: Db;
  clock: Clock;
  projects: Pick<ProjectsService, 'loadProject'>;
  mergeRequests: Pick<MergeRequestsService, 'findReadable' | 'lockRow'>;
  approvals: Pick<ApprovalsService, 'mayEditRules' | 'announce'>;
  readableGroups: GroupReader;
};

type Members = { user_ids?: number[]; usernames?: string[]; group_ids?: number[] };
type Editor = { actor: Actor; current: RuleGroup[]; removeHiddenGroups?: boolean };

/**
 * Approval rules: the project's (Maintainers edit them) and a merge request's own (those who may
 * manage its approvals, where the project lets requests override its rules), in GitLab's API.
 */
export function createApprovalRulesService(deps: Deps) {
  const { db, clock, projects, mergeRequests, approvals, readableGroups } = deps;
  /**
   * Users named by id or username (unknown ones are left out, as GitLab does) and groups by id
   * (those the editor may not read are left out too; hidden ones already on the rule stay).
   */
  async function membersOf(input: Members, editor: Editor) {
    const byName = input.usernames ? await peopleByUsernames(db, input.usernames) : [];
    const named =
      input.user_ids || input.usernames ? [...(input.user_ids ?? []), ...byName.map((u) => u.id)] : undefined;
    const userIds = named ? (await peopleByIds(db, named)).map((u) => u.id) : undefined;
    const given = input.group_ids ? await groupsByIds(db, input.group_ids) : undefined;
    const groupIds = await editedGroupIds(
      readableGroups,
      editor.actor,
      given,
      editor.current,
      editor.removeHiddenGroups ?? false,
    );
    return { userIds, groupIds };
  }

  async function branchIdsOf(ctx: ProjectContext, ids: number[] | undefined) {
    if (ids === undefined) return undefined;
    const unique = [...new Set(ids)];
    if ((await protectedBranchesByIds(db, ctx.project.id, unique)).length !== unique.length)
      throw new BadRequestError('protected_branch_ids is invalid');
    return unique;
  }

  /**
   * Each rule's eligible approvers (its users and its groups' members) and the groups the actor
   * may see; eligible approvers are not listed to non-members where some come from hidden groups.
   */
  async function withApprovers<Rule extends ProjectRule | MergeRequestRule>(
    actor: Actor,
    ctx: ProjectContext,
    rules: Rule[],
  ) {
    const members = await groupApproverIds(
      db,
      rules.flatMap((rule) => rule.groups),
    );
    const ids = (rule: Rule) => [
      ...new Set([...rule.userIds, ...rule.groups.flatMap((group) => members.get(group.id) ?? [])]),
    ];
    const people = new Map((await peopleByIds(db, rules.flatMap(ids))).map((p) => [p.id, p]));
    const views = await ruleGroupsViews(readableGroups, actor, ctx, rules);
    return rules.map((rule) => {
      const view = views.get(rule.id)!;
      return {
        rule,
        users: rule.userIds.flatMap((id) => people.get(id) ?? []),
        eligible: view.showApprovers ? ids(rule).flatMap((id) => people.get(id) ?? []) : [],
        groups: view.groups,
        containsHiddenGroups: view.containsHiddenGroups,
      };
    });
  }

  /** The rule's kind and report type, GitLab's Coverage-Check pairing checked (400 with its words). */
  function kindOf(input: RuleKindInput) {
    const kind = reportRuleKind(input);
    if ('errors' in kind) throw new ValidationFailedError(kind.errors);
    return kind;
  }

  const readProject = (actor: Actor, projectRef: number | string) => projects.loadProject(actor, projectRef);
  const adminProject = (actor: Actor, projectRef: number | string) =>
    projects.loadProject(actor, projectRef, 'admin_project');

  async function listForProject(actor: Actor, projectRef: number | string) {
    const ctx = await readProject(actor, projectRef);
    return withApprovers(actor, ctx, await listProjectRules(db, ctx.project.id));
  }

  async function findProjectRule(ctx: ProjectContext, ruleId: number) {
    const rule = (await listProjectRules(db, ctx.project.id)).find((r) => r.id === ruleId);
    if (!rule) throw new NotFoundError('Approval Rule');
    return rule;
  }

  async function showForProject(actor: Actor, projectRef: number | string, ruleId: number) {
    const ctx = await readProject(actor, projectRef);
    const [shown] = await withApprovers(actor, ctx, [await findProjectRule(ctx, ruleId)]);
    return shown!;
  }

  async function anyApproverTaken(ctx: ProjectContext, ruleType: string | undefined, exceptId?: number) {
    if (ruleType !== 'any_approver') return false;
    const rules = await listProjectRules(db, ctx.project.id);
    return rules.some((rule) => rule.ruleType === 'any_approver' && rule.id !== exceptId);
  }

  async function createForProject(
    actor: CurrentUser,
    projectRef: number | string,
    input: CreateProjectRuleBody,
  ) {
    const ctx = await adminProject(actor, projectRef);
    const kind = kindOf({ name: input.name, ruleType: input.rule_type, reportType: input.report_type });
    const [members, branchIds] = await Promise.all([
      membersOf(input, { actor, current: [] }),
      branchIdsOf(ctx, input.protected_branch_ids),
    ]);
    if (await anyApproverTaken(ctx, input.rule_type)) throw new ValidationFailedError(ANY_APPROVER_EXISTS);
    const id = await db.transaction(async (tx) => {
      const row = await insertProjectRule(tx, {
        projectId: ctx.project.id,
        name: input.name,
        approvalsRequired: input.approvals_required,
        ruleType: (kind.ruleType as CreateProjectRuleBody['rule_type']) ?? 'regular',
        reportType: kind.reportType ?? null,
        appliesToAllProtectedBranches: input.applies_to_all_protected_branches ?? false,
      });
      if (!row) throw new ValidationFailedError(NAME_TAKEN);
      await setRuleMembers(tx, 'project', row.id, { ...members, protectedBranchIds: branchIds });
      return row.id;
    });
    return showForProject(actor, ctx.project.id, id);
  }

  async function updateForProject(
    actor: CurrentUser,
    projectRef: number | string,
    ruleId: number,
    input: UpdateProjectRuleBody,
  ) {
    const ctx = await adminProject(actor, projectRef);
    const rule = await findProjectRule(ctx, ruleId);
    kindOf({
      name: input.name ?? rule.name,
      ruleType: input.rule_type ?? rule.ruleType,
      reportType: input.report_type === undefined ? rule.reportType : input.report_type,
    });
    const editor = { actor, current: rule.groups, removeHiddenGroups: input.remove_hidden_groups };
    const [members, branchIds] = await Promise.all([
      membersOf(input, editor),
      branchIdsOf(ctx, input.protected_branch_ids),
    ]);
    if (await anyApproverTaken(ctx, input.rule_type, ruleId))
      throw new ValidationFailedError(ANY_APPROVER_EXISTS);
    if (input.name !== undefined && input.name !== rule.name) {
      const taken = (await listProjectRules(db, ctx.project.id)).some(
        (r) => r.id !== ruleId && r.name === input.name,
      );
      if (taken) throw new ValidationFailedError(NAME_TAKEN);
    }
    await db.transaction(async (tx) => {
      await updateProjectRule(tx, ruleId, {
        name: input.name,
        approvalsRequired: input.approvals_required,
        ruleType: input.rule_type,
        reportType: input.report_type,
        appliesToAllProtectedBranches: input.applies_to_all_protected_branches,
        updatedAt: clock.now(),
      });
      await setRuleMembers(tx, 'project', ruleId, { ...members, protectedBranchIds: branchIds });
    });
    return showForProject(actor, ctx.project.id, ruleId);
  }

  async function removeForProject(actor: CurrentUser, projectRef: number | string, ruleId: number) {
    const ctx = await adminProject(actor, projectRef);
    if (!(await deleteProjectRule(db, ctx.project.id, ruleId))) throw new NotFoundError('Approval Rule');
  }

  /** A request's own rules, as stored (empty: it follows the project's). */
  async function listForMergeRequest(actor: Actor, projectRef: number | string, iid: number) {
    const { ctx, record } = await mergeRequests.findReadable(actor, projectRef, iid);
    return withApprovers(actor, ctx, await listMergeRequestRules(db, record.mergeRequest.id));
  }

  /** A request whose rules the actor may edit: 403 where the project keeps its rules, or for Reporters and below. */
  async function editableRequest(actor: CurrentUser, projectRef: number | string, iid: number) {
    const { ctx, record } = await mergeRequests.findReadable(actor, projectRef, iid);
    const settings = await effectiveApprovalSettings(db, ctx.project.id);
    if (!approvals.mayEditRules(actor, ctx, settings) || record.mergeRequest.state === 'merged')
      throw new ForbiddenError();
    return { ctx, mr: record.mergeRequest };
  }

  async function shownMergeRequestRule(
    actor: Actor,
    ctx: ProjectContext,
    mergeRequestId: number,
    ruleId: number,
  ) {
    const rule = (await listMergeRequestRules(db, mergeRequestId)).find((r) => r.id === ruleId);
    if (!rule) throw new NotFoundError('Approval Rule');
    const [shown] = await withApprovers(actor, ctx, [rule]);
    return shown!;
  }

  /** A new rule of the request; given `approval_project_rule_id`, it starts as a copy of that project rule. */
  async function createForMergeRequest(
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
    input: CreateMergeRequestRuleBody,
  ) {
    const { ctx, mr } = await editableRequest(actor, projectRef, iid);
    const source =
      input.approval_project_rule_id === undefined
        ? null
        : await findProjectRule(ctx, input.approval_project_rule_id);
    // A copy of a project rule keeps its groups, hidden ones included; groups given are filtered.
    const members = await membersOf(
      { user_ids: input.user_ids ?? source?.userIds, usernames: input.usernames, group_ids: input.group_ids },
      { actor, current: [] },
    );
    if (input.group_ids === undefined && source) members.groupIds = source.groups.map((group) => group.id);
    const id = await db.transaction(async (tx) => {
      await mergeRequests.lockRow(mr.id, tx);
      const row = await insertMergeRequestRule(tx, {
        mergeRequestId: mr.id,
        name: input.name,
        approvalsRequired: input.approvals_required,
        ruleType: source?.ruleType ?? 'regular',
        reportType: source?.reportType ?? null,
        approvalProjectRuleId: source?.id ?? null,
      });
      if (!row) throw new ValidationFailedError(NAME_TAKEN);
      await setRuleMembers(tx, 'merge_request', row.id, members);
      return row.id;
    });
    await approvals.announce(mr);
    return shownMergeRequestRule(actor, ctx, mr.id, id);
  }

  async function updateForMergeRequest(
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
    ruleId: number,
    input: UpdateMergeRequestRuleBody,
  ) {
    const { ctx, mr } = await editableRequest(actor, projectRef, iid);
    const rules = await listMergeRequestRules(db, mr.id);
    const rule = rules.find((r) => r.id === ruleId);
    if (!rule) throw new NotFoundError('Approval Rule');
    if (input.name !== undefined && rules.some((r) => r.id !== ruleId && r.name === input.name))
      throw new ValidationFailedError(NAME_TAKEN);
    const members = await membersOf(input, {
      actor,
      current: rule.groups,
      removeHiddenGroups: input.remove_hidden_groups,
    });
    await db.transaction(async (tx) => {
      await mergeRequests.lockRow(mr.id, tx);
      await updateMergeRequestRule(tx, ruleId, {
        name: input.name,
        approvalsRequired: input.approvals_required,
        updatedAt: clock.now(),
      });
      await setRuleMembers(tx, 'merge_request', ruleId, members);
    });
    await approvals.announce(mr);
    return shownMergeRequestRule(actor, ctx, mr.id, ruleId);
  }

  async function removeForMergeRequest(
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
    ruleId: number,
  ) {
    const { mr } = await editableRequest(actor, projectRef, iid);
    if (!(await deleteMergeRequestRule(db, mr.id, ruleId))) throw new NotFoundError('Approval Rule');
    await approvals.announce(mr);
  }

  return {
    listForProject,
    showForProject,
    createForProject,
    updateForProject,
    removeForProject,
    listForMergeRequest,
    createForMergeRequest,
    updateForMergeRequest,
    removeForMergeRequest,
  };
}

export type ApprovalRulesService = ReturnType<typeof createApprovalRulesService>;
