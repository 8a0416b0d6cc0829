import type { AutoMergeStrategy } from '../../../shared/auto-merge/autoMergeStrategy';
import type { CurrentUser } from '../../auth/current-user';
import type { ProjectContext } from '../projects/projects.service';
import { createImmediateMerge, type ImmediateMerge, type MergeOutcome } from './immediate-merge.service';
import { createMergeMessages, type MergeOptions } from './merge-messages';
import type { MergeRequestsService } from './merge-requests.service';

export { ALREADY_BEING_MERGED, MERGE_FAILURES, type MergeOutcome } from './immediate-merge.service';
export type { MergeOptions } from './merge-messages';

/** What a merge request's merge call ends in: merged, set to merge later, or why not. */
export type AutoMergeOutcome = MergeOutcome | { kind: 'auto_merge_enabled'; strategy: AutoMergeStrategy };

/** How a merge is asked for. */
export type MergeWay =
  /** A person's "Merge" (REST, the page): now, with the merge train's step when the project has one. */
  | { kind: 'now'; skipMergeTrain?: boolean }
  /** A person's "Set to auto-merge" (or a train strategy): waits for the checks, or merges now if they pass. */
  | { kind: 'auto'; strategy: AutoMergeStrategy }
  /**
   * A merge carried out as it stands, with no auto-merge or train step: auto-merge's job once the
   * checks pass, the train's first car, the `/merge` quick action.
   */
  | { kind: 'direct' };

type Hook = (error: unknown) => void;

/** Who merges which request, how, with what choices; a project already loaded saves its read. */
type RequestArgs<Way extends MergeWay> = [
  actor: CurrentUser,
  project: number | string | ProjectContext,
  iid: number,
  way: Way,
  options: MergeOptions,
  onHookError: Hook,
];

/** Where auto-merge plugs into the merge path (features/merge-requests/auto-merge.service.ts). */
export type AutoMergeHook = {
  enable(
    actor: CurrentUser,
    ctx: ProjectContext,
    iid: number,
    strategy: AutoMergeStrategy,
    options: MergeOptions,
    onHookError: Hook,
  ): Promise<AutoMergeOutcome>;
};

/** Where merge trains plug into the merge path (features/merge-trains). */
export type MergeTrainHook = {
  /** Which strategy the project's train makes of the one asked for (or a refusal, thrown). */
  strategyFor(ctx: ProjectContext, strategy: AutoMergeStrategy): AutoMergeStrategy;
  /** Puts a request whose checks pass on its train. */
  join(
    actor: CurrentUser,
    ctx: ProjectContext,
    iid: number,
    options: MergeOptions,
  ): Promise<AutoMergeOutcome>;
  /** Before a person's merge now: a refusal, or null to go on. */
  beforeMergeNow(ctx: ProjectContext, way: { skipMergeTrain?: boolean }): MergeOutcome | null;
  /** After a person's merge now landed: the train goes on without the request. */
  afterMergeNow(
    actor: CurrentUser,
    ctx: ProjectContext,
    merged: Extract<MergeOutcome, { kind: 'merged' }>,
    way: { skipMergeTrain?: boolean },
  ): Promise<void>;
};

type Deps = Parameters<typeof createImmediateMerge>[0] & {
  mergeRequests: Pick<MergeRequestsService, 'loadForRead' | 'detailIn' | 'checkedIn'>;
};

/**
 * The merge path: every merge of a merge request is asked for here (the REST and page merge
 * calls, auto-merge, merge trains, quick actions), and here it is decided once whether it merges
 * now, waits as auto-merge, or goes through the train. The checks are the one ordered list of
 * shared/merge-checks, read through the mergeability service; auto-merge and trains plug in as
 * hooks, as pipelines and approvals will.
 */
export function createMergeService(deps: Deps) {
  const { mergeRequests } = deps;
  const immediate: ImmediateMerge = createImmediateMerge(deps);
  const { defaultMessages } = createMergeMessages(deps);
  let autoMerge: AutoMergeHook | null = null;
  let train: MergeTrainHook | null = null;

  /** Auto-merge adds itself when it is built (it merges through this path). */
  function useAutoMerge(hook: AutoMergeHook): void {
    autoMerge = hook;
  }

  /** Merge trains add themselves when they are built (they merge through this path). */
  function useMergeTrain(hook: MergeTrainHook): void {
    train = hook;
  }

  /**
   * Merges the request, or sets it to merge later, as `way` asks; permission problems are errors.
   * Only `auto` can end in `auto_merge_enabled`.
   */
  async function request(...args: RequestArgs<Exclude<MergeWay, { kind: 'auto' }>>): Promise<MergeOutcome>;
  async function request(...args: RequestArgs<MergeWay>): Promise<AutoMergeOutcome>;
  async function request(
    ...[actor, project, iid, way, options, onHookError]: RequestArgs<MergeWay>
  ): Promise<AutoMergeOutcome> {
    const ctx = typeof project === 'object' ? project : await mergeRequests.loadForRead(actor, project);
    switch (way.kind) {
      case 'direct':
        return immediate.mergeIn(actor, ctx, iid, options, onHookError);
      case 'auto':
        return setAutoMerge(actor, ctx, iid, way.strategy, options, onHookError);
      case 'now': {
        const refusal = train?.beforeMergeNow(ctx, way) ?? null;
        if (refusal) return refusal;
        const outcome = await immediate.mergeIn(actor, ctx, iid, options, onHookError);
        if (outcome.kind === 'merged') await train?.afterMergeNow(actor, ctx, outcome, way);
        return outcome;
      }
    }
  }

  async function setAutoMerge(
    actor: CurrentUser,
    ctx: ProjectContext,
    iid: number,
    asked: AutoMergeStrategy,
    options: MergeOptions,
    onHookError: Hook,
  ): Promise<AutoMergeOutcome> {
    if (!autoMerge) throw new Error('auto-merge is not plugged into the merge path');
    // A project with merge trains queues what would merge; one without refuses the train strategies.
    const strategy = train ? train.strategyFor(ctx, asked) : asked;
    if (strategy === 'merge_train' && train) return train.join(actor, ctx, iid, options);
    return autoMerge.enable(actor, ctx, iid, strategy, options, onHookError);
  }

  /** A direct merge (`request` with way `direct`), for the quick action and the demo. */
  const merge = (
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
    options: MergeOptions,
    onHookError: Hook,
  ) => request(actor, projectRef, iid, { kind: 'direct' }, options, onHookError);

  /** The merge request page: the detail, and for an open request the messages a merge would write. */
  async function page(actor: CurrentUser | null, projectRef: number | string, iid: number) {
    const ctx = await mergeRequests.loadForRead(actor, projectRef);
    return withMessages(ctx, await mergeRequests.detailIn(actor, ctx, iid), actor);
  }

  /** The page's merge part alone (the widget's): the request checked, without what its entity shows besides. */
  async function panel(actor: CurrentUser | null, projectRef: number | string, iid: number) {
    const ctx = await mergeRequests.loadForRead(actor, projectRef);
    return withMessages(ctx, await mergeRequests.checkedIn(actor, ctx, iid), actor);
  }

  async function withMessages<View extends Awaited<ReturnType<MergeRequestsService['checkedIn']>>>(
    ctx: ProjectContext,
    view: View,
    actor: CurrentUser | null,
  ) {
    const messages = view.mergeRequest.state === 'opened' ? await defaultMessages(view, actor) : null;
    return { ctx, view, messages };
  }

  return { request, merge, page, panel, useAutoMerge, useMergeTrain };
}

export type MergeService = ReturnType<typeof createMergeService>;
