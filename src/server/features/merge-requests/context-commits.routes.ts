import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contextCommitCandidatesQuerySchema,
  contextCommitCandidatesSchema,
  contextCommitSchema,
  contextCommitsBodySchema,
} from '../../../shared/api/contextCommits';
import type { Container } from '../../container';
import { noteablePageParams, projectPagePrefixes } from '../../page-paths';
import { reader, requireUser } from '../auth/api-auth';
import { presentCommit as presentRepositoryCommit } from '../repository/repository.presenter';
import { presentCommit } from './merge-requests.presenter';

const dbInt = z.coerce.number().int().positive().max(2_147_483_647);
const mergeRequestParams = z.object({ id: z.string().min(1).max(1000), merge_request_iid: dbInt });

const CONTEXT_COMMITS = '/api/v4/projects/:id/merge_requests/:merge_request_iid/context_commits';

/**
 * GitLab's merge request context commits API ("previously merged commits"), and the add dialog's
 * list of the target branch's commits at `{project}/-/merge_requests/{iid}/context_commits/candidates.json`.
 */
export function registerContextCommitRoutes(
  app: FastifyInstance,
  { contextCommits, config }: Pick<Container, 'contextCommits' | 'config'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'GET',
    url: CONTEXT_COMMITS,
    schema: { params: mergeRequestParams, response: { 200: z.array(contextCommitSchema) } },
    handler: async (request) => {
      const { id, merge_request_iid: iid } = request.params;
      const { ctx, commits } = await contextCommits.list(reader(request), id, iid);
      return commits.map((row) => presentCommit(row, ctx.fullPath, config));
    },
  });

  api.route({
    method: 'POST',
    url: CONTEXT_COMMITS,
    schema: {
      params: mergeRequestParams,
      body: contextCommitsBodySchema,
      response: { 201: z.array(contextCommitSchema) },
    },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const { id, merge_request_iid: iid } = request.params;
      const { ctx, commits } = await contextCommits.add(actor, id, iid, request.body.commits);
      return reply.status(201).send(commits.map((row) => presentCommit(row, ctx.fullPath, config)));
    },
  });

  api.route({
    method: 'DELETE',
    url: CONTEXT_COMMITS,
    schema: { params: mergeRequestParams, body: contextCommitsBodySchema },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const { id, merge_request_iid: iid } = request.params;
      await contextCommits.remove(actor, id, iid, request.body.commits);
      return reply.status(204).send();
    },
  });

  for (const prefix of projectPagePrefixes()) {
    api.route({
      method: 'GET',
      url: `${prefix}/-/merge_requests/:iid/context_commits/candidates.json`,
      schema: {
        params: noteablePageParams,
        querystring: contextCommitCandidatesQuerySchema,
        response: { 200: contextCommitCandidatesSchema },
      },
      handler: async (request) => {
        const { fullPath, iid } = request.params;
        const { search, per_page: perPage } = request.query;
        const found = await contextCommits.candidates(request.currentUser, fullPath, iid, {
          search,
          perPage,
        });
        return {
          target_branch: found.targetBranch,
          commits: found.commits.map(({ commit, added }) => ({
            ...presentRepositoryCommit(commit, found.ctx, config),
            added,
          })),
        };
      },
    });
  }
}
