import type { FastifyInstance, FastifyRequest } from 'fastify';
import mercurius from 'mercurius';
import type { Container } from '../container';
import { BadRequestError } from '../errors';
import { MAX_NESTING, nestsDeeperThan, TOO_DEEP } from './document-limits';
import { formatGraphQLErrors } from './error-formatter';
import { ciResolvers } from './ci.resolvers';
import { ciTypeDefs } from './ci.schema';
import { approvalResolvers } from './approvals.resolvers';
import { approvalsTypeDefs } from './approvals.schema';
import { reviewerResolvers } from './reviewers.resolvers';
import { reviewersTypeDefs } from './reviewers.schema';
import { loadMergeRequest, mergeRequestResolvers } from './merge-requests.resolvers';
import { noteResolvers } from './notes.resolvers';
import { requireApiScopeForMutations } from './mutation-scope';
import { orNull, type GraphQLContext } from './resolve';
import { scalarResolvers } from './scalars';
import { concealSubscriptionFailures } from './subscription-errors';
import { typeDefs } from './schema';
import { presentProject } from './project.presenter';
import { registerGraphqlResourceEtags } from './resource-etag';
import { presentUserCore } from './user-core';

function buildResolvers(container: Container) {
  const { externalUrl } = container.config;
  const mergeRequests = mergeRequestResolvers(container);
  const notes = noteResolvers(container);
  const ci = ciResolvers(container);
  const approvals = approvalResolvers(container, loadMergeRequest);
  const reviewers = reviewerResolvers(container, approvals.approvalsOf);
  return {
    ...scalarResolvers,
    Query: {
      ...notes.query,
      currentUser: (_root: unknown, _args: unknown, { currentUser: user }: GraphQLContext) =>
        user && presentUserCore(user, externalUrl),
      project: (_root: unknown, { fullPath }: { fullPath: string }, ctx: GraphQLContext) =>
        orNull(async () =>
          presentProject(await container.projects.loadProject(ctx.currentUser, fullPath), externalUrl),
        ),
      ...ci.query,
    },
    Project: { mergeRequest: mergeRequests.projectMergeRequest, ...ci.project, ...approvals.project },
    MergeRequest: { ...ci.mergeRequest, ...approvals.mergeRequest, ...reviewers.mergeRequest },
    UserCore: approvals.user,
    User: {
      __resolveType: (user: { __typename?: string }) => user.__typename ?? 'UserCore',
    },
    Mutation: { ...notes.mutation, ...ci.mutation, ...mergeRequests.mutation },
    Subscription: {
      ...mergeRequests.subscription,
      ...notes.subscription,
      ...ci.subscription,
      ...approvals.subscription,
    },
  };
}

/** A document's length in tokens, as graphql-ruby's `max_query_string_tokens` bounds it (nesting: see document-limits). */
const MAX_QUERY_TOKENS = 5000;

/**
 * `/api/graphql` over HTTP, and over WebSocket (graphql-ws protocol) for subscriptions. The
 * upgrade request passes through the same authentication hooks as any other request, and the
 * token scope check reads the route's `tokenScope`.
 */
export async function registerGraphQL(app: FastifyInstance, container: Container): Promise<void> {
  const contextOf = (request: FastifyRequest): GraphQLContext => ({
    container,
    currentUser: request.currentUser,
    auth: request.auth,
    requestId: request.id,
    log: request.log,
  });
  registerGraphqlResourceEtags(app, container.bus);
  await app.register(mercurius, {
    schema: [typeDefs, ciTypeDefs, approvalsTypeDefs, reviewersTypeDefs].join('\n'),
    resolvers: buildResolvers(container) as never,
    path: '/api/graphql',
    graphiql: false,
    queryDepth: 12,
    graphql: { parseOptions: { maxTokens: MAX_QUERY_TOKENS } },
    additionalRouteOptions: { config: { tokenScope: 'graphql' } },
    errorFormatter: formatGraphQLErrors,
    context: contextOf,
    subscription: { context: (_socket, request) => contextOf(request) },
  });
  app.graphql.addHook('preParsing', async (_schema, source) => {
    if (nestsDeeperThan(source, MAX_NESTING)) throw new BadRequestError(TOO_DEEP);
  });
  requireApiScopeForMutations(app.graphql.schema);
  concealSubscriptionFailures(app.graphql.schema);
}
