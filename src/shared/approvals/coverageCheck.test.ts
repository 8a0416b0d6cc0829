import { describe, expect, it } from 'vitest';
import {
  coverageApprovalRequired,
  isCoverageCheckRule,
  reportRuleKind,
  type CoveragePipeline,
} from './coverageCheck';

const done = (coverage: number | null, status = 'success'): CoveragePipeline => ({ status, coverage });

describe('coverageApprovalRequired', () => {
  it.each([
    ['no head pipeline', null, done(80), true],
    ['a head pipeline still running', done(90, 'running'), done(80), true],
    ['a head pipeline without coverage', done(null), done(80), true],
    ['no base pipeline', done(50), null, false],
    ['a base pipeline without coverage', done(50), done(null), true],
    ['coverage fell', done(79.99), done(80), true],
    ['coverage kept', done(80), done(80), false],
    ['coverage rose', done(81), done(80), false],
    ['a failed head pipeline that reported coverage', done(70, 'failed'), done(80), true],
    ['a failed head pipeline that kept coverage', done(90, 'failed'), done(80), false],
    ['a base pipeline still running, no coverage yet', done(90), done(null, 'running'), true],
  ])('%s', (_name, head, base, required) => {
    expect(coverageApprovalRequired({ head, base })).toBe(required);
  });
});

describe('isCoverageCheckRule', () => {
  it('is a report approver rule of report type code_coverage', () => {
    expect(isCoverageCheckRule({ ruleType: 'report_approver', reportType: 'code_coverage' })).toBe(true);
    expect(isCoverageCheckRule({ ruleType: 'regular', reportType: 'code_coverage' })).toBe(false);
    expect(isCoverageCheckRule({ ruleType: 'report_approver', reportType: 'license_scanning' })).toBe(false);
  });
});

describe('reportRuleKind', () => {
  const reserved = { errors: { name: ['Coverage-Check is reserved for code_coverage report type'] } };
  it.each([
    ['a regular rule', 'QA', undefined, undefined, { ruleType: undefined, reportType: undefined }],
    [
      'Coverage-Check by name alone',
      'Coverage-Check',
      undefined,
      undefined,
      { ruleType: 'report_approver', reportType: 'code_coverage' },
    ],
    [
      'Coverage-Check by report type',
      'Coverage-Check',
      undefined,
      'code_coverage',
      { ruleType: 'report_approver', reportType: 'code_coverage' },
    ],
    ['Coverage-Check as a regular rule', 'Coverage-Check', 'regular', null, reserved],
    ['Coverage-Check of another report', 'Coverage-Check', 'report_approver', 'license_scanning', reserved],
    [
      'code_coverage under another name',
      'Coverage',
      undefined,
      'code_coverage',
      { errors: { report_type: ['code_coverage only supports Coverage-Check name'] } },
    ],
    [
      'another report approver',
      'License-Check',
      'report_approver',
      'license_scanning',
      { ruleType: 'report_approver', reportType: 'license_scanning' },
    ],
  ])('%s', (_name, name, ruleType, reportType, expected) => {
    expect(reportRuleKind({ name, ruleType, reportType })).toEqual(expected);
  });
});
