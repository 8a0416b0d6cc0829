import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paginationQuery, setPaginationHeaders, toPage } from '../../api-v4/pagination';
import type { Container } from '../../container';
import { apiActor } from '../auth/api-auth';
import type { ProjectContext } from '../projects/projects.service';
import { presentCommit } from './repository.presenter';
import type { TagView } from './tags.service';

type Urls = Container['config'];

/** A tag in GitLab's shape (`GET /projects/:id/repository/tags`); releases and protected tags are not kept here. */
function presentTag(tag: TagView, ctx: ProjectContext, config: Urls) {
  return {
    name: tag.name,
    message: tag.message,
    target: tag.target,
    commit: tag.commit ? presentCommit(tag.commit, ctx, config) : null,
    release: null,
    protected: false,
    created_at: tag.createdAt?.toISOString() ?? null,
  };
}

/** GitLab's tags list: newest first, `search` as the branches list reads it (`^v1`, `-rc$`), paged. */
export function registerTagRoutes(
  app: FastifyInstance,
  { projects, repositoryTags, config }: Pick<Container, 'projects' | 'repositoryTags' | 'config'>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/api/v4/projects/:id/repository/tags',
    schema: {
      params: z.object({ id: z.string().min(1).max(1000) }),
      querystring: paginationQuery.extend({ search: z.string().max(255).optional() }),
    },
    handler: async (request, reply) => {
      const actor = apiActor(request);
      const ctx = await projects.loadProject(actor, request.params.id);
      const page = toPage(request.query);
      const { tags, total } = await repositoryTags.list(ctx, actor, { search: request.query.search, page });
      setPaginationHeaders(request, reply, page, total);
      return tags.map((tag) => presentTag(tag, ctx, config));
    },
  });
}
