import { describe, expect, it } from 'vitest';
import {
  CANCEL_REQUEST,
  isCancelledRequest,
  PIPELINE_ERROR_KEYS,
  pipelineGraphErrorText,
  pipelineHeaderErrorText,
  serializeGraphLoadError,
} from './pipelineErrors';

describe('pipeline error keys', () => {
  it('are GitLab’s four keys', () => {
    expect(PIPELINE_ERROR_KEYS).toEqual([
      'delete_pipeline_failure',
      'draw_failure',
      'load_failure',
      'post_failure',
    ]);
  });

  it.each([
    ['load_failure', 'We are currently unable to fetch data for the pipeline header.'],
    ['post_failure', 'An error occurred while making the request.'],
    ['delete_pipeline_failure', 'An error occurred while deleting the pipeline.'],
    ['draw_failure', 'An unknown error occurred.'],
  ] as const)('the header says for %s: %s', (key, text) => {
    expect(pipelineHeaderErrorText(key)).toBe(text);
  });

  it.each([
    ['draw_failure', 'An error occurred while drawing job relationship links.'],
    ['load_failure', 'We are currently unable to fetch data for this pipeline.'],
    ['post_failure', 'An unknown error occurred while loading this graph.'],
  ] as const)('the graph says for %s: %s', (key, text) => {
    expect(pipelineGraphErrorText(key)).toBe(text);
  });
});

describe('serializeGraphLoadError', () => {
  it('writes each GraphQL error with its message, locations and path, joined by "; "', () => {
    expect(
      serializeGraphLoadError({
        graphqlErrors: [
          { message: 'Field missing', locations: [{ line: 2, column: 3 }], path: ['project', 'pipeline'] },
          { message: 'Other' },
        ],
      }),
    ).toBe(
      'Field missing. Locations: line 2 column 3. Path: project, pipeline.; Other. Locations: . Path: .',
    );
  });

  it('prefixes a network error with "Network error:"', () => {
    expect(serializeGraphLoadError({ networkError: 'Failed to fetch' })).toBe(
      'Network error: Failed to fetch',
    );
  });

  it('falls back to the error’s own message', () => {
    expect(serializeGraphLoadError({ message: 'odd' })).toBe('odd');
  });
});

describe('isCancelledRequest', () => {
  it('knows a superseded poll (CANCEL_REQUEST, an aborted fetch) from a real failure', () => {
    expect(isCancelledRequest(CANCEL_REQUEST)).toBe(true);
    expect(isCancelledRequest(new Error(CANCEL_REQUEST))).toBe(true);
    expect(
      isCancelledRequest(Object.assign(new Error('The user aborted a request.'), { name: 'AbortError' })),
    ).toBe(true);
    expect(isCancelledRequest(new Error('Request failed (500)'))).toBe(false);
    expect(isCancelledRequest(null)).toBe(false);
  });
});
