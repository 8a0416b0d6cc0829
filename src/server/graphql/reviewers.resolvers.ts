import type { Container } from '../container';
import type { approvalResolvers } from './approvals.resolvers';
import type { PresentedMergeRequest } from './merge-requests.resolvers';
import type { GraphQLContext } from './resolve';
import { presentUserCore } from './user-core';

type ApprovalsOf = ReturnType<typeof approvalResolvers>['approvalsOf'];

/**
 * `MergeRequest.reviewers`: each reviewer as a `User`, with `mergeRequestInteraction` (may they
 * merge or edit it, their review state, whether they approved, the rules they may approve under).
 */
export function reviewerResolvers(container: Container, approvalsOf: ApprovalsOf) {
  const { externalUrl } = container.config;

  async function reviewers(mr: PresentedMergeRequest, _args: unknown, ctx: GraphQLContext) {
    const [interactions, approvals] = await Promise.all([
      container.reviewerInteractions.forMergeRequest(ctx.currentUser, mr.projectId, Number(mr.iid)),
      approvalsOf(mr, ctx.currentUser),
    ]);
    const { state, approvedBy } = approvals.view;
    const presentedRules = approvals.approvalState.rules;
    return {
      nodes: interactions.map(({ reviewer, reviewState, canMerge, canUpdate }) => ({
        __typename: 'MergeRequestReviewer',
        ...presentUserCore(reviewer, externalUrl),
        webPath: `/${reviewer.username}`,
        mergeRequestInteraction: {
          canMerge,
          canUpdate,
          reviewState: reviewState.toUpperCase(),
          reviewed: reviewState === 'reviewed',
          approved: approvedBy.some(({ user }) => user.id === reviewer.id),
          applicableApprovalRules: presentedRules.filter((_, index) =>
            state.rules[index]?.eligibleApproverIds.includes(reviewer.id),
          ),
        },
      })),
    };
  }

  return { mergeRequest: { reviewers } };
}
