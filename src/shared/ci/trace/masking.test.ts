import { describe, expect, it } from 'vitest';
import { createMasker, maskAll, maskedValues, maskTokens } from './masking';

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** Streams `chunks` through a masker and joins what it let out. */
function streamed(secrets: string[], chunks: string[]): { out: string; pieces: string[] } {
  const masker = createMasker(secrets);
  const pieces = chunks.map((chunk) => decode(masker.push(encode(chunk))));
  pieces.push(decode(masker.flush()));
  return { out: pieces.join(''), pieces };
}

describe('masking secrets in a job log', () => {
  it.each([
    ['a secret in one chunk', ['token: s3cr3t-value\n'], 'token: [MASKED]\n'],
    ['a secret split over two chunks', ['token: s3cr3t', '-value\n'], 'token: [MASKED]\n'],
    ['a secret split over three chunks', ['s3c', 'r3t-v', 'alue'], '[MASKED]'],
    ['a prefix that turns out not to be the secret', ['x s3cr3t', '-other'], 'x s3cr3t-other'],
    ['a prefix at the very end of the log', ['ends with s3cr3t-va'], 'ends with s3cr3t-va'],
    ['two secrets back to back', ['s3cr3t-valueother-secret'], '[MASKED][MASKED]'],
    ['the longer of two overlapping secrets', ['other-secret-and-more'], '[MASKED]'],
    ['nothing to mask', ['plain output\n'], 'plain output\n'],
  ])('%s', (_, chunks, expected) => {
    expect(streamed(['s3cr3t-value', 'other-secret', 'other-secret-and-more'], chunks).out).toBe(expected);
  });

  it('never lets part of a split secret out before it knows', () => {
    const { pieces } = streamed(['s3cr3t-value'], ['before s3cr3t', '-value after']);
    expect(pieces[0]).toBe('before ');
    expect(pieces.join('')).not.toContain('s3cr3t');
  });

  it('keeps bytes whole when a chunk ends inside a UTF-8 character', () => {
    const bytes = encode('héllo s3cr3t-value ✓');
    const masker = createMasker(['s3cr3t-value']);
    const parts = [
      masker.push(bytes.subarray(0, 2)),
      masker.push(bytes.subarray(2, 12)),
      masker.push(bytes.subarray(12)),
    ];
    parts.push(masker.flush());
    expect(decode(new Uint8Array(parts.flatMap((part) => [...part])))).toBe('héllo [MASKED] ✓');
  });

  it('masks a whole log at once', () => {
    expect(decode(maskAll(encode('a s3cr3t-value b'), ['s3cr3t-value']))).toBe('a [MASKED] b');
  });

  it('masks only masked variables of 8 characters or more, as GitLab does', () => {
    expect(
      maskedValues([
        { value: 'long-enough', masked: true },
        { value: 'short', masked: true },
        { value: 'not-masked-value', masked: false },
        { value: 'long-enough', masked: true },
      ]),
    ).toEqual(['long-enough']);
  });
});

describe('masking tokens by their prefixes', () => {
  const token = 'glcbt-' + 'a1B2_c3-'.repeat(4);
  it.each([
    [
      'a job token',
      `clone http://gitlab-ci-token:${token}@host/x.git`,
      'clone http://gitlab-ci-token:[MASKED]@host/x.git',
    ],
    ['two tokens', `${token} and glpat-${'x'.repeat(20)}`, '[MASKED] and [MASKED]'],
    ['a prefix followed by a word', 'see glpat-docs for tokens', 'see glpat-docs for tokens'],
    ['no token', 'plain', 'plain'],
  ])('%s', (_, text, expected) => {
    expect(decode(maskTokens(encode(text), ['glcbt-', 'glpat-']))).toBe(expected);
  });
});
