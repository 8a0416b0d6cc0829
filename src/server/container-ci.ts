import type { Db } from './db/client';
import type { AppDeps } from './container';
import { createCiVariablesService } from './features/ci-variables/ci-variables.service';
import type { createGroupsService } from './features/groups/groups.service';
import type { createJobTokenScope } from './features/job-token-scope/job-token-scope.service';
import type { createLabelsService } from './features/labels/labels.service';
import type { createMergeRequestsService } from './features/merge-requests/merge-requests.service';
import type { createMergeTrainsService } from './features/merge-trains/merge-trains.service';
import { createPipelineSchedulesService } from './features/pipeline-schedules/pipeline-schedules.service';
import { createPipelineScheduler } from './features/pipeline-schedules/pipeline-scheduler';
import { createPipelineTriggersService } from './features/pipeline-triggers/pipeline-triggers.service';
import { createArtifactStore } from './features/pipelines/artifact-store';
import { createArtifactsService } from './features/pipelines/artifacts.service';
import { createBridgesService } from './features/pipelines/bridges.service';
import { createCommitStatusesService } from './features/pipelines/commit-statuses.service';
import { createDelayedJobs } from './features/pipelines/delayed-jobs';
import { createDownstreamPipelines } from './features/pipelines/downstream.service';
import { createGraphMetrics } from './features/pipelines/graph-metrics.service';
import { createHeadPipelines } from './features/pipelines/head-pipelines.service';
import { createJobActionsService } from './features/pipelines/job-actions.service';
import { createJobsService } from './features/pipelines/jobs.service';
import { createMergeRequestPipelines } from './features/pipelines/merge-request-pipelines.service';
import { registerPipelineFollowUps } from './features/pipelines/pipeline-follow-ups';
import { createResourceGroupsService } from './features/pipelines/resource-groups.service';
import {
  createResourceAssignment,
  registerResourceAssignment,
} from './features/pipelines/resource-assignment';
import { createPipelineDropdowns } from './features/pipelines/pipeline-dropdowns.service';
import { createPipelineGraph } from './features/pipelines/pipeline-graph.service';
import { createPipelinePages } from './features/pipelines/pipeline-pages.service';
import { createPipelinesService } from './features/pipelines/pipelines.service';
import { createRunnerJobsService } from './features/pipelines/runner-jobs.service';
import { createTestReports } from './features/pipelines/test-reports.service';
import type { createProjectsService } from './features/projects/projects.service';
import type { createProtectedBranchesService } from './features/protected-branches/protected-branches.service';
import type { createRateLimits } from './features/rate-limits/rate-limits.service';
import { createRunnerManagementService } from './features/runners/runners.manage.service';
import { createRunnersService } from './features/runners/runners.service';
import type { createUsersService } from './features/users/users.service';
import type { createJobQueue } from './jobs/jobs';
import { createRunnerIsolation } from './runner-isolation';
import type { ServiceLog } from './service-log';

/** What CI is built on: the features below it, already wired. */
type CiFoundation = {
  base: AppDeps & { db: Db; log: ServiceLog };
  projects: ReturnType<typeof createProjectsService>;
  groups: ReturnType<typeof createGroupsService>;
  users: ReturnType<typeof createUsersService>;
  protectedBranches: ReturnType<typeof createProtectedBranchesService>;
  rateLimits: ReturnType<typeof createRateLimits>;
  jobs: ReturnType<typeof createJobQueue>;
  labels: ReturnType<typeof createLabelsService>;
  jobTokenScope: ReturnType<typeof createJobTokenScope>;
  mergeRequests: ReturnType<typeof createMergeRequestsService>;
  mergeTrains: ReturnType<typeof createMergeTrainsService>;
};

/**
 * Wires CI (runners, pipelines, jobs, schedules, triggers) onto the features it sits above, and
 * plugs it into merge trains, which are built before it.
 */
export function createCiServices(foundation: CiFoundation) {
  const { base, projects, groups, users, protectedBranches, rateLimits, jobs, labels } = foundation;
  const { jobTokenScope, mergeRequests, mergeTrains } = foundation;
  const runners = createRunnersService({ ...base, projects, groups });
  const runnerManagement = createRunnerManagementService({ ...base, projects, groups });
  const runnerIsolation = createRunnerIsolation(base.config.runner);
  const ciVariables = createCiVariablesService({ ...base, projects, groups });
  const pipelines = createPipelinesService({ ...base, projects, protectedBranches, rateLimits, ciVariables });
  const ciJobs = createJobsService({ ...base, projects, protectedBranches, runners, runnerManagement });
  const artifactStore = createArtifactStore(base.config.dataDir);
  const artifacts = createArtifactsService({ ...base, projects, protectedBranches, runners, artifactStore });
  const jobActions = createJobActionsService({
    ...base,
    projects,
    protectedBranches,
    runners,
    artifactStore,
  });
  const pipelinePages = createPipelinePages({ ...base, pipelines, protectedBranches, projects });
  const testReports = createTestReports({ ...base, pipelines });
  const pipelineDropdowns = createPipelineDropdowns({ ...base, pipelines, protectedBranches });
  const downstreamPipelines = createDownstreamPipelines({
    ...base,
    projects,
    protectedBranches,
    users,
    creation: pipelines,
  });
  const bridges = createBridgesService({ ...base, projects, ciJobs });
  registerPipelineFollowUps(jobs, {
    startDelayed: createDelayedJobs(base).start,
    triggerDownstream: downstreamPipelines.trigger,
  });
  registerResourceAssignment(jobs, createResourceAssignment(base).assign);
  const resourceGroups = createResourceGroupsService({ ...base, projects, ciJobs });
  const pipelineSchedules = createPipelineSchedulesService({ ...base, projects, pipelines });
  const pipelineScheduler = createPipelineScheduler({
    ...base,
    projects,
    users,
    schedules: pipelineSchedules,
  });
  const commitStatuses = createCommitStatusesService({ ...base, projects, protectedBranches });
  const pipelineTriggers = createPipelineTriggersService({
    ...base,
    projects,
    users,
    pipelines,
    ciJobs,
    jobTokenScope,
  });
  const runnerJobs = createRunnerJobsService({ ...base, projects, runners });
  // Merge requests read their head pipelines through their hook: pipelines sit above them.
  const headPipelines = createHeadPipelines({ ...base, mergeRequests });
  const pipelineGraph = createPipelineGraph({ ...base, projects, protectedBranches, headPipelines });
  const graphMetrics = createGraphMetrics({ projects });
  const mergeRequestPipelines = createMergeRequestPipelines({
    ...base,
    creation: pipelines,
    labels,
    projects,
    protectedBranches,
    users,
    mergeRequests,
  });
  // Merge trains run their cars' pipelines once CI exists (it is built after them).
  mergeTrains.runPipelinesWith({
    createMergeRequestPipeline: mergeRequestPipelines.createMergeRequestPipeline,
    cancel: jobActions.cancelBySystem,
  });
  return {
    runners,
    runnerManagement,
    runnerIsolation,
    pipelines,
    pipelinePages,
    pipelineGraph,
    graphMetrics,
    pipelineDropdowns,
    bridges,
    headPipelines,
    mergeRequestPipelines,
    ciJobs,
    runnerJobs,
    artifactStore,
    artifacts,
    jobActions,
    ciVariables,
    testReports,
    pipelineSchedules,
    pipelineScheduler,
    pipelineTriggers,
    commitStatuses,
    resourceGroups,
  };
}
