import { GraphQLError } from 'graphql';
import type { ApprovalRuleState } from '../../shared/approvals';
import type { Actor } from '../auth/permissions';
import type { Container } from '../container';
import type { ApprovalUser, MergeRequestApprovalState } from '../features/approvals/approvals.service';
import type { RuleGroup, RuleGroupsView } from '../features/approvals/rule-group-visibility';
import type { BusEvent } from '../realtime/bus';
import { eventStream } from '../realtime/event-stream';
import { parseGlobalId, toGlobalId } from './global-id';
import type { loadMergeRequest, PresentedMergeRequest } from './merge-requests.resolvers';
import { orNull, type GraphQLContext } from './resolve';
import { presentUserCore } from './user-core';

type ApprovalStateUpdated = Extract<BusEvent, { type: 'merge_request.approval_state_updated' }>;
type Present = (user: ApprovalUser) => ReturnType<typeof presentUserCore>;

/** A rule's id as GraphQL shows it; `invalidApproversRules` names rules by the same id. */
const ruleId = (id: string | number) => (typeof id === 'number' ? toGlobalId('ApprovalRule', id) : id);

/** What a stored rule adds for one viewer: its users, and the groups they may see. */
type RuleExtras = { userIds: readonly number[]; view: RuleGroupsView };

/** Who commented on the request (authors of comments, not of system notes). */
type Commenters = ReadonlySet<number>;

const presentGroup = (group: RuleGroup, externalUrl: string) => ({
  id: toGlobalId('Group', group.id),
  name: group.name,
  path: group.path,
  fullPath: group.fullPath,
  fullName: group.name,
  webUrl: `${externalUrl}/groups/${group.fullPath}`,
  avatarUrl: null,
  visibility: group.visibility,
});

function presentRule(
  rule: ApprovalRuleState,
  users: (ids: readonly number[]) => unknown[],
  extras: RuleExtras | undefined,
  commenters: Commenters,
  externalUrl: string,
) {
  const showApprovers = extras?.view.showApprovers ?? true;
  return {
    id: ruleId(rule.id),
    name: rule.name,
    type: rule.kind.toUpperCase(),
    section: rule.section,
    containsHiddenGroups: extras?.view.containsHiddenGroups ?? false,
    users: { nodes: users(extras?.userIds ?? []) },
    groups: { nodes: (extras?.view.groups ?? []).map((group) => presentGroup(group, externalUrl)) },
    approved: rule.approved,
    approvalsRequired: rule.approvalsRequired,
    invalid: rule.invalid,
    allowMergeWhenInvalid: rule.allowMergeWhenInvalid,
    fallback: rule.fallback,
    eligibleApprovers: showApprovers ? users(rule.eligibleApproverIds) : [],
    approvedBy: { nodes: users(rule.approvedByIds) },
    commentedBy: {
      nodes: showApprovers ? users(rule.eligibleApproverIds.filter((id) => commenters.has(id))) : [],
    },
    scanResultPolicies: rule.sourceRule.scanResultPolicies ?? [],
  };
}

/** The approval fields of a merge request (002 §3), from one approval state per request and viewer. */
export function presentApprovals(
  view: MergeRequestApprovalState,
  present: Present,
  extras: ReadonlyMap<string | number, RuleExtras>,
  commenters: Commenters,
  externalUrl: string,
) {
  const users = (ids: readonly number[]) =>
    ids.flatMap((id) => {
      const user = view.users.get(id);
      return user ? [present(user)] : [];
    });
  const { state } = view;
  return {
    approved: state.approved,
    approvalsLeft: state.approvalsLeft,
    approvalsRequired: state.approvalsRequired,
    approvedBy: { nodes: view.approvedBy.map(({ user }) => present(user)) },
    committers: { nodes: view.committers.map(present) },
    approvalState: {
      rules: state.rules.map((rule) =>
        presentRule(rule, users, extras.get(rule.id), commenters, externalUrl),
      ),
      invalidApproversRules: state.invalidApproversRules.map((rule) => ({
        id: ruleId(rule.id),
        name: rule.name,
      })),
    },
    // Security policies do not exist yet, so none overrides the project's settings.
    policiesOverridingApprovalSettings: [],
  };
}

