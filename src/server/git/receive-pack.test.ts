import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FLUSH_PKT, parsePktLines, pktLine } from './pkt-line';
import { readReceivePackRequest, reportStatus } from './receive-pack';
import { ZERO_SHA } from './repository';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);

describe('receive-pack framing', () => {
  it('reads the command list and keeps every byte for git, pack included', async () => {
    const body = Buffer.concat([
      pktLine(`${A} ${B} refs/heads/main\0report-status side-band-64k agent=git/2\n`),
      pktLine(`${ZERO_SHA} ${B} refs/heads/new\n`),
      FLUSH_PKT,
      Buffer.from('PACK....'),
    ]);
    // One byte at a time: the command list may arrive split anywhere.
    const stream = Readable.from([...body].map((byte) => Buffer.from([byte])));
    const request = await readReceivePackRequest(stream);
    expect(request.commands).toEqual([
      { oldSha: A, newSha: B, ref: 'refs/heads/main' },
      { oldSha: ZERO_SHA, newSha: B, ref: 'refs/heads/new' },
    ]);
    expect(request.capabilities).toEqual(['report-status', 'side-band-64k', 'agent=git/2']);
    const rest: Buffer[] = [];
    for await (const chunk of stream) rest.push(chunk as Buffer);
    expect(Buffer.concat([request.head, ...rest]).equals(body)).toBe(true);
  });

  it('refuses a malformed command list', async () => {
    await expect(readReceivePackRequest(Readable.from([pktLine('nonsense\n'), FLUSH_PKT]))).rejects.toThrow(
      'malformed command',
    );
    await expect(readReceivePackRequest(Readable.from([Buffer.from('zzzz')]))).rejects.toThrow(
      'invalid pkt-line length',
    );
    await expect(
      readReceivePackRequest(Readable.from([pktLine(`${A} ${B} refs/heads/x\n`)])),
    ).rejects.toThrow('ended early');
  });

  it('reports refused refs inside side band 1, with messages on band 2', () => {
    const report = reportStatus(
      [
        { ref: 'refs/heads/main', error: 'Not allowed.' },
        { ref: 'refs/heads/x', error: null },
      ],
      ['report-status', 'side-band-64k'],
      ['Not allowed.'],
    );
    const packets = parsePktLines(report).lines;
    expect(packets.map((p) => (p.type === 'data' ? p.payload[0] : p.type))).toEqual([2, 1, 'flush']);
    const band1 = packets[1]?.type === 'data' ? packets[1].payload.subarray(1) : Buffer.alloc(0);
    const inner = parsePktLines(band1).lines.map((p) => (p.type === 'data' ? p.payload.toString() : p.type));
    expect(inner).toEqual(['unpack ok\n', 'ng refs/heads/main Not allowed.\n', 'ok refs/heads/x\n', 'flush']);
  });

  it('reports without side band when the client did not ask for it', () => {
    const report = reportStatus([{ ref: 'refs/heads/main', error: 'No.' }], ['report-status']);
    expect(report.toString()).toBe('000eunpack ok\n001bng refs/heads/main No.\n0000');
  });
});
