import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipMembers } from './gzip-members';

const two = Buffer.concat([gzipSync('<a/>'), gzipSync('<b/>')]);

describe('gzip members, each on its own, as GitLab Runner writes report files', () => {
  it('reads every member apart', () => {
    expect(gzipMembers(two, 100).map(String)).toEqual(['<a/>', '<b/>']);
  });

  it('reads a member whose header names its file', () => {
    const named = gzipSync('<c/>');
    // FNAME: the flag, then a zero-terminated name after the 10-byte header.
    const header = Buffer.from(named.subarray(0, 10));
    header[3] = 8;
    const withName = Buffer.concat([header, Buffer.from('junit.xml\0'), named.subarray(10)]);
    expect(gzipMembers(withName, 100).map(String)).toEqual(['<c/>']);
  });

  it.each([
    ['bytes that are not gzip', Buffer.from('<testsuite/>'), 100, 'not a gzip stream'],
    ['a stream cut short', two.subarray(0, two.length - 3), 100, 'gzip data cut short'],
    ['a stream cut in its data', two.subarray(0, 14), 100, 'gzip data cannot be read'],
    ['more than the limit inflated', gzipSync(Buffer.alloc(1000)), 999, 'larger than 999 bytes uncompressed'],
    ['the limit passed over two members', two, 7, 'larger than 7 bytes uncompressed'],
  ])('refuses %s', (_, bytes, limit, message) => {
    expect(() => gzipMembers(bytes, limit)).toThrow(message);
  });
});
