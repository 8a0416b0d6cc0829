import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { booleanParam } from '../../../shared/api/params';
import {
  diffFileSchema,
  fileChangeBodySchema,
  pageBranchDeleteResponseSchema,
  repositoryPathParam,
  revisionParam,
} from '../../../shared/api/repository';
import { BRANCH_DELETED_RESPONSE } from '../../../shared/merge-widget/messages';
import { can } from '../../auth/permissions';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Container } from '../../container';
import { ForbiddenError, UnauthorizedError } from '../../errors';
import { isBinary } from '../../git/tree';
import { projectSubject } from '../projects/projects.service';
import {
  presentBranch,
  presentCommit,
  presentCommitDetail,
  presentDiffFile,
  presentFile,
  presentTreeEntry,
} from './repository.presenter';
import { fullPathOf, projectPagePrefixes, projectPathFields } from '../../page-paths';
import { apiActor } from '../auth/api-auth';

const id = z.string().min(1).max(1000);
// Paths and refs are checked before git reads them (shared/repository/repositoryInput).
const ref = revisionParam;
const projectParams = z.object({ id });
const branchParams = z.object({ id, branch: z.string().min(1).max(1000) });
const shaParams = z.object({ id, sha: ref });
const fileParams = z.object({ id, file_path: repositoryPathParam.min(1) });
const isoDate = z.iso
  .datetime({ offset: true })
  .or(z.iso.date())
  .transform((value) => new Date(value));

const createBranchParams = z.object({ branch: z.string().min(1).max(1000), ref });
/** `revert` and `cherry_pick`: the branch to commit on, and a check-only run. */
const commitActionParams = z.object({
  branch: z.string().min(1).max(1000),
  dry_run: booleanParam.optional(),
  message: z.string().max(100_000).optional(),
});

/** Raw file bytes: text shows as text, anything else downloads; never sniffed into HTML. */
function sendRaw(reply: FastifyReply, content: Buffer, fileName: string) {
  return reply
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .type(isBinary(content) ? 'application/octet-stream' : 'text/plain; charset=utf-8')
    .send(content);
}

const hookErrors = (request: FastifyRequest) => (error: unknown) =>
  request.log.error({ err: error }, 'a push hook failed');

