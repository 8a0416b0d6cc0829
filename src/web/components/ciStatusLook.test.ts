import { describe, expect, it } from 'vitest';
import { jobLook, pipelineLook } from './ciStatusLook';

describe('status looks, in GitLab’s words', () => {
  it.each([
    ['success', 'Passed', 'status_success'],
    ['failed', 'Failed', 'status_failed'],
    ['running', 'Running', 'status_running'],
    ['pending', 'Pending', 'status_pending'],
    ['canceled', 'Canceled', 'status_canceled'],
    ['skipped', 'Skipped', 'status_skipped'],
    ['manual', 'Blocked', 'status_manual'],
    ['created', 'Created', 'status_created'],
    ['waiting_for_resource', 'Waiting', 'status_pending'],
  ] as const)('a %s pipeline reads %s', (status, text, icon) => {
    expect(pipelineLook(status)).toMatchObject({ text, icon });
  });

  it('says a pipeline passed with warnings', () => {
    expect(pipelineLook('success', true)).toMatchObject({ text: 'Warning', icon: 'status_warning' });
  });

  it('calls a manual job Manual and a failure it was allowed a warning', () => {
    expect(jobLook({ status: 'manual', allow_failure: false }).text).toBe('Manual');
    expect(jobLook({ status: 'failed', allow_failure: true })).toMatchObject({
      text: 'Failed',
      icon: 'status_warning',
      label: 'failed (allowed to fail)',
    });
    expect(jobLook({ status: 'failed', allow_failure: false }).icon).toBe('status_failed');
  });

  it('shows a job waiting for its resource group as GitLab does', () => {
    expect(jobLook({ status: 'waiting_for_resource', allow_failure: false })).toEqual({
      icon: 'status_pending',
      text: 'Waiting',
      label: 'waiting for resource',
      group: 'waiting-for-resource',
    });
  });
});
