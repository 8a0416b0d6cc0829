import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createMergeRequestBodySchema,
  diffVersionDetailSchema,
  diffVersionSchema,
  listMergeRequestsQuerySchema,
  listUserMergeRequestsQuerySchema,
  mergeRequestChangesSchema,
  mergeRequestCommitSchema,
  mergeRequestDetailSchema,
  mergeBodySchema,
  mergeRequestSchema,
  rebaseQuerySchema,
  rebaseResponseSchema,
  showMergeRequestQuerySchema,
  updateMergeRequestBodySchema,
} from '../../../shared/api/mergeRequests';
import { diffFileSchema } from '../../../shared/api/repository';
import { assertNever } from '../../../shared/lib/assertNever';
import { shaMismatchText } from '../../../shared/merge-requests/mergeChoices';
import { requestedAssignees } from '../../../shared/api/assignees';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Container } from '../../container';
import { ConflictError, MethodNotAllowedError, UnprocessableError } from '../../errors';
import { reader, requireUser } from '../auth/api-auth';
import type { CurrentUser } from '../../auth/current-user';
import type { LabelParams } from '../../../shared/api/labels';
import { presentLabelBasic } from '../labels/labels.presenter';
import type { MergeRequestView } from './merge-requests.service';
import {
  presentCommit,
  presentDiffVersion,
  presentMergeRequest,
  presentMergeRequestDetail,
  markdownTextsOf,
} from './merge-requests.presenter';
import { presentDiffFile } from '../repository/repository.presenter';

const dbInt = z.coerce.number().int().positive().max(2_147_483_647);
/** A project id or its URL-encoded full path (`group%2Fproject`), as GitLab accepts. */
const projectParams = z.object({ id: z.string().min(1).max(1000) });
const mergeRequestParams = projectParams.extend({ merge_request_iid: dbInt });
const versionParams = mergeRequestParams.extend({ version_id: dbInt });

const MR = '/api/v4/projects/:id/merge_requests';
const ONE_MR = `${MR}/:merge_request_iid`;

