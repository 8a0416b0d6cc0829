import { GraphQLError } from 'graphql';
import type { DetailedMergeStatus } from '../../shared/api/mergeRequests';
import { mergeabilityChecks } from '../../shared/merge-checks/mergeabilityChecks';
import { detailedMergeStatus } from '../../shared/merge-requests/detailedMergeStatus';
import {
  forceRemoveSourceBranchOf,
  mergeStatusOf,
  squashOnMergeOf,
  type Permissions,
} from '../features/merge-requests/merge-requests.presenter';
import type { MergeTrainsService } from '../features/merge-trains/merge-trains.service';
import { presentUserCore } from './user-core';
import type { Actor } from '../auth/permissions';
import type { Container } from '../container';
import type { MergeRequestView } from '../features/merge-requests/merge-requests.service';
import type { BusEvent } from '../realtime/bus';
import { eventStream } from '../realtime/event-stream';
import { parseGlobalId, toGlobalId } from './global-id';
import { orNull, type GraphQLContext } from './resolve';
import { AppError } from '../errors';
import { RESOURCE_NOT_AVAILABLE } from './mutation-scope';
import { SUBMITTED_REVIEW_STATES, type SubmittedReviewState } from '../../shared/api/reviewSubmission';

const isSubmittedReviewState = (state: string): state is SubmittedReviewState =>
  (SUBMITTED_REVIEW_STATES as readonly string[]).includes(state);

type MergeRequestUpdated = Extract<BusEvent, { type: 'merge_request.updated' }>;

/** GitLab's GraphQL names three REST statuses after their checks' identifiers. */
const GRAPHQL_STATUS: Partial<Record<DetailedMergeStatus, string>> = {
  merge_request_blocked: 'BLOCKED_STATUS',
  status_checks_must_pass: 'EXTERNAL_STATUS_CHECKS',
  title_regex: 'TITLE_REGEX',
};

const graphqlStatus = (status: DetailedMergeStatus) => GRAPHQL_STATUS[status] ?? status.toUpperCase();

/**
 * A merge request in GitLab's GraphQL names, each field computed as REST computes it.
 * `mergeTrainsCount` is read only when a query asks for it.
 */
export function presentMergeRequest(
  view: MergeRequestView & { permissions: Permissions },
  externalUrl: string,
  mergeTrains: Pick<MergeTrainsService, 'positionOf'>,
) {
  const mr = view.mergeRequest;
  const mergeStatus = mergeStatusOf(mr);
  return {
    id: toGlobalId('MergeRequest', mr.id),
    iid: String(mr.iid),
    title: mr.title,
    state: mr.state,
    draft: mr.draft,
    sourceBranch: mr.sourceBranch,
    targetBranch: mr.targetBranch,
    diffHeadSha: mr.headSha,
    discussionLocked: mr.discussionLocked,
    retargeted: mr.retargeted,
    detailedMergeStatus: graphqlStatus(detailedMergeStatus(view.mergeability)),
    mergeStatus,
    mergeStatusEnum: mergeStatus.toUpperCase(),
    mergeError: mr.mergeError,
    mergeOngoing: mr.state === 'locked',
    sourceBranchExists: view.sourceBranchExists,
    targetBranchExists: view.targetBranchExists,
    shouldBeRebased: view.mergeability.needsRebase,
    mergeableDiscussionsState: !view.mergeability.discussionsNotResolved,
    autoMergeEnabled: mr.autoMergeEnabled,
    autoMergeStrategy: mr.autoMergeStrategy,
    mergeUser: view.mergedBy && presentUserCore(view.mergedBy, externalUrl),
    mergedAt: mr.mergedAt?.toISOString() ?? null,
    shouldRemoveSourceBranch: mr.shouldRemoveSourceBranch,
    forceRemoveSourceBranch: forceRemoveSourceBranchOf(view),
    squash: mr.squash,
    squashOnMerge: squashOnMergeOf(view),
    mergeTrainsCount: async () => (await mergeTrains.positionOf(mr)).count,
    mergeabilityChecks: mergeabilityChecks({
      ...view.mergeability,
      discussionsMustBeResolved: view.settings.onlyAllowMergeIfAllDiscussionsAreResolved,
    }),
    // The CI resolvers read the head pipeline (MergeRequest.headPipeline) when a query asks for it.
    // (A fork's request runs its pipelines in the source project.)
    headPipelineOf: view.headPipeline
      ? { projectId: view.headPipeline.entity.project_id, pipelineId: view.headPipeline.entity.id }
      : null,
    projectId: mr.projectId,
    userPermissions: {
      canMerge: view.permissions.canMerge,
      removeSourceBranch: view.permissions.canRemoveSourceBranch,
      updateMergeRequest: view.permissions.canUpdate,
    },
    commitCount: view.latestDiff?.commitsCount ?? 0,
    webUrl: `${externalUrl}/${view.projectFullPath}/-/merge_requests/${mr.iid}`,
    updatedAt: mr.updatedAt.toISOString(),
  };
}

