import { describe, expect, it } from 'vitest';
import type { MergeCheck, MergeCheckIdentifier, MergeCheckStatus } from './mergeChecks';
import { mergeChecksSummary, visibleMergeChecks } from './mergeChecksSummary';

const check = (identifier: MergeCheckIdentifier, status: MergeCheckStatus): MergeCheck => ({
  identifier,
  status,
});

describe('mergeChecksSummary', () => {
  it.each<[string, MergeCheck[], boolean, string]>([
    [
      '§4 Summary: any WARNING wins over checking and failed',
      [check('CI_MUST_PASS', 'FAILED'), check('NOT_APPROVED', 'CHECKING'), check('TITLE_REGEX', 'WARNING')],
      true,
      'merge with caution: override added',
    ],
    [
      '§4 Summary: otherwise any CHECKING, with the ellipsis character',
      [check('CI_MUST_PASS', 'FAILED'), check('NOT_APPROVED', 'CHECKING')],
      true,
      'checking if merge request can be merged…',
    ],
    [
      '§4 Summary: one FAILED check is counted in the singular',
      [check('CI_MUST_PASS', 'FAILED'), check('NOT_OPEN', 'SUCCESS')],
      true,
      'Merge blocked: 1 check failed',
    ],
    [
      '§4 Summary: several FAILED checks are counted in the plural',
      [check('CI_MUST_PASS', 'FAILED'), check('DRAFT_STATUS', 'FAILED'), check('NOT_APPROVED', 'FAILED')],
      true,
      'Merge blocked: 3 checks failed',
    ],
    [
      '§4 Summary: otherwise Ready to merge! for a user who can merge',
      [check('CI_MUST_PASS', 'SUCCESS'), check('NOT_APPROVED', 'INACTIVE')],
      true,
      'Ready to merge!',
    ],
    [
      '§4 Summary: users who cannot merge read who can',
      [check('CI_MUST_PASS', 'SUCCESS')],
      false,
      'Ready to merge by members who can write to the target branch.',
    ],
    ['§4 Summary: no checks at all is ready', [], true, 'Ready to merge!'],
  ])('%s', (_rule, checks, canMerge, expected) => {
    expect(mergeChecksSummary(checks, canMerge)).toBe(expected);
  });
});

describe('visibleMergeChecks', () => {
  const all = [
    check('NOT_OPEN', 'SUCCESS'),
    check('TITLE_REGEX', 'WARNING'),
    check('CI_MUST_PASS', 'FAILED'),
    check('NOT_APPROVED', 'CHECKING'),
    check('DRAFT_STATUS', 'INACTIVE'),
    check('MERGEABLE', 'FAILED'),
    check('DISCUSSIONS_NOT_RESOLVED', 'FAILED'),
  ];

  it.each<[string, boolean, string[]]>([
    [
      '§4 expanded: sorted CHECKING, FAILED, WARNING, SUCCESS; inactive and message-less hidden',
      false,
      ['NOT_APPROVED', 'CI_MUST_PASS', 'DISCUSSIONS_NOT_RESOLVED', 'TITLE_REGEX', 'NOT_OPEN'],
    ],
    [
      '§4 collapsed by default: only failed and checking items',
      true,
      ['NOT_APPROVED', 'CI_MUST_PASS', 'DISCUSSIONS_NOT_RESOLVED'],
    ],
  ])('%s', (_rule, collapsed, identifiers) => {
    expect(visibleMergeChecks(all, collapsed).map((c) => c.identifier)).toEqual(identifiers);
  });

  it('§4 and 002 §8: each shown check carries its blocker message', () => {
    expect(visibleMergeChecks([check('NOT_APPROVED', 'FAILED')], true)).toEqual([
      { identifier: 'NOT_APPROVED', status: 'FAILED', message: 'All required approvals must be given.' },
    ]);
  });
});
