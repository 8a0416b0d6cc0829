import { describe, expect, it } from 'vitest';
import { type CiStatus, compositeStatus } from './composite';
import { jobDetailedStatus, pipelineDetailedStatus, stageDetailedStatus } from './detailedStatus';
import { type ProcessedJob, nextTransitions } from './processing';

const jobs = (...list: Array<CiStatus | `${CiStatus}!`>) =>
  list.map((item) => ({ status: item.replace('!', '') as CiStatus, allowFailure: item.endsWith('!') }));

describe('compositeStatus (a "!" marks a job allowed to fail)', () => {
  it.each<[string, Array<CiStatus | `${CiStatus}!`>, CiStatus | null, boolean]>([
    ['no jobs have no status', [], null, false],
    ['all passed is success', ['success', 'success'], 'success', false],
    ['skipped jobs do not spoil a success', ['success', 'skipped'], 'success', false],
    ['all skipped is skipped', ['skipped', 'skipped'], 'skipped', false],
    ['an allowed failure passes with warnings', ['success', 'failed!'], 'success', true],
    ['a failure fails', ['success', 'failed'], 'failed', false],
    ['a running job makes it running', ['success', 'running', 'failed'], 'running', false],
    ['pending and created is pending', ['pending', 'created'], 'pending', false],
    ['created only is created', ['created', 'created'], 'created', false],
    ['success and created is running', ['success', 'created'], 'running', false],
    ['a blocking manual job blocks', ['success', 'manual'], 'manual', false],
    ['a manual job allowed to fail is ignored', ['success', 'manual!'], 'success', false],
    ['a scheduled job makes it scheduled', ['success', 'scheduled'], 'scheduled', false],
    ['canceled with successes is canceled', ['success', 'canceled'], 'canceled', false],
    ['canceled and failed is failed', ['canceled', 'failed'], 'failed', false],
    [
      'waiting for resource wins over created',
      ['waiting_for_resource', 'created'],
      'waiting_for_resource',
      false,
    ],
    ['preparing only is preparing', ['preparing'], 'preparing', false],
    ['canceling with failures is canceling', ['canceling', 'success'], 'canceling', false],
  ])('%s', (_behaviour, list, status, warnings) => {
    expect(compositeStatus(jobs(...list))).toEqual({ status, warnings });
  });

  it('skips a needing job when a need was skipped (dag)', () => {
    expect(compositeStatus(jobs('success', 'skipped'), { dag: true }).status).toBe('skipped');
  });
});

const job = (
  name: string,
  stageIndex: number,
  status: CiStatus,
  more: Partial<ProcessedJob> = {},
): ProcessedJob => ({
  name,
  stageIndex,
  status,
  when: 'on_success',
  allowFailure: false,
  needs: null,
  ...more,
});

describe('nextTransitions', () => {
  it.each<[string, ProcessedJob[], Array<[string, string]>]>([
    ['the first stage becomes pending', [job('a', 0, 'created'), job('b', 1, 'created')], [['a', 'pending']]],
    ['the next stage waits for the running one', [job('a', 0, 'running'), job('b', 1, 'created')], []],
    [
      'the next stage starts when the previous passed',
      [job('a', 0, 'success'), job('b', 1, 'created')],
      [['b', 'pending']],
    ],
    [
      'on_success jobs are skipped after a failure, on_failure ones run',
      [job('a', 0, 'failed'), job('b', 1, 'created'), job('c', 1, 'created', { when: 'on_failure' })],
      [
        ['b', 'skipped'],
        ['c', 'pending'],
      ],
    ],
    [
      'always jobs run after a failure',
      [job('a', 0, 'failed'), job('b', 1, 'created', { when: 'always' })],
      [['b', 'pending']],
    ],
    [
      'on_failure jobs are skipped after a success',
      [job('a', 0, 'success'), job('c', 1, 'created', { when: 'on_failure' })],
      [['c', 'skipped']],
    ],
    [
      'an allowed failure lets the next stage run',
      [job('a', 0, 'failed', { allowFailure: true }), job('b', 1, 'created')],
      [['b', 'pending']],
    ],
    [
      'a manual job waits to be played',
      [job('a', 0, 'created', { when: 'manual', allowFailure: true })],
      [['a', 'manual']],
    ],
    ['a blocking manual job holds the next stage', [job('a', 0, 'manual'), job('b', 1, 'created')], []],
    [
      'a manual job allowed to fail does not hold the next stage',
      [job('a', 0, 'manual', { allowFailure: true }), job('b', 1, 'created')],
      [['b', 'pending']],
    ],
    [
      'a delayed job is scheduled',
      [job('a', 0, 'created', { when: 'delayed', startIn: '1 hour' })],
      [['a', 'scheduled']],
    ],
    [
      'a job with needs starts when its needs pass, whatever the stages',
      [job('a', 0, 'success'), job('x', 0, 'running'), job('b', 1, 'created', { needs: ['a'] })],
      [['b', 'pending']],
    ],
    [
      'needs: [] starts at once',
      [job('a', 0, 'running'), job('b', 2, 'created', { needs: [] })],
      [['b', 'pending']],
    ],
    [
      'a skipped need skips the job',
      [job('a', 0, 'skipped'), job('b', 1, 'created', { needs: ['a'] })],
      [['b', 'skipped']],
    ],
    [
      'skipping cascades through the stages in one pass',
      [job('a', 0, 'failed'), job('b', 1, 'created'), job('c', 2, 'created')],
      [
        ['b', 'skipped'],
        ['c', 'skipped'],
      ],
    ],
    [
      'a job with a resource group waits for its resource instead of being pending',
      [job('a', 0, 'success'), job('deploy', 1, 'created', { resourceGroup: true })],
      [['deploy', 'waiting_for_resource']],
    ],
    [
      'a job waiting for its resource holds the next stage',
      [job('deploy', 0, 'waiting_for_resource', { resourceGroup: true }), job('b', 1, 'created')],
      [],
    ],
    [
      'a job with a resource group is skipped like any other',
      [job('a', 0, 'failed'), job('deploy', 1, 'created', { resourceGroup: true })],
      [['deploy', 'skipped']],
    ],
  ])('%s', (_behaviour, list, expected) => {
    expect(nextTransitions(list).map((transition) => [transition.name, transition.to])).toEqual(expected);
  });
});

