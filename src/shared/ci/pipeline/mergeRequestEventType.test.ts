import { describe, expect, it } from 'vitest';
import { pipelineEventTypeName } from '../views/pipelineTypes';
import { mergeRequestEventType } from './mergeRequestEventType';

describe('the kind of a pipeline, as the widget names it', () => {
  it.each([
    [{ source: 'push', ref: 'feature', targetSha: null }, null, 'Pipeline'],
    [{ source: 'api', ref: 'main', targetSha: null }, null, 'Pipeline'],
    [
      { source: 'merge_request_event', ref: 'refs/merge-requests/3/head', targetSha: null },
      'detached',
      'Merge request pipeline',
    ],
    [
      { source: 'merge_request_event', ref: 'refs/merge-requests/3/merge', targetSha: 'a'.repeat(40) },
      'merged_result',
      'Merged results pipeline',
    ],
    [
      { source: 'merge_request_event', ref: 'refs/merge-requests/3/train', targetSha: 'a'.repeat(40) },
      'merge_train',
      'Merge train pipeline',
    ],
  ] as const)('%o is %s (%s)', (pipeline, type, name) => {
    expect(mergeRequestEventType(pipeline)).toBe(type);
    expect(pipelineEventTypeName(mergeRequestEventType(pipeline))).toBe(name);
  });
});
