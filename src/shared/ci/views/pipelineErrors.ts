/**
 * The pipeline and job pages' error texts (spec 002 section 8), in GitLab's words: the job errors,
 * the pipeline error keys with the texts the header and the graph show for each, how a graph's
 * load error is written down, and the markers of a pipeline being created (section 2) and of a
 * poll cancelled because a newer one replaced it (section 9).
 */

/** A job action that failed, and a job that could not be read (GitLab's JOB_GRAPHQL_ERRORS). */
export const JOB_ERRORS = {
  mutation: 'There was an error running the job. Please try again.',
  query: 'There was an error fetching the job.',
} as const;

/** GitLab's error keys shared by the pipeline header and graph. */
export const PIPELINE_ERROR_KEYS = [
  'delete_pipeline_failure',
  'draw_failure',
  'load_failure',
  'post_failure',
] as const;
export type PipelineErrorKey = (typeof PIPELINE_ERROR_KEYS)[number];

/**
 * What the pipeline header says for a key: its data could not be read (`load_failure`), retry or
 * cancel failed (`post_failure`), delete failed (`delete_pipeline_failure`). The header draws
 * nothing, so a draw failure is its unknown error.
 */
export function pipelineHeaderErrorText(key: PipelineErrorKey): string {
  switch (key) {
    case 'load_failure':
      return 'We are currently unable to fetch data for the pipeline header.';
    case 'post_failure':
      return 'An error occurred while making the request.';
    case 'delete_pipeline_failure':
      return 'An error occurred while deleting the pipeline.';
    case 'draw_failure':
      return 'An unknown error occurred.';
  }
}

/**
 * What the pipeline graph says for a key: its jobs could not be read (`load_failure`) or its
 * job relationships not laid out (`draw_failure`); anything else is the graph's unknown error.
 */
export function pipelineGraphErrorText(key: PipelineErrorKey): string {
  switch (key) {
    case 'draw_failure':
      return 'An error occurred while drawing job relationship links.';
    case 'load_failure':
      return 'We are currently unable to fetch data for this pipeline.';
    case 'delete_pipeline_failure':
    case 'post_failure':
      return 'An unknown error occurred while loading this graph.';
  }
}

/** A GraphQL error as the endpoint answers it. */
export type GraphqlError = {
  message?: string;
  locations?: ReadonlyArray<{ line: number; column: number }>;
  path?: ReadonlyArray<string | number>;
};

/** What failed when the graph loaded: the answer's GraphQL errors, or no answer (network). */
export type GraphLoadError = {
  graphqlErrors?: readonly GraphqlError[];
  /** The request got no usable answer: its message (a dropped connection, a 5xx). */
  networkError?: string;
  message?: string;
};

const serializeGraphqlError = ({ message = '', locations = [], path = [] }: GraphqlError): string =>
  [
    `${message}.`,
    `Locations: ${locations.flatMap((location) => Object.entries(location).flat()).join(' ')}.`,
    `Path: ${path.join(', ')}.`,
  ].join(' ');

/**
 * A graph load error written down as GitLab writes it: each GraphQL error with its message,
 * locations and path (joined by "; "), else the network error prefixed "Network error:".
 */
export function serializeGraphLoadError(error: GraphLoadError): string {
  if (error.graphqlErrors?.length) return error.graphqlErrors.map(serializeGraphqlError).join('; ');
  if (error.networkError) return `Network error: ${error.networkError}`;
  return error.message ?? '';
}

/** Shown while a pipeline is being created (after Run pipeline, until the server answers). */
export const CREATING_PIPELINE = 'Creating pipeline.';

/**
 * The reason a poll is aborted when a newer request replaces it (after a run, the list is read
 * again at once): such a cancellation is no error to show.
 */
export const CANCEL_REQUEST = 'CANCEL_REQUEST';

/** Whether a failed request was only cancelled as superseded (or by the page leaving). */
export function isCancelledRequest(error: unknown): boolean {
  if (error === CANCEL_REQUEST) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return message === CANCEL_REQUEST || name === 'AbortError' || name === 'CancelledError';
}
