/**
 * git's pkt-line framing (gitprotocol-common): four hex digits of length (itself included), then
 * the payload; `0000` is a flush. Side-band packets carry a band number before their payload.
 */
export const FLUSH_PKT = Buffer.from('0000');

/** The largest packet git accepts, and the payload that fits in one side-band-64k packet. */
const MAX_PKT_LENGTH = 65520;
const MAX_SIDEBAND_PAYLOAD = MAX_PKT_LENGTH - 5;

export function pktLine(payload: string | Buffer): Buffer {
  const data = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  if (data.length + 4 > MAX_PKT_LENGTH) throw new Error('pkt-line payload too long');
  return Buffer.concat([Buffer.from((data.length + 4).toString(16).padStart(4, '0')), data]);
}

export type SideBand = 1 | 2 | 3;

/** Wraps bytes into side-band packets: band 1 is data, 2 progress (`remote: ...`), 3 a fatal error. */
export function sideBand(band: SideBand, data: Buffer): Buffer {
  const packets: Buffer[] = [];
  for (let offset = 0; offset < data.length; offset += MAX_SIDEBAND_PAYLOAD) {
    const chunk = data.subarray(offset, offset + MAX_SIDEBAND_PAYLOAD);
    packets.push(pktLine(Buffer.concat([Buffer.from([band]), chunk])));
  }
  return Buffer.concat(packets);
}

export type PktLine = { type: 'data'; payload: Buffer } | { type: 'flush' | 'delim' | 'response-end' };

/**
 * Reads complete pkt-lines from the start of `buffer`. Returns the lines and the offset after the
 * last complete one; an incomplete tail is left for the caller to complete. Throws on bad framing.
 */
export function parsePktLines(buffer: Buffer, stopAtFlush = false): { lines: PktLine[]; offset: number } {
  const lines: PktLine[] = [];
  let offset = 0;
  while (offset + 4 <= buffer.length) {
    const header = buffer.toString('latin1', offset, offset + 4);
    if (!/^[0-9a-f]{4}$/.test(header)) throw new Error('invalid pkt-line length');
    const length = parseInt(header, 16);
    if (length === 3) throw new Error('invalid pkt-line length');
    if (length < 4) {
      lines.push({ type: length === 0 ? 'flush' : length === 1 ? 'delim' : 'response-end' });
      offset += 4;
      if (length === 0 && stopAtFlush) break;
      continue;
    }
    if (offset + length > buffer.length) break;
    lines.push({ type: 'data', payload: buffer.subarray(offset + 4, offset + length) });
    offset += length;
  }
  return { lines, offset };
}