export type PresentedMergeRequest = ReturnType<typeof presentMergeRequest>;

/** A merge request as `actor` may read it, presented; null where they may not. */
export const loadMergeRequest = (container: Container, actor: Actor, projectId: number, iid: number) =>
  orNull(async () =>
    presentMergeRequest(
      await container.mergeRequests.show(actor, projectId, iid),
      container.config.externalUrl,
      container.mergeTrains,
    ),
  );

export function mergeRequestResolvers(container: Container) {
  const load = (actor: Actor, projectId: number, iid: number) =>
    loadMergeRequest(container, actor, projectId, iid);

  /**
   * Each update re-reads the merge request as the subscriber: one who may not read it receives
   * nothing, so the subscription itself needs no separate permission check.
   */
  async function* mergeStatusUpdates(_root: unknown, args: { issuableId: string }, ctx: GraphQLContext) {
    const id = parseGlobalId('MergeRequest', args.issuableId);
    if (id === null)
      throw new GraphQLError(`"${args.issuableId}" does not represent an instance of MergeRequest`);
    const isThisRequest = (event: BusEvent): event is MergeRequestUpdated =>
      event.type === 'merge_request.updated' && event.mergeRequestId === id;
    const stream = eventStream(container.bus, isThisRequest);
    try {
      for await (const event of stream) {
        const mergeRequest = await load(ctx.currentUser, event.projectId, event.iid);
        if (mergeRequest) yield { mergeRequestMergeStatusUpdated: mergeRequest };
      }
    } finally {
      await stream.return?.();
    }
  }

  type RereviewInput = { projectPath: string; iid: string; userId: string };

  /** GitLab's `mergeRequestReviewerRereview`: refusals come back in `errors`, as its payloads do. */
  async function rereview(_root: unknown, { input }: { input: RereviewInput }, ctx: GraphQLContext) {
    const actor = ctx.currentUser;
    const userId = parseGlobalId('User', input.userId);
    if (!actor || userId === null || !/^\d{1,9}$/.test(input.iid))
      return { mergeRequest: null, errors: [RESOURCE_NOT_AVAILABLE] };
    try {
      const view = await container.mergeRequestReviewers.rerequest(
        actor,
        input.projectPath,
        Number(input.iid),
        userId,
      );
      return {
        mergeRequest: await load(actor, view.mergeRequest.projectId, view.mergeRequest.iid),
        errors: [],
      };
    } catch (error) {
      if (error instanceof AppError) return { mergeRequest: null, errors: [error.message] };
      throw error;
    }
  }

  type SubmitReviewInput = {
    projectPath: string;
    iid: string;
    note?: string | null;
    reviewState?: string | null;
  };

  /**
   * GitLab's `mergeRequestSubmitReview`: publishes the actor's pending comments with the summary
   * `note` and records `reviewState` (REVIEWED when absent); refusals come back in `errors`.
   */
  async function submitReview(_root: unknown, { input }: { input: SubmitReviewInput }, ctx: GraphQLContext) {
    const actor = ctx.currentUser;
    const state = (input.reviewState ?? 'REVIEWED').toLowerCase();
    if (!actor || !/^\d{1,9}$/.test(input.iid))
      return { mergeRequest: null, errors: [RESOURCE_NOT_AVAILABLE] };
    if (!isSubmittedReviewState(state))
      return {
        mergeRequest: null,
        errors: [`${input.reviewState} is not a state a review can be submitted with`],
      };
    try {
      const noteable = await container.noteables.byIid(
        actor,
        'MergeRequest',
        input.projectPath,
        Number(input.iid),
      );
      await container.reviewSubmission.submit(
        actor,
        noteable,
        { state, note: input.note ?? undefined },
        (error) => ctx.log.error({ err: error }, 'a hook failed after a submitted review'),
      );
      return { mergeRequest: await load(actor, noteable.ctx.project.id, noteable.iid), errors: [] };
    } catch (error) {
      if (error instanceof AppError) return { mergeRequest: null, errors: [error.message] };
      throw error;
    }
  }

  return {
    mutation: { mergeRequestReviewerRereview: rereview, mergeRequestSubmitReview: submitReview },
    projectMergeRequest: (project: { projectId: number }, args: { iid: string }, ctx: GraphQLContext) =>
      /^\d{1,9}$/.test(args.iid) ? load(ctx.currentUser, project.projectId, Number(args.iid)) : null,
    subscription: { mergeRequestMergeStatusUpdated: { subscribe: mergeStatusUpdates } },
  };
}
