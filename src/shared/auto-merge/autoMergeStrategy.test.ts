import { describe, expect, it } from 'vitest';
import {
  isAutoMergeStrategy,
  isMergePrevented,
  policyViolationStatus,
  preferredAutoMergeStrategy,
  type AutoMergeStrategy,
} from './autoMergeStrategy';

describe('preferredAutoMergeStrategy', () => {
  it.each<[string, string[], AutoMergeStrategy | null]>([
    [
      '§4 Preferred strategy: merge_train comes first',
      ['merge_when_checks_pass', 'add_to_merge_train_when_checks_pass', 'merge_train'],
      'merge_train',
    ],
    [
      '§4 Preferred strategy: add_to_merge_train_when_checks_pass before merge_when_checks_pass',
      ['merge_when_checks_pass', 'add_to_merge_train_when_checks_pass'],
      'add_to_merge_train_when_checks_pass',
    ],
    [
      '§4 Preferred strategy: merge_when_checks_pass before the older form',
      ['merge_when_pipeline_succeeds', 'merge_when_checks_pass'],
      'merge_when_checks_pass',
    ],
    [
      '§3 the older merge-when-pipeline-succeeds form alone is still offered',
      ['merge_when_pipeline_succeeds'],
      'merge_when_pipeline_succeeds',
    ],
    ['§4 Preferred strategy: nothing available gives none', [], null],
    ['§4 Preferred strategy: unknown names are ignored', ['merge_immediately'], null],
  ])('%s', (_rule, available, expected) => {
    expect(preferredAutoMergeStrategy(available)).toBe(expected);
  });
});

describe('isMergePrevented', () => {
  it.each<[string, boolean, boolean, AutoMergeStrategy | null, boolean]>([
    ['§4 approvals available and not approved prevents merge', true, false, 'merge_when_checks_pass', true],
    ['§4 approvals available and not approved prevents merge without a strategy', true, false, null, true],
    ['§4 approved does not prevent merge', true, true, 'merge_when_checks_pass', false],
    ['§4 no approvals available does not prevent merge', false, false, 'merge_train', false],
    ['§4 merge when pipeline succeeds is the exception', true, false, 'merge_when_pipeline_succeeds', false],
  ])('%s', (_rule, approvalsAvailable, approved, preferredStrategy, expected) => {
    expect(isMergePrevented({ approvalsAvailable, approved, preferredStrategy })).toBe(expected);
  });
});

describe('policyViolationStatus', () => {
  it.each<[string, number, string]>([
    ['§4 Policy violations: above 0 is failed', 1, 'failed'],
    ['§4 Policy violations: many is failed', 7, 'failed'],
    ['§4 Policy violations: 0 is success', 0, 'success'],
  ])('%s', (_rule, count, expected) => {
    expect(policyViolationStatus(count)).toBe(expected);
  });
});

describe('isAutoMergeStrategy', () => {
  it('§3 accepts the four strategy names and nothing else', () => {
    expect(
      [
        'merge_train',
        'add_to_merge_train_when_checks_pass',
        'merge_when_checks_pass',
        'merge_when_pipeline_succeeds',
      ].every(isAutoMergeStrategy),
    ).toBe(true);
    expect(isAutoMergeStrategy('success')).toBe(false);
  });
});
