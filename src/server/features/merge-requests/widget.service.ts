import type { CurrentUser } from '../../auth/current-user';
import { can } from '../../auth/permissions';
import { projectSubject } from '../projects/projects.service';
import type { Config } from '../../config';
import { countCommits } from '../../git/commits';
import { branchRef } from '../../git/repository';
import { readPathEntry } from '../../git/tree';
import { SUGGEST_PIPELINE } from '../../../shared/api/userCallouts';
import { DEFAULT_CI_CONFIG_PATH, newBlobPage } from '../../../shared/repository/blobPages';
import type { UserCalloutsService } from '../user-callouts/user-callouts.service';
import type { AutoMergeService } from './auto-merge.service';
import type { MergeRequestsService } from './merge-requests.service';
import type { MergeService } from './merge.service';
import type { RebaseService } from './rebase.service';
import type { MergeTrainsService } from '../merge-trains/merge-trains.service';
import type { BlocksService } from './blocks.service';
import { presentBlockingMergeRequests, presentCachedWidget, presentWidget } from './widget.presenter';

type Deps = {
  config: Config;
  mergeRequests: MergeRequestsService;
  merges: MergeService;
  rebases: RebaseService;
  autoMerges: AutoMergeService;
  mergeTrains: Pick<MergeTrainsService, 'positionOf'>;
  blocks: Pick<BlocksService, 'report'>;
  userCallouts: Pick<UserCalloutsService, 'isDismissed'>;
};

/** The merge request widget's two answers, in the shapes of src/shared/api/mergeWidget.ts. */
export function createWidgetService({
  config,
  mergeRequests,
  merges,
  rebases,
  autoMerges,
  mergeTrains,
  blocks,
  userCallouts,
}: Deps) {
  /** Everyone's view: state, checks, branches, auto-merge and rebase progress. */
  async function cached(actor: CurrentUser | null, fullPath: string, iid: number) {
    const ctx = await mergeRequests.loadForRead(actor, fullPath);
    const view = await mergeRequests.checkedIn(actor, ctx, iid);
    const mr = view.mergeRequest;
    const divergedCommitsCount =
      view.sourceBranchExists && view.targetBranchExists
        ? await countCommits(ctx.gitDir, `${branchRef(mr.sourceBranch)}..${branchRef(mr.targetBranch)}`)
        : 0;
    const body = presentCachedWidget(
      {
        view,
        archived: ctx.project.archived,
        geoSecondary: config.geoSecondary,
        divergedCommitsCount,
        rebaseInProgress: await rebases.inProgress(mr.id),
        mergeTrain: {
          enabled: ctx.project.mergeTrainsEnabled,
          skipTrainAllowed: ctx.project.mergeTrainsSkipTrainAllowed,
          ...(await mergeTrains.positionOf(mr)),
        },
      },
      config,
    );
    return { projectId: ctx.project.id, mergeRequestId: mr.id, body };
  }

  /** This viewer's abilities and the merge commit messages a merge by them would write. */
  async function forViewer(actor: CurrentUser | null, fullPath: string, iid: number) {
    const { ctx, view, messages } = await merges.panel(actor, fullPath, iid);
    const mr = view.mergeRequest;
    const abilities = {
      // A Geo secondary takes no pushes: no rebase, no first CI file to commit there.
      canPushToSourceBranch:
        actor !== null &&
        !config.geoSecondary &&
        view.sourceBranchExists &&
        (await rebases.mayPushTo(actor, ctx, mr.sourceBranch)),
      canCancelAutomaticMerge: await autoMerges.mayCancel(actor, ctx, mr),
      canPushCode: can(actor, 'push_code', projectSubject(ctx)),
    };
    // GitLab offers a first `.gitlab-ci.yml` only to someone who could commit it, on an open request with commits,
    // in a project that reads the default file (its `uses_default_ci_config?`).
    const offerCiConfig =
      (ctx.project.ciConfigPath === null || ctx.project.ciConfigPath === DEFAULT_CI_CONFIG_PATH) &&
      abilities.canPushToSourceBranch &&
      mr.state === 'opened' &&
      view.mergeability.hasCommits &&
      (await readPathEntry(ctx.gitDir, branchRef(mr.sourceBranch), DEFAULT_CI_CONFIG_PATH)) === null;
    const blocking = await blocks.report(actor, view);
    return {
      projectId: ctx.project.id,
      mergeRequestId: mr.id,
      blockers: blocking.blockers,
      body: presentWidget(
        view,
        abilities,
        messages,
        presentBlockingMergeRequests(blocking, view.projectFullPath, config),
        {
          addCiConfigPath: offerCiConfig
            ? newBlobPage(ctx.fullPath, mr.sourceBranch, DEFAULT_CI_CONFIG_PATH)
            : null,
          dismissed: await userCallouts.isDismissed(actor?.id ?? null, SUGGEST_PIPELINE),
        },
      ),
    };
  }

  return { cached, forViewer };
}

export type WidgetService = ReturnType<typeof createWidgetService>;
