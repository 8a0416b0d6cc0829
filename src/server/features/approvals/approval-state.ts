import {
  computeApprovalState,
  coverageApprovalRequired,
  isCoverageCheckRule,
  type ApprovalRuleInput,
  type ApprovalState,
  type CoverageComparison,
} from '../../../shared/approvals';
import { can } from '../../auth/permissions';
import type { Db } from '../../db/client';
import type { MergeRequestRecord, MergeRequestRow } from '../merge-requests/merge-request-rows';
import type { MergeRequestsService } from '../merge-requests/merge-requests.service';
import { mergeRequestSubject } from '../merge-requests/merge-request-subjects';
import type { ProjectContext, ProjectsService } from '../projects/projects.service';
import type { ProtectedBranchesService } from '../protected-branches/protected-branches.service';
import { ruleMatches } from '../protected-branches/branch-protection';
import {
  groupApproverIds,
  listMergeRequestRules,
  listProjectRules,
  type MergeRequestRule,
  type ProjectRule,
} from './approval-rules.repo';
import {
  listApprovals,
  peopleByEmails,
  peopleByIds,
  type ApprovalPerson,
  type ApprovalRow,
  type ApprovalSettingsValues,
} from './approvals.repo';
import { effectiveApprovalSettings } from './approval-settings-chain';

/**
 * The code owner rules of a request: of the paths its diff changes, or, for a push, of the paths
 * it changed (whose owners' approvals it may remove), read in the push's transaction.
 */
export type CodeOwnerRules = (
  ctx: ProjectContext,
  mergeRequest: MergeRequestRow,
  push?: { changedPaths: readonly string[]; within: Db },
) => Promise<ApprovalRuleInput[]>;

/**
 * The pipelines a request's Coverage-Check compares (its head pipeline, its target branch's at its
 * base commit), from the pipelines feature; read only where a Coverage-Check rule is in force.
 */
export type CoverageOf = (subject: ApprovalSubject) => Promise<CoverageComparison>;

/** What the approval state of a request is computed from, besides the request. */
export type ApprovalSources = {
  db: Db;
  projects: Pick<ProjectsService, 'projectForViewers' | 'systemContext'>;
  protectedBranches: Pick<ProtectedBranchesService, 'protectionOf'>;
  mergeRequests: Pick<MergeRequestsService, 'versionCommits'>;
  codeOwnerRules: CodeOwnerRules;
  coverageOf: CoverageOf;
};

/** A request as approvals read it: its row and its latest diff version (whose commits name the committers). */
export type ApprovalSubject = Pick<MergeRequestRecord, 'mergeRequest' | 'latestDiff'>;

/** The user-defined rules in force, with where they come from. */
export type RulesInForce = {
  /** The request's own rules replace the project's (GitLab's `approval_rules_overwritten`). */
  overwritten: boolean;
  rules: Array<ProjectRule | MergeRequestRule>;
};

/** Everything the approval state was decided from, for presenters. */
export type ApprovalFacts = {
  settings: ApprovalSettingsValues;
  state: ApprovalState;
  inForce: RulesInForce;
  approvals: Array<{ approval: ApprovalRow; user: ApprovalPerson }>;
  committers: ApprovalPerson[];
  /** Everyone the state names (rule approvers, approvers, committers), by id. */
  people: Map<number, ApprovalPerson>;
  /** Who of them may approve this request at all (Developer and up, active). */
  mayApprove: (userId: number) => boolean;
  /** Each rule's eligible approvers before the author and committer filters (GitLab's `approvers`). */
  approverIdsOf: Map<string | number, number[]>;
};

/** Whether a project rule applies to requests into `targetBranch`. */
async function appliesTo(
  sources: ApprovalSources,
  rule: ProjectRule,
  projectId: number,
  targetBranch: string,
) {
  if (rule.appliesToAllProtectedBranches)
    return (await sources.protectedBranches.protectionOf(projectId, targetBranch)) !== null;
  if (rule.protectedBranches.length === 0) return true;
  return rule.protectedBranches.some((branch) => ruleMatches(branch.name, targetBranch));
}

/** The request's own rules where the project lets it override, else the project's for its target branch. */
export async function rulesInForce(
  sources: ApprovalSources,
  mr: MergeRequestRow,
  settings: ApprovalSettingsValues,
): Promise<RulesInForce> {
  if (!settings.disableOverridingApproversPerMergeRequest) {
    const own = await listMergeRequestRules(sources.db, mr.id);
    if (own.length > 0) return { overwritten: true, rules: own };
  }
  const project = await listProjectRules(sources.db, mr.projectId);
  const applying = await Promise.all(
    project.map((rule) => appliesTo(sources, rule, mr.projectId, mr.targetBranch)),
  );
  return { overwritten: false, rules: project.filter((_, index) => applying[index]) };
}

/** Users who authored or committed the request's commits (GitLab counts committers; we count authors too). */
async function committersOf(sources: ApprovalSources, subject: ApprovalSubject): Promise<ApprovalPerson[]> {
  if (!subject.latestDiff) return [];
  const commits = await sources.mergeRequests.versionCommits(subject.latestDiff.id);
  return peopleByEmails(
    sources.db,
    commits.flatMap((commit) => [commit.authorEmail, commit.committerEmail]),
  );
}

/** Who among these users may approve the request: active members with at least Developer. */
async function approvePermission(sources: ApprovalSources, mr: MergeRequestRow, people: ApprovalPerson[]) {
  const viewers = await sources.projects.projectForViewers(mr.projectId);
  const allowed = new Set<number>();
  if (!viewers) return allowed;
  for (const person of people) {
    const actor = { id: person.id, admin: person.admin, state: person.state };
    const ctx = await viewers(actor);
    if (ctx && can(actor, 'approve_merge_request', mergeRequestSubject(ctx, mr.authorId)))
      allowed.add(person.id);
  }
  return allowed;
}

