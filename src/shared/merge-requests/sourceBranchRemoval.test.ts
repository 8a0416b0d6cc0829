import { describe, expect, it } from 'vitest';
import { mergerSourceBranchChoice, removesSourceBranchOnMerge } from './sourceBranchRemoval';

describe('removesSourceBranchOnMerge', () => {
  // [case, merger's choice, request's choice, project default, merger may remove, author may remove, removed]
  it.each<[string, boolean | undefined, boolean | null, boolean, boolean, boolean, boolean]>([
    ['the merger asks and may remove', true, null, false, true, true, true],
    ['the merger asks and may remove, the author may not', true, false, false, true, false, true],
    ['the merger asks without the right, the request chose nothing', true, null, false, false, true, false],
    [
      'the merger asks without the right, the request chose to keep it',
      true,
      false,
      true,
      false,
      true,
      false,
    ],
    ['the merger asks without the right, the author chose it', true, true, false, false, true, true],
    ['the merger keeps it although the author chose it', false, true, true, true, true, false],
    [
      'the merger, without the right, keeps it although the author chose it',
      false,
      true,
      true,
      false,
      true,
      false,
    ],
    [
      'no say from a merger who may not remove it: the author chose it',
      undefined,
      true,
      false,
      false,
      true,
      true,
    ],
    ['no say from a merger who may: the author chose it', undefined, true, false, true, true, true],
    ['no say: the author chose it but may not remove it', undefined, true, true, true, false, false],
    ['no say: the author chose to keep it', undefined, false, true, true, true, false],
    ['no say, no choice: the project deletes by default', undefined, null, true, false, true, true],
    ['no say, no choice: the project keeps by default', undefined, null, false, true, true, false],
    // A protected (or default) source branch: no one may remove it, whoever asks.
    ['protected: the merger asks, the author chose it', true, true, true, false, false, false],
    ['protected: no say, the author chose it', undefined, true, true, false, false, false],
  ])(
    '%s',
    (_case, mergerChoice, requestChoice, projectDefault, mergerMayRemove, authorMayRemove, removed) => {
      expect(
        removesSourceBranchOnMerge({
          mergerChoice,
          requestChoice,
          projectDefault,
          mergerMayRemove,
          authorMayRemove,
        }),
      ).toBe(removed);
    },
  );
});

describe('mergerSourceBranchChoice', () => {
  it.each<[boolean | undefined, boolean, boolean | undefined]>([
    [true, true, true],
    [true, false, undefined],
    [false, true, false],
    [false, false, false],
    [undefined, true, undefined],
    [undefined, false, undefined],
  ])('asked %s, may remove %s: %s', (mergerChoice, mergerMayRemove, expected) => {
    expect(mergerSourceBranchChoice({ mergerChoice, mergerMayRemove })).toBe(expected);
  });
});
