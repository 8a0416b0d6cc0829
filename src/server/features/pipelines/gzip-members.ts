import { inflateRawSync } from 'node:zlib';

/** A gzip stream that cannot be read, or that inflates past the limit. */
export class GzipMembersError extends Error {}

const FLAG = { HCRC: 2, EXTRA: 4, NAME: 8, COMMENT: 16 };

/** Where a member's deflate data starts, past its header (RFC 1952, 2.3). */
function dataStart(buffer: Buffer, at: number): number {
  if (buffer.length < at + 10 || buffer[at] !== 0x1f || buffer[at + 1] !== 0x8b || buffer[at + 2] !== 8)
    throw new GzipMembersError('not a gzip stream');
  const flags = buffer[at + 3]!;
  let offset = at + 10;
  if (flags & FLAG.EXTRA) offset += 2 + buffer.readUInt16LE(offset);
  for (const flag of [FLAG.NAME, FLAG.COMMENT]) {
    if (!(flags & flag)) continue;
    const end = buffer.indexOf(0, offset);
    if (end < 0) throw new GzipMembersError('gzip header cut short');
    offset = end + 1;
  }
  if (flags & FLAG.HCRC) offset += 2;
  if (offset > buffer.length) throw new GzipMembersError('gzip header cut short');
  return offset;
}

/**
 * The members of a gzip stream, each on its own: GitLab Runner writes one member per report
 * file (`artifact_format=gzip`), and GitLab reads each as its own document. Inflating stops at
 * `maxBytes` in all, so a small upload cannot become gigabytes in memory.
 */
export function gzipMembers(buffer: Buffer, maxBytes: number): Buffer[] {
  const members: Buffer[] = [];
  let at = 0;
  let total = 0;
  while (at < buffer.length) {
    const start = dataStart(buffer, at);
    let inflated: { buffer: Buffer; engine: { bytesWritten: number } };
    try {
      inflated = inflateRawSync(buffer.subarray(start), {
        info: true,
        maxOutputLength: Math.max(1, maxBytes - total),
      }) as unknown as typeof inflated;
    } catch (error) {
      const code = (error as { code?: string }).code;
      throw new GzipMembersError(
        code === 'ERR_BUFFER_TOO_LARGE'
          ? `larger than ${maxBytes} bytes uncompressed`
          : 'gzip data cannot be read',
      );
    }
    total += inflated.buffer.length;
    if (total > maxBytes) throw new GzipMembersError(`larger than ${maxBytes} bytes uncompressed`);
    const trailer = start + inflated.engine.bytesWritten;
    if (trailer + 8 > buffer.length || buffer.readUInt32LE(trailer + 4) !== inflated.buffer.length % 2 ** 32)
      throw new GzipMembersError('gzip data cut short');
    members.push(inflated.buffer);
    at = trailer + 8;
  }
  return members;
}
