import { describe, expect, it } from 'vitest';
import { sha1Hex } from './sha1';

describe('sha1Hex', () => {
  it.each([
    ['', 'da39a3ee5e6b4b0d3255bfef95601890afd80709'],
    ['abc', 'a9993e364706816aba3e25717850c26c9cd0d89d'],
    ['abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq', '84983e441c3bd26ebaae4aa1f95129e5e54670f1'],
    ['README.md', '8ec9a00bfd09b3190ac6b22251dbb1aa95a0579d'],
    ['café.txt', '7979588e8b205abab2f730aa4ff9028126aedc46'],
    ['x'.repeat(1000), 'c3efa690fa3fdd2e2526853eed670538ea127638'],
  ])('hashes %j as git and GitLab do', (text, expected) => {
    expect(sha1Hex(text)).toBe(expected);
  });
});
