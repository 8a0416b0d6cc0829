import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commitStatusBody,
  commitStatusListQuery,
  commitStatusSchema,
  type CommitStatus,
} from '../../../shared/api/commitStatuses';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Config } from '../../config';
import type { Container } from '../../container';
import type { Person } from '../../db/people';
import { reader, requireUser } from '../auth/api-auth';
import { presentUserBasic } from '../users/user.presenter';
import type { BuildRow } from './builds.repo';
import { jobOptionsOf } from './job-options';

const projectParams = z.object({ id: z.string().min(1).max(1000), sha: z.string().min(1).max(255) });

/** GitLab's CommitStatus entity (external statuses and CI's own jobs alike). */
function presentCommitStatus(
  build: BuildRow,
  sha: string,
  author: Person | null,
  config: Pick<Config, 'externalUrl'>,
): CommitStatus {
  const options = jobOptionsOf(build);
  return {
    id: build.id,
    sha,
    ref: build.ref,
    status: build.status,
    name: build.name,
    target_url: options.kind === 'external' ? (options.targetUrl ?? null) : null,
    description: options.kind === 'external' ? (options.description ?? null) : null,
    created_at: build.createdAt.toISOString(),
    started_at: build.startedAt?.toISOString() ?? null,
    finished_at: build.finishedAt?.toISOString() ?? null,
    allow_failure: build.allowFailure,
    coverage: build.coverage === null ? null : Number(build.coverage),
    pipeline_id: build.pipelineId,
    author: author ? presentUserBasic(author, config) : null,
  };
}

/** GitLab's commit statuses API: external CI reports on a commit, and the commit's statuses. */
export function registerCommitStatusRoutes(
  app: FastifyInstance,
  { commitStatuses, config }: Pick<Container, 'commitStatuses' | 'config'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    method: 'POST',
    url: '/api/v4/projects/:id/statuses/:sha',
    schema: { params: projectParams, body: commitStatusBody, response: { 201: commitStatusSchema } },
    handler: async (request, reply) => {
      const actor = requireUser(request, 'api_write');
      const { id, sha } = request.params;
      const { build, sha: full } = await commitStatuses.create(actor, id, sha, request.body);
      return reply
        .status(201)
        .send(presentCommitStatus(build, full, { ...actor, state: actor.state }, config));
    },
  });

  api.route({
    method: 'GET',
    url: '/api/v4/projects/:id/repository/commits/:sha/statuses',
    schema: {
      params: projectParams,
      querystring: commitStatusListQuery.extend(paginationQuery.shape),
      response: { 200: z.array(commitStatusSchema) },
    },
    handler: async (request, reply) => {
      const actor = reader(request);
      const page = toPage(request.query);
      const { id, sha } = request.params;
      const { records, total } = await commitStatuses.list(actor, id, sha, request.query, page);
      setPaginationHeaders(request, reply, page, total);
      return records.map((record) => presentCommitStatus(record.build, record.sha, record.user, config));
    },
  });
}
