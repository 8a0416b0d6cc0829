import type {
  PipelineSchedule,
  PipelineScheduleDetails,
  PipelineScheduleVariable,
} from '../../../shared/api/pipelineSchedules';
import type { Config } from '../../config';
import { presentPipelineBasic } from '../pipelines/pipelines.presenter';
type PipelineRow = Parameters<typeof presentPipelineBasic>[0];
import type { ProjectContext } from '../projects/projects.service';
import { presentUserBasic } from '../users/user.presenter';
import type { ScheduleRecord, ScheduleVariableRow } from './pipeline-schedules.repo';

type Urls = Pick<Config, 'externalUrl'>;

/** GitLab's PipelineSchedule entity. */
export function presentSchedule({ schedule, owner }: ScheduleRecord, config: Urls): PipelineSchedule {
  return {
    id: schedule.id,
    description: schedule.description,
    ref: schedule.ref,
    cron: schedule.cron,
    cron_timezone: schedule.cronTimezone,
    next_run_at: schedule.nextRunAt?.toISOString() ?? null,
    active: schedule.active,
    created_at: schedule.createdAt.toISOString(),
    updated_at: schedule.updatedAt.toISOString(),
    owner: owner ? presentUserBasic(owner, config) : null,
  };
}

export const presentScheduleVariable = (variable: ScheduleVariableRow): PipelineScheduleVariable => ({
  key: variable.key,
  value: variable.value,
  variable_type: variable.variableType,
});

/** GitLab's PipelineScheduleDetails: with its last pipeline and its variables. */
export function presentScheduleDetails(
  details: ScheduleRecord & { variables: ScheduleVariableRow[]; lastPipeline: PipelineRow | null },
  ctx: Pick<ProjectContext, 'fullPath'>,
  config: Urls,
): PipelineScheduleDetails {
  return {
    ...presentSchedule(details, config),
    last_pipeline: details.lastPipeline ? presentPipelineBasic(details.lastPipeline, ctx, config) : null,
    variables: details.variables.map(presentScheduleVariable),
  };
}
