/** What GitLab writes in a job log where a masked variable's value was. */
export const MASKED = '[MASKED]';

const encoder = new TextEncoder();
const MASKED_BYTES = encoder.encode(MASKED);

/** GitLab masks only values of 8 characters or more: shorter ones would mask ordinary words. */
export const MIN_MASKED_LENGTH = 8;

/** The values a job's log must never show: its masked variables' values, long enough to mask. */
export function maskedValues(variables: ReadonlyArray<{ value: string; masked?: boolean }>): string[] {
  const values = variables
    .filter((variable) => variable.masked === true && variable.value.length >= MIN_MASKED_LENGTH)
    .map((variable) => variable.value);
  return [...new Set(values)];
}

function startsWithAt(data: Uint8Array, at: number, secret: Uint8Array): boolean {
  if (at + secret.length > data.length) return false;
  for (let i = 0; i < secret.length; i++) if (data[at + i] !== secret[i]) return false;
  return true;
}

/** Whether `data[at..]` is the start of `secret` (the rest of it may come in the next chunk). */
function beginsAt(data: Uint8Array, at: number, secret: Uint8Array): boolean {
  const length = data.length - at;
  if (length <= 0 || length >= secret.length) return false;
  for (let i = 0; i < length; i++) if (data[at + i] !== secret[i]) return false;
  return true;
}

export type Masker = {
  /** The bytes that may be written now; bytes that might begin a secret are held back. */
  push(chunk: Uint8Array): Uint8Array;
  /** What is still held back, at the end of the log. */
  flush(): Uint8Array;
};

/**
 * Masks secrets in a log that arrives in chunks: a value split across two chunks is masked too,
 * because the end of a chunk that could begin a secret is held back until the next one shows
 * whether it does. Works on bytes, so a chunk may end inside a UTF-8 character.
 */
export function createMasker(secrets: readonly string[]): Masker {
  const encoded = [...new Set(secrets)]
    .filter((secret) => secret.length > 0)
    .map((secret) => encoder.encode(secret))
    // The longest first, so a secret that contains another is masked whole.
    .sort((a, b) => b.length - a.length);
  const firstBytes = new Set(encoded.map((secret) => secret[0]));
  let held: Uint8Array = new Uint8Array(0);

  function mask(data: Uint8Array, final: boolean): Uint8Array {
    if (encoded.length === 0) return data;
    let copiedUpTo = 0;
    const parts: Uint8Array[] = [];
    const flushCopied = (to: number) => {
      if (to > copiedUpTo) parts.push(data.subarray(copiedUpTo, to));
    };
    for (let i = 0; i < data.length; i++) {
      if (!firstBytes.has(data[i])) continue;
      const secret = encoded.find((candidate) => startsWithAt(data, i, candidate));
      if (secret) {
        flushCopied(i);
        parts.push(MASKED_BYTES);
        i += secret.length - 1;
        copiedUpTo = i + 1;
        continue;
      }
      if (!final && encoded.some((candidate) => beginsAt(data, i, candidate))) {
        flushCopied(i);
        held = data.slice(i);
        return concat(parts);
      }
    }
    flushCopied(data.length);
    held = new Uint8Array(0);
    return concat(parts);
  }

  return {
    push: (chunk) => mask(held.length ? concat([held, chunk]) : chunk, false),
    flush: () => mask(held, true),
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const joined = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}

/** Masks a whole log at once (one that is not streamed). */
export function maskAll(data: Uint8Array, secrets: readonly string[]): Uint8Array {
  const masker = createMasker(secrets);
  const head = masker.push(data);
  const tail = masker.flush();
  return tail.length ? concat([head, tail]) : head;
}

/** Characters of a GitLab token after its prefix (base64url and hex alike). */
const isTokenByte = (byte: number): boolean =>
  (byte >= 0x30 && byte <= 0x39) ||
  (byte >= 0x41 && byte <= 0x5a) ||
  (byte >= 0x61 && byte <= 0x7a) ||
  byte === 0x2d ||
  byte === 0x5f;

/** Shorter runs after a prefix are words, not tokens (`glpat-` followed by a short name). */
const MIN_TOKEN_BODY = 20;

/**
 * Masks GitLab tokens by their prefixes (`glcbt-`, `glpat-`, `glrt-` ...) wherever they appear,
 * whole: the server's second masking of a log, which knows no job token's value, only its shape.
 */
export function maskTokens(data: Uint8Array, prefixes: readonly string[]): Uint8Array {
  const encoded = prefixes.map((prefix) => encoder.encode(prefix));
  const parts: Uint8Array[] = [];
  let copiedUpTo = 0;
  for (let i = 0; i < data.length; i++) {
    const prefix = encoded.find((candidate) => startsWithAt(data, i, candidate));
    if (!prefix) continue;
    let end = i + prefix.length;
    while (end < data.length && isTokenByte(data[end]!)) end++;
    if (end - i - prefix.length < MIN_TOKEN_BODY) continue;
    if (i > copiedUpTo) parts.push(data.subarray(copiedUpTo, i));
    parts.push(MASKED_BYTES);
    copiedUpTo = end;
    i = end - 1;
  }
  if (copiedUpTo === 0) return data;
  parts.push(data.subarray(copiedUpTo));
  return concat(parts);
}