/** The rules that decide a request's approvals, before anyone is looked up. */
export type RuleSources = {
  settings: ApprovalSettingsValues;
  inForce: RulesInForce;
  codeOwner: ApprovalRuleInput[];
  /** The target branch's protection asks for code owners' approval: their rules are required, not optional. */
  codeOwnerApprovalRequired: boolean;
};

export async function ruleSourcesOf(sources: ApprovalSources, mr: MergeRequestRow): Promise<RuleSources> {
  const [settings, ctx] = await Promise.all([
    effectiveApprovalSettings(sources.db, mr.projectId),
    sources.projects.systemContext(mr.projectId),
  ]);
  const [inForce, codeOwner, protection] = await Promise.all([
    rulesInForce(sources, mr, settings),
    ctx ? sources.codeOwnerRules(ctx, mr) : Promise.resolve([]),
    sources.protectedBranches.protectionOf(mr.projectId, mr.targetBranch),
  ]);
  return {
    settings,
    inForce,
    codeOwner,
    codeOwnerApprovalRequired: protection?.codeOwnerApprovalRequired ?? false,
  };
}

/** Whether any approval can be required: a rule in force, the fallback count, or a code owner rule. */
export const mayRequireApproval = ({ settings, inForce, codeOwner }: RuleSources): boolean =>
  settings.approvalsBeforeMerge > 0 || inForce.rules.length > 0 || codeOwner.length > 0;

/** The rules as the shared state computes them: each with its approvers who may approve. */
function ruleInputs(
  { settings, inForce, codeOwner }: RuleSources,
  namedIds: (rule: ProjectRule | MergeRequestRule) => number[],
  mayApprove: (userId: number) => boolean,
  coverageRequired: boolean,
) {
  const approverIdsOf = new Map<string | number, number[]>();
  const userRules: ApprovalRuleInput[] = inForce.rules.map((rule) => {
    const approverIds = namedIds(rule).filter(mayApprove);
    approverIdsOf.set(rule.id, approverIds);
    return {
      id: rule.id,
      kind: rule.ruleType,
      name: rule.name,
      // GitLab sets a Coverage-Check's required approvals to 0 when coverage did not fall.
      approvalsRequired: isCoverageCheckRule(rule) && !coverageRequired ? 0 : rule.approvalsRequired,
      approverIds,
    };
  });
  const fallback: ApprovalRuleInput[] =
    userRules.length === 0 && settings.approvalsBeforeMerge > 0
      ? [
          {
            id: 'fallback',
            kind: 'fallback',
            name: '',
            approvalsRequired: settings.approvalsBeforeMerge,
            approverIds: [],
          },
        ]
      : [];
  const owners = codeOwner.map((rule) => ({ ...rule, approverIds: rule.approverIds.filter(mayApprove) }));
  return { rules: [...userRules, ...fallback, ...owners], approverIdsOf };
}

/**
 * Gathers and computes a request's approval state: the rules in force (plus the fallback count
 * while there are none, plus code owner rules), each rule's approvers (its users and its groups'
 * members) who may approve, the approvals of users who still may, the author and committers.
 */
export async function approvalFactsOf(
  sources: ApprovalSources,
  subject: ApprovalSubject,
  known?: RuleSources,
): Promise<ApprovalFacts> {
  const mr = subject.mergeRequest;
  const [ruleSources, approvals, committers] = await Promise.all([
    known ?? ruleSourcesOf(sources, mr),
    listApprovals(sources.db, mr.id),
    committersOf(sources, subject),
  ]);
  const { settings, inForce, codeOwner } = ruleSources;
  const [groupMembers, coverageRequired] = await Promise.all([
    groupApproverIds(
      sources.db,
      inForce.rules.flatMap((rule) => rule.groups),
    ),
    inForce.rules.some(isCoverageCheckRule)
      ? sources.coverageOf(subject).then(coverageApprovalRequired)
      : Promise.resolve(true),
  ]);
  const namedIds = (rule: ProjectRule | MergeRequestRule) => [
    ...new Set([...rule.userIds, ...rule.groups.flatMap((group) => groupMembers.get(group.id) ?? [])]),
  ];
  const everyoneIds = new Set([
    ...inForce.rules.flatMap(namedIds),
    ...codeOwner.flatMap((rule) => rule.approverIds),
    ...approvals.map((a) => a.user.id),
    ...committers.map((c) => c.id),
  ]);
  const people = new Map((await peopleByIds(sources.db, [...everyoneIds])).map((p) => [p.id, p]));
  const allowed = await approvePermission(sources, mr, [...people.values()]);
  const mayApprove = (userId: number) => allowed.has(userId);
  const { rules, approverIdsOf } = ruleInputs(ruleSources, namedIds, mayApprove, coverageRequired);
  const state = computeApprovalState({
    rules,
    // An approval counts while its giver may still approve: a removed member's no longer does.
    approvedByIds: approvals.map((a) => a.user.id).filter(mayApprove),
    people: { authorId: mr.authorId ?? 0, committerIds: committers.map((c) => c.id) },
    settings: {
      preventApprovalByAuthor: settings.preventApprovalByAuthor,
      preventApprovalByCommitAuthor: settings.preventApprovalByCommitAuthor,
    },
    codeOwnerApprovalRequired: ruleSources.codeOwnerApprovalRequired,
    merged: mr.state === 'merged',
  });
  return { settings, state, inForce, approvals, committers, people, mayApprove, approverIdsOf };
}