export function approvalResolvers(container: Container, load: typeof loadMergeRequest) {
  const { externalUrl } = container.config;
  const present: Present = (user) => presentUserCore(user, externalUrl);
  /** One state per presented request: every approval field a query asks shares it. */
  type Approvals = ReturnType<typeof presentApprovals> & {
    canApprove: boolean;
    /** The state as computed, for fields presented elsewhere (reviewers' interactions). */
    view: MergeRequestApprovalState;
  };
  const states = new WeakMap<PresentedMergeRequest, Promise<Approvals>>();
  const approvalsOf = (mr: PresentedMergeRequest, actor: Actor) => {
    let found = states.get(mr);
    if (!found) {
      found = container.approvals
        .forMergeRequest(actor, mr.projectId, Number(mr.iid))
        .then(async ({ record, view, facts, groupViews }) => {
          const commenterIds = await container.discussions.commenterIds(
            'MergeRequest',
            record.mergeRequest.id,
          );
          const commenters = new Set(commenterIds);
          const extras = new Map(
            facts.inForce.rules.map((rule) => [
              rule.id,
              { userIds: rule.userIds, view: groupViews.get(rule.id)! },
            ]),
          );
          return {
            ...presentApprovals(view, present, extras, commenters, externalUrl),
            canApprove: view.canApprove,
            view,
          };
        });
      states.set(mr, found);
    }
    return found;
  };
  const field =
    <K extends keyof ReturnType<typeof presentApprovals>>(key: K) =>
    async (mr: PresentedMergeRequest, _args: unknown, ctx: GraphQLContext) =>
      (await approvalsOf(mr, ctx.currentUser))[key];

  /** Each change re-reads the request as the subscriber: one who may not read it receives nothing. */
  async function* approvalStateUpdates(_root: unknown, args: { issuableId: string }, ctx: GraphQLContext) {
    const id = parseGlobalId('MergeRequest', args.issuableId);
    if (id === null)
      throw new GraphQLError(`"${args.issuableId}" does not represent an instance of MergeRequest`);
    const isThisRequest = (event: BusEvent): event is ApprovalStateUpdated =>
      event.type === 'merge_request.approval_state_updated' && event.mergeRequestId === id;
    const stream = eventStream(container.bus, isThisRequest);
    try {
      for await (const event of stream) {
        const mergeRequest = await load(container, ctx.currentUser, event.projectId, event.iid);
        if (mergeRequest) yield { mergeRequestApprovalStateUpdated: mergeRequest };
      }
    } finally {
      await stream.return?.();
    }
  }

  return {
    approvalsOf,
    mergeRequest: {
      approved: field('approved'),
      approvalsLeft: field('approvalsLeft'),
      approvalsRequired: field('approvalsRequired'),
      approvedBy: field('approvedBy'),
      committers: field('committers'),
      approvalState: field('approvalState'),
      policiesOverridingApprovalSettings: field('policiesOverridingApprovalSettings'),
      userPermissions: (mr: PresentedMergeRequest, _args: unknown, ctx: GraphQLContext) => ({
        ...mr.userPermissions,
        canApprove: async () => (await approvalsOf(mr, ctx.currentUser)).canApprove,
      }),
    },
    project: {
      mergeRequestsDisableCommittersApproval: (
        project: { projectId: number },
        _args: unknown,
        ctx: GraphQLContext,
      ) =>
        orNull(async () => {
          const settings = await container.approvalSettings.read(ctx.currentUser, project.projectId);
          return settings.preventApprovalByCommitAuthor;
        }).then((value) => value ?? false),
    },
    user: { webPath: (user: { username: string }) => `/${user.username}` },
    subscription: { mergeRequestApprovalStateUpdated: { subscribe: approvalStateUpdates } },
  };
}
