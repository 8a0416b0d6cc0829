import { GraphQLError, type GraphQLSchema } from 'graphql';
import { concealed, type FormatterContext } from './error-formatter';

const asGraphQLError = (error: unknown): GraphQLError =>
  error instanceof GraphQLError
    ? error
    : new GraphQLError(error instanceof Error ? error.message : String(error), {
        originalError: error instanceof Error ? error : undefined,
      });

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof (value as { [Symbol.asyncIterator]?: unknown } | null)?.[Symbol.asyncIterator] === 'function';

async function* concealedStream(stream: AsyncIterable<unknown>, context: FormatterContext) {
  try {
    yield* stream;
  } catch (error) {
    throw concealed(asGraphQLError(error), context);
  }
}

/**
 * mercurius sends a subscription's failure to its socket as it is, without the error formatter:
 * every Subscription field's stream is wrapped here, once, so an unexpected failure (when it
 * starts or at any event) is concealed as over HTTP.
 */
export function concealSubscriptionFailures(schema: GraphQLSchema): void {
  for (const field of Object.values(schema.getSubscriptionType()?.getFields() ?? {})) {
    const subscribe = field.subscribe;
    if (!subscribe) continue;
    field.subscribe = async (source, args, context: FormatterContext, info) => {
      try {
        const stream: unknown = await subscribe(source, args, context, info);
        return isAsyncIterable(stream) ? concealedStream(stream, context) : stream;
      } catch (error) {
        throw concealed(asGraphQLError(error), context);
      }
    };
  }
}
