import { describe, expect, it } from 'vitest';
import type { StatusCheckStatus } from '../api/statusChecks';
import { statusChecksSummary } from './statusChecksSummary';

describe('statusChecksSummary', () => {
  it.each<[StatusCheckStatus[], string]>([
    [['passed'], 'Status checks all passed'],
    [['passed', 'passed'], 'Status checks all passed'],
    [['pending'], 'Status checks 1 pending'],
    [['passed', 'pending'], 'Status checks 1 pending'],
    [['failed'], 'Status checks 1 failed'],
    [['failed', 'pending'], 'Status checks 1 failed, 1 pending'],
    [['failed', 'failed', 'pending', 'passed', 'pending'], 'Status checks 2 failed, 2 pending'],
  ])('%j reads %j', (statuses, text) => {
    expect(statusChecksSummary(statuses)).toBe(text);
  });
});
