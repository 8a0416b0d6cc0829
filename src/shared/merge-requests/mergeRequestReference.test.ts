import { describe, expect, it } from 'vitest';
import { parseMergeRequestReference } from './mergeRequestReference';

describe('parseMergeRequestReference', () => {
  it.each([
    ['!12', { fullPath: 'acme/shop', iid: 12 }],
    [' !7 ', { fullPath: 'acme/shop', iid: 7 }],
    ['acme/api!3', { fullPath: 'acme/api', iid: 3 }],
    ['acme/platform/api!3', { fullPath: 'acme/platform/api', iid: 3 }],
    ['http://localhost:3000/acme/api/-/merge_requests/5', { fullPath: 'acme/api', iid: 5 }],
    ['https://git.example.com/acme/api/-/merge_requests/5/diffs', { fullPath: 'acme/api', iid: 5 }],
    ['https://git.example.com/acme/api/-/merge_requests/5#note_9', { fullPath: 'acme/api', iid: 5 }],
    ['https://git.example.com/acme/api/-/merge_requests/5/', { fullPath: 'acme/api', iid: 5 }],
  ])('%j names %j', (text, location) => {
    expect(parseMergeRequestReference(text, 'acme/shop')).toEqual(location);
  });

  it.each([
    '12',
    '!0',
    '!12a',
    '#12',
    'acme!12',
    'https://git.example.com/acme/api/-/issues/5',
    'https://git.example.com/acme/api/merge_requests/5',
    'ftp://git.example.com/acme/api/-/merge_requests/5',
    '',
  ])('%j names no merge request', (text) => {
    expect(parseMergeRequestReference(text, 'acme/shop')).toBeNull();
  });
});
