import type { GraphLoadError, GraphqlError } from '../../../shared/ci/views/pipelineErrors';

/** A failure of the GraphQL pipeline graph's query: the answer's errors kept for the details. */
export class GraphqlAnswerError extends Error {
  constructor(readonly errors: readonly GraphqlError[]) {
    super(errors[0]?.message ?? 'Not found');
    this.name = 'GraphqlAnswerError';
  }
}

/** A failed read as GitLab's graph tells it apart: the GraphQL answer's errors, or a network error. */
export function graphLoadErrorOf(error: unknown): GraphLoadError {
  if (error instanceof GraphqlAnswerError) return { graphqlErrors: error.errors };
  return { networkError: error instanceof Error ? error.message : String(error) };
}
