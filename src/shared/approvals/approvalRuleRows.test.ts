import { describe, expect, it } from 'vitest';
import {
  approvalRuleRow,
  approvalRuleSections,
  securityPolicyRuleHelpText,
  type RuleRowInput,
} from './approvalRuleRows';
import type { ScanResultPolicySummary } from './approvalRules';

const rule = (name: string, overrides: Partial<RuleRowInput> = {}): RuleRowInput => ({
  id: name,
  kind: 'regular',
  name,
  section: null,
  approved: false,
  approvalsRequired: 2,
  invalid: false,
  allowMergeWhenInvalid: true,
  approvedByIds: [5],
  ...overrides,
});

describe('approvalRuleRow: the approvals column (002 §4)', () => {
  it.each<[string, Partial<RuleRowInput>, string, string | null, string | null]>([
    [
      'invalid and allowed to merge: automatically approved',
      { invalid: true },
      'Auto approved',
      'muted',
      'Rule automatically approved',
    ],
    [
      'invalid and not allowed to merge: action required',
      { invalid: true, allowMergeWhenInvalid: false },
      'Action required',
      'danger',
      'Rule cannot be approved',
    ],
    ['valid: approvals given of required', {}, '1 of 2', null, null],
    ['nothing required: optional', { approvalsRequired: 0 }, 'Optional', null, null],
  ])('%s', (_rule, overrides, text, tone, popoverTitle) => {
    const { pending } = approvalRuleRow(rule('QA', overrides), true);
    expect([pending.text, pending.tone, pending.popover?.title ?? null]).toEqual([text, tone, popoverTitle]);
  });

  it('the action-required popover names the rule', () => {
    const { pending } = approvalRuleRow(
      rule('Critical vulns', { invalid: true, allowMergeWhenInvalid: false }),
      true,
    );
    expect(pending.popover?.text).toBe(
      'The number of people who need to approve this is more than those who are allowed to. Please ask the project owner to update Critical vulns.',
    );
  });
});

describe('approvalRuleRow: names, sections and summaries', () => {
  it.each<[string, RuleRowInput, boolean, string]>([
    ['the fallback rule is "All Members"', rule('', { kind: 'fallback' }), true, 'All Members'],
    [
      'the any-approver rule is "All Members"',
      rule('whatever', { kind: 'any_approver' }),
      true,
      'All Members',
    ],
    ['the only regular rule is "Merge Request" when rules are not named', rule('QA'), false, 'Merge Request'],
    ['a regular rule keeps its name when several rules exist', rule('QA'), true, 'QA'],
    [
      'a code owner rule is its pattern',
      rule('*.rb', { kind: 'code_owner', section: 'codeowners' }),
      false,
      '*.rb',
    ],
  ])('%s', (_rule, input, multiple, name) => {
    expect(approvalRuleRow(input, multiple).name).toBe(name);
  });

  it.each<[string, string | null, string | null, string | null]>([
    ['the default section is not shown', 'codeowners', null, null],
    ['a named section is shown with its label', 'Frontend', 'Frontend', 'Section: Frontend'],
    ['no section', null, null, null],
  ])('%s', (_rule, section, shown, label) => {
    const row = approvalRuleRow(rule('*.vue', { kind: 'code_owner', section }), true);
    expect([row.section, row.sectionLabel, row.monospace]).toEqual([shown, label, true]);
  });

  it.each<[string, Partial<RuleRowInput>, string]>([
    ['required', {}, '1 of 2 approvals from QA'],
    ['optional', { approvalsRequired: 0, approvedByIds: [] }, '0 approvals from QA'],
  ])('narrow summary, %s', (_rule, overrides, summary) => {
    expect(approvalRuleRow(rule('QA', overrides), true).summary).toBe(summary);
  });

  it('the any-approver rule lists nobody and explains who can approve', () => {
    expect(approvalRuleRow(rule('All Members', { kind: 'any_approver' }), true).anyEligibleUser).toEqual({
      text: 'Any eligible user',
      popoverTitle: 'Who can approve?',
      popoverItems: [
        'Any member with at least Developer permissions on the project.',
        'Members listed as CODEOWNERS of affected files.',
        "Users or groups set as approvers in the project's or merge request's settings.",
      ],
    });
  });

  it('Coverage-Check has its popover', () => {
    expect(approvalRuleRow(rule('Coverage-Check', { kind: 'report_approver' }), true).coverageCheck).toEqual({
      title: 'Coverage-Check',
      popover: 'A merge request approval is required when test coverage declines.',
      learnMore: 'Learn more about Coverage-Check',
    });
  });
});

describe('approvalRuleSections', () => {
  it('lists other rules first, then Code Owners: default section first, then by pattern, then by section', () => {
    const sections = approvalRuleSections(
      [
        rule('*.md', { kind: 'code_owner', section: 'Docs' }),
        rule('QA'),
        rule('*.rb', { kind: 'code_owner', section: 'codeowners' }),
        rule('*.go', { kind: 'code_owner', section: 'Backend' }),
        rule('*.go', { kind: 'code_owner', section: 'Api' }),
        rule('All Members', { kind: 'any_approver' }),
      ],
      true,
    );
    expect(sections.map((s) => [s.title, s.rows.map((row) => `${row.section ?? '-'}:${row.name}`)])).toEqual([
      ['', ['-:QA', '-:All Members']],
      ['Code Owners', ['-:*.rb', 'Api:*.go', 'Backend:*.go', 'Docs:*.md']],
    ]);
  });

  it('leaves out an empty group', () => {
    expect(approvalRuleSections([rule('QA')], true).map((s) => s.title)).toEqual(['']);
    expect(approvalRuleSections([], true)).toEqual([]);
  });
});

describe('securityPolicyRuleHelpText', () => {
  const policy = (
    reportType: ScanResultPolicySummary['reportType'],
    approvalsRequired = 2,
  ): ScanResultPolicySummary => ({
    name: 'p',
    approvalsRequired,
    reportType,
  });

  it.each<[string, ScanResultPolicySummary[], string]>([
    ['no policy asks for approvals', [policy('SCAN_FINDING', 0)], ''],
    [
      'one approval for findings',
      [policy('SCAN_FINDING', 1)],
      'This policy needs 1 approval because a security scanner found vulnerabilities matching the criteria',
    ],
    [
      'licenses',
      [policy('LICENSE_SCANNING')],
      'This policy needs 2 approvals because a license scanner found license violations',
    ],
    [
      'several reasons, each once',
      [
        policy('SCAN_FINDING'),
        policy('LICENSE_SCANNING'),
        policy('SCAN_FINDING'),
        policy('ANY_MERGE_REQUEST'),
      ],
      'This policy needs 2 approvals because a security scanner found vulnerabilities matching the criteria, a license scanner found license violations and a merge request has been opened against a protected branch',
    ],
    [
      'another report type',
      [policy('CODE_COVERAGE')],
      'This policy needs 2 approvals because a security policy has been violated',
    ],
  ])('%s', (_rule, policies, expected) => {
    expect(securityPolicyRuleHelpText(policies)).toBe(expected);
  });
});