/** GitLab's merge requests API (REST v4): create, list, show, edit, merge, commits, changes, diffs, versions. */
export function registerMergeRequestRoutes(
  app: FastifyInstance,
  {
    mergeRequests,
    merges,
    rebases,
    autoMerges,
    mergeRequestAssignees,
    mergeRequestReviewers,
    references,
    labels,
    config,
  }: Pick<
    Container,
    | 'mergeRequests'
    | 'merges'
    | 'rebases'
    | 'autoMerges'
    | 'mergeRequestAssignees'
    | 'mergeRequestReviewers'
    | 'references'
    | 'labels'
    | 'config'
  >,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** Applies `labels`, `add_labels` and `remove_labels` to a request just written, and shows the result. */
  async function withLabelParams<V extends MergeRequestView>(
    actor: CurrentUser,
    projectRef: string,
    view: V,
    body: LabelParams,
  ): Promise<V> {
    const target = { type: 'MergeRequest' as const, id: view.mergeRequest.id };
    const now = await labels.applyParams(actor, projectRef, target, body);
    return now ? { ...view, labels: now } : view;
  }

  /** `with_labels_details=true`: GitLab's label objects instead of names. */
  const labelsShown = (view: MergeRequestView, details: boolean) =>
    details ? { labels: view.labels.map(presentLabelBasic) } : {};

  api.route({
    method: 'GET',
    url: MR,
    schema: {
      params: projectParams,
      querystring: listMergeRequestsQuerySchema.extend(paginationQuery.shape),
      response: { 200: z.array(mergeRequestSchema) },
    },
    handler: async (request, reply) => {
      const page = toPage(request.query);
      const { items, total } = await mergeRequests.list(
        reader(request),
        request.params.id,
        request.query,
        page,
      );
      setPaginationHeaders(request, reply, page, total);
      return items.map((view) => ({
        ...presentMergeRequest(view, config),
        ...labelsShown(view, request.query.with_labels_details),
      }));
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/merge_requests',
    schema: {
      querystring: listUserMergeRequestsQuerySchema.extend(paginationQuery.shape),
      response: { 200: z.array(mergeRequestSchema) },
    },
    handler: async (request, reply) => {
      const actor = reader(request);
      // Like GitLab, only `scope=all` may be asked anonymously.
      if (request.query.scope !== 'all') requireUser(request, 'api_read');
      const page = toPage(request.query);
      const { items, total } = await mergeRequests.listForUser(actor, request.query, page);
      setPaginationHeaders(request, reply, page, total);
      return items.map((view) => ({
        ...presentMergeRequest(view, config),
        ...labelsShown(view, request.query.with_labels_details),
      }));
    },
  });

  api.route({
    method: 'POST',
    url: MR,
    schema: {
      params: projectParams,
      body: createMergeRequestBodySchema,
      response: { 201: mergeRequestDetailSchema },
    },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      // Unknown assignees are refused before the request is created.
      const assignees = requestedAssignees(request.body);
      if (assignees) await mergeRequestAssignees.checkUsers(assignees);
      labels.checkParams(request.body);
      const view = await mergeRequests.create(actor, request.params.id, request.body, {
        prepare: async (created) => {
          const target = { type: 'MergeRequest' as const, id: created.id };
          await labels.applyParams(actor, request.params.id, target, request.body);
          if (assignees?.length)
            await mergeRequestAssignees.replace(actor, request.params.id, created.iid, assignees, {
              quiet: true,
            });
          if (request.body.reviewer_ids?.length)
            await mergeRequestReviewers.replace(
              actor,
              request.params.id,
              created.iid,
              request.body.reviewer_ids,
              { quiet: true },
            );
        },
      });
      return reply.status(201).send(presentMergeRequestDetail(view, config));
    },
  });

  api.route({
    method: 'GET',
    url: ONE_MR,
    schema: {
      params: mergeRequestParams,
      querystring: showMergeRequestQuerySchema,
      response: { 200: mergeRequestDetailSchema },
    },
    handler: async (request) => {
      const { id, merge_request_iid: iid } = request.params;
      const actor = reader(request);
      const ctx = await mergeRequests.loadForRead(actor, id);
      const view = await mergeRequests.detailIn(actor, ctx, iid);
      const markdown = request.query.render_html
        ? await references.writerFor(actor, ctx, markdownTextsOf(view))
        : undefined;
      const { include_rebase_in_progress: withRebase, include_diverged_commits_count: withDiverged } =
        request.query;
      const [rebaseInProgress, divergedCommitsCount] = await Promise.all([
        withRebase ? rebases.inProgress(view.mergeRequest.id) : undefined,
        withDiverged ? mergeRequests.divergedCommitsCount(ctx, view) : undefined,
      ]);
      return {
        ...presentMergeRequestDetail(view, config, markdown),
        ...(rebaseInProgress === undefined ? {} : { rebase_in_progress: rebaseInProgress }),
        ...(divergedCommitsCount === undefined ? {} : { diverged_commits_count: divergedCommitsCount }),
      };
    },
  });

  api.route({
    method: 'PUT',
    url: ONE_MR,
    schema: {
      params: mergeRequestParams,
      body: updateMergeRequestBodySchema,
      response: { 200: mergeRequestDetailSchema },
    },
    handler: async (request) => {
      const actor = requireUser(request, 'api_write');
      const { id, merge_request_iid: iid } = request.params;
      const assignees = requestedAssignees(request.body);
      if (assignees) await mergeRequestAssignees.checkUsers(assignees);
      labels.checkParams(request.body);
      let view = await mergeRequests.update(actor, id, iid, request.body);
      view = await withLabelParams(actor, id, view, request.body);
      if (assignees) view = await mergeRequestAssignees.replace(actor, id, iid, assignees);
      if (request.body.reviewer_ids)
        view = await mergeRequestReviewers.replace(actor, id, iid, request.body.reviewer_ids);
      return presentMergeRequestDetail(view, config);
    },
  });

  // GitLab's current cancel answers the request (201) or 409; its older name is kept for older clients.
  for (const name of ['cancel_auto_merge', 'cancel_merge_when_pipeline_succeeds']) {
    api.route({
      method: 'POST',
      url: `${ONE_MR}/${name}`,
      schema: { params: mergeRequestParams, response: { 201: mergeRequestDetailSchema } },
      handler: async (request, reply) => {
        const actor = requireUser(request, 'api_write');
        const { id, merge_request_iid: iid } = request.params;
        const view = await autoMerges.cancel(actor, id, iid);
        return reply.code(201).send(presentMergeRequestDetail(view, config));
      },
    });
  }

  // Rebasing happens in the background; clients poll `include_rebase_in_progress` for its end.
  api.route({
    method: 'PUT',
    url: `${ONE_MR}/rebase`,
    schema: {
      params: mergeRequestParams,
      body: rebaseQuerySchema,
      response: { 202: rebaseResponseSchema },
    },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const { id, merge_request_iid: iid } = request.params;
      const skipCi = request.body.skip_ci ?? false;
      await rebases.request(actor, id, iid, { skipCi });
      return reply.code(202).send({ rebase_in_progress: true });
    },
  });

  api.route({
    method: 'PUT',
    url: `${ONE_MR}/merge`,
    schema: {
      params: mergeRequestParams,
      body: mergeBodySchema,
      response: { 200: mergeRequestDetailSchema },
    },
    handler: async (request) => {
      const actor = requireUser(request, 'api_write');
      const { id, merge_request_iid: iid } = request.params;
      const { body } = request;
      const options = {
        sha: body.sha,
        squash: body.squash,
        shouldRemoveSourceBranch: body.should_remove_source_branch,
        mergeCommitMessage: body.merge_commit_message,
        squashCommitMessage: body.squash_commit_message,
      };
      const onHookError = (error: unknown) =>
        request.log.error({ err: error }, 'a push hook failed after a merge');
      const strategy = body.merge_when_pipeline_succeeds
        ? 'merge_when_pipeline_succeeds'
        : 'merge_when_checks_pass';
      const way =
        body.auto_merge || body.merge_when_pipeline_succeeds
          ? ({ kind: 'auto', strategy } as const)
          : ({ kind: 'now' } as const);
      const outcome = await merges.request(actor, id, iid, way, options, onHookError);
      // GitLab's answers: 405 when a check fails (or another merge runs), 409 for a stale sha, 422 when the merge did not land.
      switch (outcome.kind) {
        case 'merged':
          return presentMergeRequestDetail(outcome.view, config);
        case 'auto_merge_enabled':
          return presentMergeRequestDetail(await mergeRequests.show(actor, id, iid), config);
        case 'not_mergeable':
          throw new MethodNotAllowedError();
        case 'being_merged':
          throw new MethodNotAllowedError(outcome.message);
        case 'sha_mismatch':
          throw new ConflictError(shaMismatchText(outcome.headSha));
        case 'refused':
          throw new UnprocessableError(outcome.message);
        case 'failed':
          throw new UnprocessableError('Branch cannot be merged');
        default:
          return assertNever(outcome);
      }
    },
  });

  api.route({
    method: 'GET',
    url: `${ONE_MR}/commits`,
    schema: {
      params: mergeRequestParams,
      querystring: paginationQuery,
      response: { 200: z.array(mergeRequestCommitSchema) },
    },
    handler: async (request, reply) => {
      const { id, merge_request_iid: iid } = request.params;
      const page = toPage(request.query);
      const { ctx, items, total } = await mergeRequests.commits(reader(request), id, iid, page);
      setPaginationHeaders(request, reply, page, total);
      return items.map((row) => presentCommit(row, ctx.fullPath, config));
    },
  });

  api.route({
    method: 'GET',
    url: `${ONE_MR}/changes`,
    schema: { params: mergeRequestParams, response: { 200: mergeRequestChangesSchema } },
    handler: async (request) => {
      const { id, merge_request_iid: iid } = request.params;
      const view = await mergeRequests.changes(reader(request), id, iid);
      return {
        ...presentMergeRequest(view, config),
        changes: view.diff.files.map(presentDiffFile),
        overflow: view.diff.overflow,
      };
    },
  });

  api.route({
    method: 'GET',
    url: `${ONE_MR}/diffs`,
    schema: {
      params: mergeRequestParams,
      querystring: paginationQuery,
      response: { 200: z.array(diffFileSchema) },
    },
    handler: async (request, reply) => {
      const { id, merge_request_iid: iid } = request.params;
      const page = toPage(request.query);
      const { items, total } = await mergeRequests.diffs(reader(request), id, iid, page);
      setPaginationHeaders(request, reply, page, total);
      return items.map(presentDiffFile);
    },
  });

  api.route({
    method: 'GET',
    url: `${ONE_MR}/versions`,
    schema: { params: mergeRequestParams, response: { 200: z.array(diffVersionSchema) } },
    handler: async (request) => {
      const { id, merge_request_iid: iid } = request.params;
      return (await mergeRequests.versions(reader(request), id, iid)).map(presentDiffVersion);
    },
  });

  api.route({
    method: 'GET',
    url: `${ONE_MR}/versions/:version_id`,
    schema: { params: versionParams, response: { 200: diffVersionDetailSchema } },
    handler: async (request) => {
      const { id, merge_request_iid: iid, version_id: versionId } = request.params;
      const found = await mergeRequests.version(reader(request), id, iid, versionId);
      return {
        ...presentDiffVersion(found.version),
        commits: found.commits.map((row) => presentCommit(row, found.ctx.fullPath, config)),
        diffs: found.diff.files.map(presentDiffFile),
      };
    },
  });
}
