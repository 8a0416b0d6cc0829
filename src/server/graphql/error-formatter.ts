import type { FastifyBaseLogger } from 'fastify';
import { GraphQLError, type ExecutionResult } from 'graphql';
import type { MercuriusContext } from 'mercurius';
import { AppError } from '../errors';

/** GitLab's GraphQL answer to a failure of its own. */
export const INTERNAL_ERROR = 'Internal server error';

type Execution = ExecutionResult & Required<Pick<ExecutionResult, 'errors'>> & { statusCode?: number };
export type FormatterContext = Partial<MercuriusContext> & { requestId?: string };

/** mercurius wraps a failed parse or validation in one error that lists the real ones. */
function unwrapped(error: GraphQLError): GraphQLError[] {
  const inner = (error.originalError as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(inner)) return [error];
  return inner.map((each: unknown) =>
    each instanceof GraphQLError
      ? each
      : new GraphQLError(each instanceof Error ? each.message : String(each), {
          originalError: each instanceof Error ? each : undefined,
        }),
  );
}

const isFrameworkRefusal = (cause: Error): boolean => {
  const { code, statusCode } = cause as { code?: unknown; statusCode?: unknown };
  if (typeof code !== 'string') return false;
  if (code.startsWith('MER_ERR_')) return true;
  return code.startsWith('FST_') && typeof statusCode === 'number' && statusCode < 500;
};

/**
 * Whether an error's text was written for the client: GraphQL's own (syntax, validation, a
 * variable's coercion), ours (`AppError`, a `GraphQLError` thrown on purpose), and mercurius's or
 * Fastify's refusals of a request. Anything else is a failure of ours, whose text may name tables,
 * paths or secrets ("value.startsWith is not a function", "Maximum call stack size exceeded").
 */
function speaksToClient(error: GraphQLError): boolean {
  const cause = error.originalError;
  if (!cause) return true;
  return cause instanceof GraphQLError || cause instanceof AppError || isFrameworkRefusal(cause);
}

/** mercurius's status: 200 once anything executed, else the one error's own status (400 for a bad query). */
function statusOf(execution: Execution): number {
  if (execution.data) return 200;
  if (execution.statusCode !== undefined) return execution.statusCode;
  const [only, ...others] = execution.errors;
  const status = (only?.originalError as { statusCode?: unknown } | undefined)?.statusCode;
  return others.length === 0 && typeof status === 'number' ? status : 200;
}

/**
 * The error a client may see: itself when it speaks to the client, else GitLab's generic one with
 * the request's id, the real error logged under that id.
 */
export function concealed(error: GraphQLError, context: FormatterContext): GraphQLError {
  if (speaksToClient(error)) return error;
  const requestId = context.requestId ?? context.reply?.request.id;
  // Over HTTP the reply's logger names the request already; a subscription's socket has none.
  const log: FastifyBaseLogger | undefined =
    context.reply?.log ?? context.app?.log.child({ reqId: requestId });
  log?.error({ err: error.originalError ?? error }, 'GraphQL request failed');
  return new GraphQLError(INTERNAL_ERROR, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions: { request_id: requestId },
  });
}

/** Replaces mercurius's formatter, so no unexpected error's text leaves the server. */
export function formatGraphQLErrors(execution: Execution, context: FormatterContext) {
  const found = execution.errors.flatMap(unwrapped);
  const errors = found.map((error) => concealed(error, context));
  const failed = errors.some((error, index) => error !== found[index]);
  return {
    statusCode: failed && !execution.data ? 500 : statusOf(execution),
    response: { data: execution.data ?? null, errors: errors.map((error) => error.toJSON()) },
  };
}
