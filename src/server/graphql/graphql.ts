import type { FastifyInstance } from 'fastify';
import mercurius from 'mercurius';
import type { CurrentUser } from '../auth/current-user';
import type { Container } from '../container';
import { NotFoundError } from '../errors';
import { toGlobalId } from './global-id';
import { typeDefs } from './schema';

export type GraphQLContext = { container: Container; currentUser: CurrentUser | null };

type Resolver<Args = Record<string, never>, Parent = unknown> = (
  parent: Parent,
  args: Args,
  context: GraphQLContext,
) => unknown;

/** Absent and unreadable look the same: GraphQL answers null, as GitLab does. */
async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

function buildResolvers(container: Container) {
  const { externalUrl } = container.config;
  const currentUser: Resolver = (_parent, _args, { currentUser: user }) =>
    user && {
      id: toGlobalId('User', user.id),
      username: user.username,
      name: user.name,
      webUrl: `${externalUrl}/${user.username}`,
      avatarUrl: null,
    };
  const project: Resolver<{ fullPath: string }> = (_parent, { fullPath }, ctx) =>
    orNull(async () => {
      const found = await container.projects.loadProject(ctx.currentUser, fullPath);
      return {
        id: toGlobalId('Project', found.project.id),
        name: found.project.name,
        fullPath: found.fullPath,
        webUrl: `${externalUrl}/${found.fullPath}`,
        visibility: found.project.visibility,
      };
    });
  return { Query: { currentUser, project } };
}

/**
 * `/api/graphql` over HTTP, and over WebSocket (graphql-ws protocol) for subscriptions. The
 * upgrade request passes through the same authentication hooks as any other request.
 */
export async function registerGraphQL(app: FastifyInstance, container: Container): Promise<void> {
  await app.register(mercurius, {
    schema: typeDefs,
    resolvers: buildResolvers(container) as never,
    path: '/api/graphql',
    graphiql: false,
    queryDepth: 12,
    context: (request): GraphQLContext => ({ container, currentUser: request.currentUser }),
    subscription: {
      context: (_socket, request): GraphQLContext => ({ container, currentUser: request.currentUser }),
    },
  });
}
