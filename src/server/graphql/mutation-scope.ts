import { defaultFieldResolver, GraphQLError, type GraphQLSchema } from 'graphql';
import { credentialsAllow } from '../auth/token-scopes';
import type { GraphQLContext } from './resolve';

/** What GitLab's GraphQL answers a mutation its caller may not run, a read-only token included. */
export const RESOURCE_NOT_AVAILABLE =
  "The resource that you are attempting to access does not exist or you don't have permission to perform this action";

/**
 * Every mutation needs the `api` scope of a token, as GitLab's `BaseMutation` asks for
 * `execute_graphql_mutation` with `api`. Wrapped here, once, at the schema's Mutation type, so a
 * mutation added later cannot miss the check; a refused mutation resolves nothing and answers
 * null with GitLab's error.
 */
export function requireApiScopeForMutations(schema: GraphQLSchema): void {
  const fields = schema.getMutationType()?.getFields() ?? {};
  for (const field of Object.values(fields)) {
    const resolve = field.resolve ?? defaultFieldResolver;
    field.resolve = (source, args, context: GraphQLContext, info) => {
      if (!credentialsAllow(context.auth, 'api_write')) throw new GraphQLError(RESOURCE_NOT_AVAILABLE);
      return resolve(source, args, context, info);
    };
  }
}