/** GitLab's repository API: branches, commits, trees, files and blobs. */
export function registerRepositoryRoutes(
  app: FastifyInstance,
  { projects, repository, config }: Pick<Container, 'projects' | 'repository' | 'config'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** Members below Reporter see a private project exist, but not its code. */
  async function readable(request: FastifyRequest, projectId: string) {
    const actor = apiActor(request);
    const ctx = await projects.loadProject(actor, projectId);
    if (!can(actor, 'read_code', projectSubject(ctx))) throw new ForbiddenError();
    return { actor, ctx };
  }

  async function writable(request: FastifyRequest, projectId: string) {
    const actor = apiActor(request);
    if (!actor) throw new UnauthorizedError();
    const ctx = await projects.loadProject(actor, projectId);
    if (!can(actor, 'push_code', projectSubject(ctx))) throw new ForbiddenError();
    return { actor, ctx };
  }

  api.route({
    method: 'GET',
    url: '/api/v4/projects/:id/repository/branches',
    schema: {
      params: projectParams,
      querystring: paginationQuery.extend({ search: z.string().max(255).optional() }),
    },
    handler: async (request, reply) => {
      const { actor, ctx } = await readable(request, request.params.id);
      const page = toPage(request.query);
      const { branches, total } = await repository.listBranches(ctx, actor, {
        search: request.query.search,
        page,
      });
      setPaginationHeaders(request, reply, page, total);
      return branches.map((branch) => presentBranch(branch, ctx, config));
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/projects/:id/repository/branches/:branch',
    schema: { params: branchParams },
    handler: async (request) => {
      const { actor, ctx } = await readable(request, request.params.id);
      return presentBranch(await repository.getBranch(ctx, actor, request.params.branch), ctx, config);
    },
  });

  api.route({
    method: 'POST',
    url: '/api/v4/projects/:id/repository/branches',
    schema: { params: projectParams, body: createBranchParams },
    handler: async (request, reply) => {
      const input = request.body;
      const { actor, ctx } = await writable(request, request.params.id);
      const branch = await repository.createBranch(ctx, actor, input.branch, input.ref, hookErrors(request));
      return reply.status(201).send(presentBranch(branch, ctx, config));
    },
  });

  api.route({
    method: 'DELETE',
    url: '/api/v4/projects/:id/repository/branches/:branch',
    schema: { params: branchParams },
    handler: async (request, reply) => {
      const { actor, ctx } = await writable(request, request.params.id);
      await repository.deleteBranch(ctx, actor, request.params.branch, hookErrors(request));
      return reply.status(204).send();
    },
  });

  // The widget's "Delete source branch" (spec 000 section 7): its answer's message triggers a refresh.
  for (const prefix of projectPagePrefixes()) {
    api.route({
      method: 'DELETE',
      url: `${prefix}/-/branches/*`,
      schema: {
        params: z.object({ ...projectPathFields, '*': z.string().min(1).max(1000) }),
        response: { 200: pageBranchDeleteResponseSchema },
      },
      handler: async (request) => {
        const { '*': branch } = request.params;
        const fullPath = fullPathOf(request.params);
        const { actor, ctx } = await writable(request, fullPath);
        await repository.deleteBranch(ctx, actor, branch, hookErrors(request));
        return { message: BRANCH_DELETED_RESPONSE };
      },
    });
  }

  api.route({
    method: 'GET',
    url: '/api/v4/projects/:id/repository/commits',
    schema: {
      params: projectParams,
      querystring: paginationQuery.extend({
        ref_name: ref.optional(),
        path: repositoryPathParam.optional(),
        since: isoDate.optional(),
        until: isoDate.optional(),
        first_parent: booleanParam.optional(),
      }),
    },
    handler: async (request, reply) => {
      const { ctx } = await readable(request, request.params.id);
      const page = toPage(request.query);
      const { ref_name, path, since, until, first_parent } = request.query;
      const { commits, total } = await repository.listCommits(ctx, {
        ref: ref_name,
        path,
        since,
        until,
        firstParent: first_parent,
        page,
      });
      setPaginationHeaders(request, reply, page, total);
      return commits.map((commit) => presentCommit(commit, ctx, config));
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/projects/:id/repository/commits/:sha',
    schema: { params: shaParams },
    handler: async (request) => {
      const { ctx } = await readable(request, request.params.id);
      return presentCommitDetail(await repository.getCommit(ctx, request.params.sha), ctx, config);
    },
  });

  for (const action of ['revert', 'cherry_pick'] as const) {
    api.route({
      method: 'POST',
      url: `/api/v4/projects/:id/repository/commits/:sha/${action}`,
      schema: { params: shaParams, body: commitActionParams },
      handler: async (request, reply) => {
        const input = request.body;
        const { actor, ctx } = await writable(request, request.params.id);
        const { commit } = await repository.applyCommit(
          ctx,
          actor,
          action,
          request.params.sha,
          {
            branch: input.branch,
            dryRun: input.dry_run,
            message: action === 'cherry_pick' ? input.message : undefined,
          },
          hookErrors(request),
        );
        if (!commit) return reply.status(200).send({ dry_run: 'success' });
        return reply.status(201).send(presentCommit(commit, ctx, config));
      },
    });
  }

  api.route({
    method: 'GET',
    url: '/api/v4/projects/:id/repository/commits/:sha/diff',
    schema: {
      params: shaParams,
      querystring: paginationQuery,
      response: { 200: z.array(diffFileSchema) },
    },
    handler: async (request, reply) => {
      const { ctx } = await readable(request, request.params.id);
      const page = toPage(request.query);
      const { files, total } = await repository.getCommitDiff(ctx, request.params.sha, page);
      setPaginationHeaders(request, reply, page, total);
      return files.map(presentDiffFile);
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/projects/:id/repository/tree',
    schema: {
      params: projectParams,
      querystring: paginationQuery.extend({
        path: repositoryPathParam.optional(),
        ref: ref.optional(),
        recursive: booleanParam.optional(),
      }),
    },
    handler: async (request, reply) => {
      const { ctx } = await readable(request, request.params.id);
      const page = toPage(request.query);
      const { path, ref: treeRef, recursive } = request.query;
      const { entries, total } = await repository.getTree(ctx, { path, ref: treeRef, recursive, page });
      setPaginationHeaders(request, reply, page, total);
      return entries.map(presentTreeEntry);
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/projects/:id/repository/files/:file_path',
    schema: { params: fileParams, querystring: z.object({ ref }) },
    handler: async (request) => {
      const { ctx } = await readable(request, request.params.id);
      return presentFile(await repository.getFile(ctx, request.params.file_path, request.query.ref));
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/projects/:id/repository/files/:file_path/raw',
    schema: { params: fileParams, querystring: z.object({ ref: ref.optional() }) },
    handler: async (request, reply) => {
      const { ctx } = await readable(request, request.params.id);
      const file = await repository.getFile(ctx, request.params.file_path, request.query.ref);
      return sendRaw(reply, file.content, file.path.slice(file.path.lastIndexOf('/') + 1));
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/projects/:id/repository/blobs/:sha/raw',
    schema: { params: shaParams },
    handler: async (request, reply) => {
      const { ctx } = await readable(request, request.params.id);
      return sendRaw(reply, await repository.getBlob(ctx, request.params.sha), request.params.sha);
    },
  });

  for (const [method, action, status] of [
    ['POST', 'create', 201],
    ['PUT', 'update', 200],
    ['DELETE', 'delete', 204],
  ] as const) {
    api.route({
      method,
      url: '/api/v4/projects/:id/repository/files/:file_path',
      schema: { params: fileParams, body: fileChangeBodySchema },
      handler: async (request, reply) => {
        const { actor, ctx } = await writable(request, request.params.id);
        const result = await repository.changeFile(
          ctx,
          actor,
          action,
          request.params.file_path,
          request.body,
          hookErrors(request),
        );
        if (status === 204) return reply.status(204).send();
        return reply.status(status).send({ file_path: result.filePath, branch: result.branch });
      },
    });
  }
}
