import { describe, expect, it } from 'vitest';
import { parseLfsPointer } from './lfsPointer';

const oid = 'a'.repeat(64);

describe('parseLfsPointer', () => {
  it.each([
    {
      name: 'a pointer as git-lfs writes it',
      text: `version https://git-lfs.github.com/spec/v1\noid sha256:${oid}\nsize 12345\n`,
      expected: { oid, size: 12345 },
    },
    {
      name: 'another key between version and oid',
      text: `version https://git-lfs.github.com/spec/v1\nx-key value\noid sha256:${oid}\nsize 0\n`,
      expected: { oid, size: 0 },
    },
    {
      name: 'no size line',
      text: `version https://git-lfs.github.com/spec/v1\noid sha256:${oid}\n`,
      expected: null,
    },
    {
      name: 'another version',
      text: `version https://example.com/v2\noid sha256:${oid}\nsize 1\n`,
      expected: null,
    },
    {
      name: 'a short oid',
      text: `version https://git-lfs.github.com/spec/v1\noid sha256:abc\nsize 1\n`,
      expected: null,
    },
    { name: 'ordinary text', text: 'hello\n', expected: null },
    {
      name: 'a pointer-looking file past the size limit',
      text: `version https://git-lfs.github.com/spec/v1\noid sha256:${oid}\nsize 1\n${'#'.repeat(200)}`,
      expected: null,
    },
  ])('$name', ({ text, expected }) => {
    expect(parseLfsPointer(text)).toEqual(expected);
  });
});
