import type { CurrentUser } from '../../auth/current-user';
import type { Actor } from '../../auth/permissions';
import type { Db } from '../../db/client';
import { AppError, BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import type { EventBus } from '../../realtime/bus';
import type { ServiceLog } from '../../service-log';
import { announceMergeRequest, standingOf } from './merge-request-events';
import { findMergeRequestRowById } from './auto-merge.repo';
import {
  deleteBlock,
  dependencyStates,
  insertBlock,
  listBlocksOf,
  lockDependencyGraph,
  openBlockedBy,
  waitsFor,
  type BlockRow,
} from './blocks.repo';
import type { CheckedMergeRequest, MergeRequestsService, MergeRequestView } from './merge-requests.service';

/** More dependencies than this is a mistake, and each one is read for every widget poll. */
export const MAX_BLOCKS = 50;
// GitLab's words (MergeRequestBlock's validations and CreateBlockService).
export const BLOCKS_ITSELF = 'This block is self-referential';
export const ALREADY_BLOCKED = 'Block already exists';
export const CIRCULAR_DEPENDENCY = 'Blocked merge request circular dependency';

type Deps = {
  db: Db;
  bus: EventBus;
  mergeRequests: Pick<MergeRequestsService, 'show' | 'findReadableById'>;
  log: ServiceLog;
};

/** A dependency with its blocking merge request, or null for the blocker when the actor may not read it. */
export type BlockView = { block: BlockRow; blocking: MergeRequestView | null };

/**
 * Merge request dependencies (BLOCKED_STATUS): a merge request waits until every merge request
 * that blocks it is merged. Whoever may edit the blocked request and read the blocking one sets them.
 */
export function createBlocksService({ db, bus, mergeRequests, log }: Deps) {
  /** A blocker the actor may not read stays hidden: its title and project could be private. */
  async function readableView(actor: Actor, blocker: { projectId: number; iid: number }) {
    try {
      return await mergeRequests.show(actor, blocker.projectId, blocker.iid);
    } catch (error) {
      if (error instanceof AppError && (error.statusCode === 403 || error.statusCode === 404)) return null;
      throw error;
    }
  }

  async function list(actor: Actor, projectRef: number | string, iid: number) {
    const blocked = await mergeRequests.show(actor, projectRef, iid);
    const blocks = await listBlocksOf(db, blocked.mergeRequest.id);
    const views: BlockView[] = await Promise.all(
      blocks.map(async (block) => ({ block, blocking: await readableView(actor, block.blocker) })),
    );
    return { blocked, blocks: views };
  }

  async function loadForUpdate(actor: CurrentUser, projectRef: number | string, iid: number) {
    const blocked = await mergeRequests.show(actor, projectRef, iid);
    if (!blocked.permissions.canUpdate) throw new ForbiddenError();
    return blocked;
  }

  async function create(
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
    blockingMergeRequestId: number,
  ) {
    const blocked = await loadForUpdate(actor, projectRef, iid);
    const blockedId = blocked.mergeRequest.id;
    const location = await findMergeRequestRowById(db, blockingMergeRequestId);
    const blocking = location && (await readableView(actor, location));
    if (!blocking) throw new NotFoundError('Blocking merge request');
    if (blocking.mergeRequest.id === blockedId) throw new BadRequestError(BLOCKS_ITSELF);
    if ((await listBlocksOf(db, blockedId)).length >= MAX_BLOCKS)
      throw new BadRequestError(`A merge request can have at most ${MAX_BLOCKS} dependencies`);
    const blockingId = blocking.mergeRequest.id;
    const block = await db.transaction(async (tx) => {
      await lockDependencyGraph(tx);
      // A blocker that already waits for this request, however indirectly, would close a cycle
      // in which nothing can ever merge.
      if (await waitsFor(tx, blockingId, blockedId)) throw new BadRequestError(CIRCULAR_DEPENDENCY);
      return insertBlock(tx, { blockingMergeRequestId: blockingId, blockedMergeRequestId: blockedId });
    });
    if (!block) throw new ConflictError(ALREADY_BLOCKED);
    await announceMergeRequest(bus, blocked.mergeRequest);
    return { blocked: await mergeRequests.show(actor, projectRef, iid), block, blocking };
  }

  async function remove(actor: CurrentUser, projectRef: number | string, iid: number, blockId: number) {
    const blocked = await loadForUpdate(actor, projectRef, iid);
    if (!(await deleteBlock(db, blocked.mergeRequest.id, blockId)))
      throw new NotFoundError('Merge request dependency');
    await announceMergeRequest(bus, blocked.mergeRequest);
  }

  /**
   * For the widget, which has read the blocked request for the viewer already: the blockers the
   * viewer may see, and how many they may not. Its checks tell whether there are any to read.
   * `blockers` names them all, so that a change to one (or to who may read it) reaches the widget.
   */
  async function report(actor: Actor, blocked: Pick<CheckedMergeRequest, 'mergeRequest' | 'mergeability'>) {
    if (blocked.mergeability.dependencies === 'none')
      return { visible: [], hiddenCount: 0, totalCount: 0, blockers: [] };
    const blocks = await listBlocksOf(db, blocked.mergeRequest.id);
    const readable = await Promise.all(blocks.map((block) => readableView(actor, block.blocker)));
    const visible = readable.filter((view) => view !== null);
    const blockers = blocks.map(({ blocker }) => ({ id: blocker.id, projectId: blocker.projectId }));
    return { visible, hiddenCount: blocks.length - visible.length, totalCount: blocks.length, blockers };
  }

  /** For the mergeability check: whether each request has dependencies, and whether one is unmerged. */
  const statesOf = (mergeRequestIds: number[]) => dependencyStates(db, mergeRequestIds);

  // A blocker that merged or closed changes its dependents' checks: tell their widgets and auto-merge.
  // Only requests that are no longer open fan out, and only to open ones, so a cycle cannot echo.
  // A merge in progress (locked) changes nothing for them yet: its end is announced.
  bus.subscribe((event) => {
    if (event.type !== 'merge_request.updated') return;
    void standingOf(db, event, event.mergeRequestId)
      .then(async (standing) => {
        if (!standing || standing.state === 'opened' || standing.state === 'locked') return;
        for (const dependent of await openBlockedBy(db, event.mergeRequestId))
          await announceMergeRequest(bus, dependent);
      })
      .catch((error: unknown) =>
        log.error(
          { err: error, mergeRequestId: event.mergeRequestId },
          'announcing a blocker’s end to its dependents failed',
        ),
      );
  });

  return { list, create, remove, report, statesOf };
}

export type BlocksService = ReturnType<typeof createBlocksService>;
