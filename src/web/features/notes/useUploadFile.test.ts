import { describe, expect, it } from 'vitest';
import { projectPathOf } from './useUploadFile';

describe('projectPathOf', () => {
  it.each([
    ['/ada/cart/-/merge_requests/1', '/ada/cart'],
    ['/group/sub/app/-/issues/4', '/group/sub/app'],
    ['http://localhost:3000/ada/cart/-/merge_requests/2', '/ada/cart'],
  ])('%s is in %s', (url, path) => {
    expect(projectPathOf(url)).toBe(path);
  });
});
