import { describe, expect, it } from 'vitest';
import { mergeRequestEventType } from './mergeRequestEventType';

describe('mergeRequestEventType', () => {
  it.each([
    ['push', 'main', null],
    ['web', 'refs/merge-requests/3/merge', null],
    ['merge_request_event', 'refs/merge-requests/3/head', 'DETACHED'],
    ['merge_request_event', 'feature', 'DETACHED'],
    ['merge_request_event', 'refs/merge-requests/3/merge', 'MERGED_RESULT'],
    ['merge_request_event', 'refs/merge-requests/12/train', 'MERGE_TRAIN'],
  ])('a %s pipeline on %s is %s', (source, ref, expected) => {
    expect(mergeRequestEventType({ source, ref })).toBe(expected);
  });
});
