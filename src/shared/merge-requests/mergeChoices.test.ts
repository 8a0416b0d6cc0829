import { describe, expect, it } from 'vitest';
import { mergeChoice, shaIsHead, shaMismatchText } from './mergeChoices';
import { SQUASH_REQUIRED } from './squashOption';

describe("shaIsHead: the client's sha must be the request's head", () => {
  it.each<[string | undefined, string | null, boolean]>([
    [undefined, 'abc', true],
    [undefined, null, true],
    ['abc', 'abc', true],
    ['abd', 'abc', false],
    ['abc', null, false],
  ])('asked %s, head %s: %s', (asked, head, holds) => {
    expect(shaIsHead(asked, head)).toBe(holds);
  });
});

describe('mergeChoice answers in GitLab order: checks, then sha, then squash', () => {
  const facts = {
    mergeRequest: { sourceBranch: 'feature', targetBranch: 'main', headSha: 'abc', squash: true },
    sourceBranchExists: false,
    settings: { squashOption: 'always' as const },
  };

  it('names the missing branch before a stale sha', () => {
    expect(mergeChoice(facts, 'broken_status', { sha: 'old', squash: false })).toEqual({
      ok: false,
      refusal: { kind: 'not_mergeable', message: 'The source branch feature does not exist.' },
    });
  });

  it('refuses a stale sha before a squash choice', () => {
    expect(mergeChoice(facts, null, { sha: 'old', squash: false })).toEqual({
      ok: false,
      refusal: { kind: 'sha_mismatch', headSha: 'abc' },
    });
  });

  it('refuses a squash choice the project does not allow', () => {
    expect(mergeChoice(facts, null, { sha: 'abc', squash: false })).toEqual({
      ok: false,
      refusal: { kind: 'refused', message: SQUASH_REQUIRED },
    });
  });

  it('merges with the squash the project decides', () => {
    expect(mergeChoice(facts, null, {})).toEqual({ ok: true, squash: true });
  });
});

describe('shaMismatchText', () => {
  it('names the head in GitLab’s words, and nothing when there is none', () => {
    expect(shaMismatchText('abc')).toBe('SHA does not match HEAD of source branch: abc');
    expect(shaMismatchText(null)).toBe('SHA does not match HEAD of source branch: ');
  });
});