describe('detailed statuses', () => {
  const paths = { basePath: '', jobPath: '/g/p/-/jobs/7' };
  const subject = {
    allowFailure: false,
    when: 'on_success',
    retryable: false,
    canUpdate: true,
    canRead: true,
  };

  it('shows a passed job with a retry action', () => {
    expect(jobDetailedStatus({ ...subject, status: 'success', retryable: true }, paths)).toEqual({
      icon: 'status_success',
      text: 'Passed',
      label: 'passed',
      group: 'success',
      tooltip: 'passed',
      has_details: true,
      details_path: '/g/p/-/jobs/7',
      illustration: null,
      favicon: '/assets/ci_favicons/favicon_status_success.png',
      action: {
        icon: 'retry',
        title: 'Run again',
        path: '/g/p/-/jobs/7/retry',
        method: 'post',
        button_title: 'Run this job again',
      },
    });
  });

  it('shows a bridge mirroring a manual downstream pipeline as manual, with no play action', () => {
    const status = jobDetailedStatus({ ...subject, status: 'manual', when: 'on_success' }, paths);
    expect([status.text, status.label, status.action]).toEqual(['Manual', 'manual action', undefined]);
  });

  it('shows a failed job with its reason', () => {
    expect(
      jobDetailedStatus(
        { ...subject, status: 'failed', retryable: true, failureReason: 'script_failure' },
        paths,
      ).tooltip,
    ).toBe('Failed - (script failure)');
  });

  it('shows a failure allowed as a warning', () => {
    const status = jobDetailedStatus(
      { ...subject, status: 'failed', allowFailure: true, retryable: true },
      paths,
    );
    expect([status.icon, status.group, status.label, status.tooltip]).toEqual([
      'status_warning',
      'failed-with-warnings',
      'failed (allowed to fail)',
      'Failed - (unknown failure) (allowed to fail)',
    ]);
  });

  it('offers to run a manual job, with its confirmation message', () => {
    const status = jobDetailedStatus(
      { ...subject, status: 'manual', when: 'manual', manualConfirmation: 'Deploy?' },
      paths,
    );
    expect([status.label, status.action]).toEqual([
      'manual play action',
      {
        icon: 'play',
        title: 'Run',
        path: '/g/p/-/jobs/7/play',
        method: 'post',
        button_title: 'Run job',
        confirmation_message: 'Deploy?',
      },
    ]);
  });

  it('says a manual job is not allowed to one who may not run it', () => {
    const status = jobDetailedStatus(
      { ...subject, status: 'manual', when: 'manual', canUpdate: false },
      paths,
    );
    expect([status.label, status.action]).toEqual(['manual play action (not allowed)', undefined]);
  });

  it('offers to cancel a running job and to unschedule a delayed one', () => {
    expect(jobDetailedStatus({ ...subject, status: 'running' }, paths).action?.title).toBe('Cancel');
    expect(
      jobDetailedStatus({ ...subject, status: 'scheduled', when: 'delayed', scheduledIn: '00:59:00' }, paths),
    ).toMatchObject({
      tooltip: 'delayed manual action (00:59:00)',
      action: { icon: 'time-out', title: 'Unschedule', path: '/g/p/-/jobs/7/unschedule' },
    });
  });

  it('words pipelines as GitLab does', () => {
    const pipelinePaths = { basePath: '', pipelinePath: '/g/p/-/pipelines/3' };
    expect(pipelineDetailedStatus({ status: 'success', warnings: true }, pipelinePaths)).toMatchObject({
      text: 'Warning',
      label: 'passed with warnings',
      icon: 'status_warning',
      group: 'success-with-warnings',
      details_path: '/g/p/-/pipelines/3',
    });
    expect(pipelineDetailedStatus({ status: 'manual', warnings: false }, pipelinePaths)).toMatchObject({
      text: 'Blocked',
      label: 'waiting for manual action',
    });
    expect(pipelineDetailedStatus({ status: 'scheduled', warnings: false }, pipelinePaths)).toMatchObject({
      text: 'Delayed',
      label: 'waiting for delayed job',
    });
  });

  it('offers to run all manual jobs of a blocked stage', () => {
    const status = stageDetailedStatus(
      { name: 'deploy', status: 'manual', warnings: false, hasPlayableManualJobs: true, canUpdate: true },
      { basePath: '', pipelinePath: '/g/p/-/pipelines/3' },
    );
    expect([status.details_path, status.action?.title, status.action?.path]).toEqual([
      '/g/p/-/pipelines/3#deploy',
      'Run all manual',
      '/g/p/-/pipelines/3/stages/deploy/play_manual',
    ]);
  });
});
