import { describe, expect, it } from 'vitest';
import {
  approvalsRequiredError,
  ruleNameTooLongServerError,
  validateApprovalRuleForm,
  type ApprovalRuleFormErrors,
  type ApprovalRuleFormInput,
} from './approvalRuleForm';

const form = (overrides: Partial<ApprovalRuleFormInput>): ApprovalRuleFormInput => ({
  name: 'QA',
  approvalsRequired: 1,
  minApprovalsRequired: 0,
  approverCount: 1,
  multipleRules: true,
  mergeRequestEdit: false,
  branchesValid: true,
  ...overrides,
});

describe('validateApprovalRuleForm (002 §5)', () => {
  it.each<[string, Partial<ApprovalRuleFormInput>, ApprovalRuleFormErrors]>([
    ['a complete rule is valid', {}, {}],
    ['a name is required', { name: '', approverCount: 1 }, { name: 'Please provide a name' }],
    [
      'a taken name, as the server reports it',
      { serverErrors: ['name has already been taken'] },
      { name: 'Rule name is already taken.' },
    ],
    [
      'a name too long, as the server reports it',
      { serverErrors: [ruleNameTooLongServerError(100)] },
      { name: 'Please enter a name with less than 100 characters.' },
    ],
    [
      'a name longer than we store',
      { name: 'x'.repeat(256) },
      { name: 'Please enter a name with less than 255 characters.' },
    ],
    ['a member is required', { approverCount: 0 }, { approvers: 'Please select and add a member' }],
    ['no name and no members: the fallback count, not checked as a rule', { name: '', approverCount: 0 }, {}],
    [
      'a single rule needs neither name nor members',
      { multipleRules: false, name: '', approverCount: 0 },
      {},
    ],
    [
      'a negative count',
      { approvalsRequired: -1 },
      { approvalsRequired: 'Please enter a non-negative number' },
    ],
    [
      'a count that is no number',
      { approvalsRequired: 'two' },
      { approvalsRequired: 'Please enter a valid number' },
    ],
    ['an empty count', { approvalsRequired: '' }, { approvalsRequired: 'Please enter a valid number' }],
    [
      'a count below the project rule’s',
      { approvalsRequired: 1, minApprovalsRequired: 2 },
      { approvalsRequired: 'Please enter a number greater than 2 (from the project settings)' },
    ],
    [
      'an unknown target branch',
      { branchesValid: false },
      { branches: 'Please select a valid target branch' },
    ],
    ['no target branch on a merge request', { branchesValid: false, mergeRequestEdit: true }, {}],
  ])('%s', (_rule, overrides, expected) => {
    expect(validateApprovalRuleForm(form(overrides))).toEqual(expected);
  });

  it.each<[number | string | null, number, string | null]>([
    [0, 0, null],
    ['3', 0, null],
    [Number.NaN, 0, 'Please enter a valid number'],
    [null, 0, 'Please enter a valid number'],
    [2, 2, null],
  ])('approvalsRequiredError(%j, min %s)', (value, minimum, expected) => {
    expect(approvalsRequiredError(value, minimum)).toBe(expected);
  });
});
