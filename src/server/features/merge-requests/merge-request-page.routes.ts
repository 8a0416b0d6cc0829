import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mergeRequestPageSchema,
  pageMergeBodySchema,
  pageMergeResponseSchema,
  rebaseQuerySchema,
} from '../../../shared/api/mergeRequests';
import type { Container } from '../../container';
import { mergeRequestPageUpdateBodySchema } from '../../../shared/api/reviewers';
import type { CurrentUser } from '../../auth/current-user';
import { taskUpdateOf } from '../../markdown/task-toggle';
import { requireUser } from '../auth/api-auth';
import { markdownTextsOf, presentMergeCall, presentMergeRequestPage } from './merge-requests.presenter';
import { noteablePageParams, projectPagePrefixes } from '../../page-paths';

/**
 * The merge request page's JSON at GitLab's addresses: `{project}/-/merge_requests/{iid}.json`
 * (the REST fields plus rendered HTML, branch existence, what the viewer may do and the merge
 * defaults) and the widget's merge call, `POST {project}/-/merge_requests/{iid}/merge`.
 */
export function registerMergeRequestPageRoutes(
  app: FastifyInstance,
  {
    merges,
    rebases,
    autoMerges,
    mergeRequests,
    mergeRequestReviewers,
    references,
    config,
  }: Pick<
    Container,
    'merges' | 'rebases' | 'autoMerges' | 'mergeRequests' | 'mergeRequestReviewers' | 'references' | 'config'
  >,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const presentPage = async (actor: CurrentUser | null, fullPath: string, iid: number) => {
    const { ctx, view, messages } = await merges.page(actor, fullPath, iid);
    const markdown = await references.writerFor(actor, ctx, markdownTextsOf(view));
    return presentMergeRequestPage(view, config, messages, markdown);
  };
  for (const prefix of projectPagePrefixes()) {
    const base = `${prefix}/-/merge_requests/:iid`;
    api.route({
      method: 'GET',
      url: `${base}.json`,
      schema: { params: noteablePageParams, response: { 200: mergeRequestPageSchema } },
      handler: async (request) => {
        const { fullPath, iid } = request.params;
        return presentPage(request.currentUser, fullPath, iid);
      },
    });

    // GitLab's merge request page saves a ticked task list item (`update_task`) and its reviewers
    // (`reviewer_ids`) here, answering the page JSON.
    api.route({
      method: ['PUT', 'PATCH'],
      url: `${base}.json`,
      schema: {
        params: noteablePageParams,
        body: mergeRequestPageUpdateBodySchema,
        response: { 200: mergeRequestPageSchema },
      },
      handler: async (request) => {
        const actor = requireUser(request, 'api_write');
        const { fullPath, iid } = request.params;
        const edit = request.body.merge_request;
        if ('reviewer_ids' in edit)
          await mergeRequestReviewers.replace(actor, fullPath, iid, edit.reviewer_ids);
        else await mergeRequests.updateTask(actor, fullPath, iid, taskUpdateOf(edit.update_task));
        return presentPage(actor, fullPath, iid);
      },
    });

    api.route({
      method: 'POST',
      url: `${base}/merge`,
      schema: {
        params: noteablePageParams,
        body: pageMergeBodySchema,
        response: { 200: pageMergeResponseSchema },
      },
      handler: async (request) => {
        const actor = requireUser(request, 'api_write');
        const { fullPath, iid } = request.params;
        const body = request.body;
        const strategy = body.auto_merge_strategy;
        const options = {
          sha: body.sha,
          squash: body.squash,
          shouldRemoveSourceBranch: body.should_remove_source_branch,
          mergeCommitMessage: body.commit_message,
          squashCommitMessage: body.squash_commit_message,
        };
        const onHookError = (error: unknown) =>
          request.log.error({ err: error }, 'a push hook failed after a merge');
        const way = strategy
          ? ({ kind: 'auto', strategy } as const)
          : ({ kind: 'now', skipMergeTrain: body.skip_merge_train } as const);
        const outcome = await merges.request(actor, fullPath, iid, way, options, onHookError);
        return presentMergeCall(outcome);
      },
    });

    api.route({
      method: 'POST',
      url: `${base}/cancel_auto_merge`,
      schema: { params: noteablePageParams, response: { 200: z.object({}) } },
      handler: async (request) => {
        const actor = requireUser(request, 'api_write');
        const { fullPath, iid } = request.params;
        await autoMerges.cancel(actor, fullPath, iid);
        return {};
      },
    });

    // The widget's rebase button: schedules the rebase and polls the request for its end.
    api.route({
      method: 'POST',
      url: `${base}/rebase`,
      schema: { params: noteablePageParams, querystring: rebaseQuerySchema, response: { 200: z.object({}) } },
      handler: async (request) => {
        const actor = requireUser(request, 'api_write');
        const { fullPath, iid } = request.params;
        await rebases.request(actor, fullPath, iid, { skipCi: request.query.skip_ci ?? false });
        return {};
      },
    });
  }
}
