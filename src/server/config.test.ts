import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('PIPELINE_SCHEDULE_WORKER_CRON: when the schedule worker starts due schedules', () => {
  it('is GitLab’s pipeline_schedule_worker cron unless set', () => {
    expect(loadConfig({}).pipelineScheduleWorkerCron).toBe('3-59/10 * * * *');
    expect(loadConfig({ PIPELINE_SCHEDULE_WORKER_CRON: '*/5 * * * *' }).pipelineScheduleWorkerCron).toBe(
      '*/5 * * * *',
    );
  });

  it.each([
    ['not a cron rule', 'every ten minutes'],
    ['a minute out of range', '61 * * * *'],
    ['a rule that never fires', '0 0 30 2 *'],
  ])('refuses %s at startup, naming the setting', (_, cron) => {
    expect(() => loadConfig({ PIPELINE_SCHEDULE_WORKER_CRON: cron })).toThrow(
      'Invalid configuration: PIPELINE_SCHEDULE_WORKER_CRON: must be a cron rule that fires (five fields, such as "3-59/10 * * * *")',
    );
  });
});
