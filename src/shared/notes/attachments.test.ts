import { describe, expect, it } from 'vitest';
import { hasAttachment } from './attachments';

describe('attachment detection (spec 001 §5)', () => {
  it.each([
    ['![shot](/uploads/0123456789abcdef0123456789abcdef/shot.png)', true],
    ['[log](/uploads/0123456789ABCDEF0123456789ABCDEF/build.log)', true],
    ['/uploads/0123456789abcdef/short.png', false],
    ['/uploads/0123456789abcdef0123456789abcdeg/bad-hex.png', false],
    ['/uploads/0123456789abcdef0123456789abcdef/', false],
    ['no links at all', false],
  ])('%s: %s', (body, found) => {
    expect(hasAttachment(body)).toBe(found);
  });
});
