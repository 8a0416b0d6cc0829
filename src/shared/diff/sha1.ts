/**
 * SHA-1 over the UTF-8 bytes of a string, in plain TypeScript. `src/shared` may not import
 * `node:crypto` and Web Crypto is asynchronous only, while line codes and file hashes are needed
 * synchronously on both sides (server presenters, web deep links). A 5,000-file listing hashes
 * every path, so the bytes and the message schedule live in buffers reused from call to call:
 * allocating them per call made it six times slower than `node:crypto`; now it is as fast.
 */
const encoder = new TextEncoder();
let bytes = new Uint8Array(256);
const schedule = new Uint32Array(80);
const HEX = Array.from({ length: 256 }, (_, value) => value.toString(16).padStart(2, '0'));

const hex32 = (word: number) =>
  HEX[word >>> 24]! + HEX[(word >>> 16) & 0xff]! + HEX[(word >>> 8) & 0xff]! + HEX[word & 0xff]!;

export function sha1Hex(text: string): string {
  // UTF-8 takes at most 3 bytes per UTF-16 unit; the padding adds at most 72.
  const room = text.length * 3 + 72;
  if (bytes.length < room) bytes = new Uint8Array(room * 2);
  const length = encoder.encodeInto(text, bytes).written;
  const total = (((length + 8) >> 6) + 1) * 64;
  bytes.fill(0, length, total);
  bytes[length] = 0x80;
  const bitLength = length * 8;
  const highBits = Math.floor(bitLength / 0x100000000);
  for (let i = 0; i < 4; i++) {
    bytes[total - 8 + i] = (highBits >>> (24 - 8 * i)) & 0xff;
    bytes[total - 4 + i] = (bitLength >>> (24 - 8 * i)) & 0xff;
  }

  let h0 = 0x67452301;
  let h1 = 0xefcdab89;
  let h2 = 0x98badcfe;
  let h3 = 0x10325476;
  let h4 = 0xc3d2e1f0;
  const w = schedule;
  for (let block = 0; block < total; block += 64) {
    for (let t = 0; t < 16; t++) {
      const at = block + t * 4;
      w[t] = (bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!;
    }
    for (let t = 16; t < 80; t++) {
      const x = w[t - 3]! ^ w[t - 8]! ^ w[t - 14]! ^ w[t - 16]!;
      w[t] = (x << 1) | (x >>> 31);
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    for (let t = 0; t < 80; t++) {
      let f: number;
      let k: number;
      if (t < 20) {
        f = (b & c) | (~b & d);
        k = 0x5a827999;
      } else if (t < 40) {
        f = b ^ c ^ d;
        k = 0x6ed9eba1;
      } else if (t < 60) {
        f = (b & c) | (b & d) | (c & d);
        k = 0x8f1bbcdc;
      } else {
        f = b ^ c ^ d;
        k = 0xca62c1d6;
      }
      const temp = (((a << 5) | (a >>> 27)) + f + e + k + w[t]!) >>> 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = temp;
    }
    h0 = (h0 + a) >>> 0;
    h1 = (h1 + b) >>> 0;
    h2 = (h2 + c) >>> 0;
    h3 = (h3 + d) >>> 0;
    h4 = (h4 + e) >>> 0;
  }
  return hex32(h0) + hex32(h1) + hex32(h2) + hex32(h3) + hex32(h4);
}
