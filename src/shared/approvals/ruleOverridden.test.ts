import { describe, expect, it } from 'vitest';
import { ruleOverridden, type RuleDefinition } from './approvalRules';

const source: RuleDefinition = { name: 'QA', approvalsRequired: 2, userIds: [1, 2], groupIds: [7] };

describe('a merge request rule overridden against the project rule it was copied from', () => {
  it.each<[string, RuleDefinition | null, RuleDefinition, boolean]>([
    ['copied from no project rule', null, source, false],
    ['the same in every part', source, { ...source }, false],
    ['the same users in another order', source, { ...source, userIds: [2, 1] }, false],
    ['renamed', source, { ...source, name: 'Quality' }, true],
    ['asking more approvals', source, { ...source, approvalsRequired: 3 }, true],
    ['one user fewer', source, { ...source, userIds: [1] }, true],
    ['another user instead', source, { ...source, userIds: [1, 3] }, true],
    ['without its group', source, { ...source, groupIds: [] }, true],
  ])('%s', (_, from, rule, overridden) => {
    expect(ruleOverridden(rule, from)).toBe(overridden);
  });
});
