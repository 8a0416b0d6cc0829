/**
 * CI configuration rules: GitLab's `.gitlab-ci.yml`, read, validated and planned as GitLab does,
 * with GitLab's error texts. Pure: the caller does all I/O and passes files, lists and variables in.
 *
 * 1. `processConfig(source, sources)` -> `CiConfigResult`: the configuration that holds for any
 *    pipeline (`CiConfig`: stages with `.pre`/`.post`, root variables, workflow, jobs with every
 *    keyword normalized and `parallel` expanded), or `errors` as GitLab words them, plus warnings
 *    and the merged YAML. `sources.readLocalFile(path)` serves `include: local` (null: missing),
 *    `sources.files` wildcard includes. `lintConfig` gives the CI Lint answer from the same.
 * 2. `planPipeline(config, context)` -> `PlanResult`: for one pipeline (`PipelineContext`: source,
 *    ref, tag, changed paths, repository files, predefined and user variables) the jobs that run
 *    after `workflow:rules`, `rules` and `only`/`except`, in stages, each with its resulting
 *    `when`, `allow_failure`, needs and the variables it gets; or no pipeline
 *    (`filtered_by_workflow_rules`, `filtered_by_rules`) or `config_error` with GitLab's texts.
 *    `pipelinePredefinedVariables` builds the predefined variables the context carries;
 *    `jobPredefinedVariables` and `runningJobVariables` add a job's own.
 * 3. `nextTransitions(jobs)`: which created jobs become pending, manual, scheduled or skipped now
 *    (call again after applying them); `compositeStatus` gives a stage's or pipeline's status and
 *    warnings from its jobs; `jobDetailedStatus`, `stageDetailedStatus` and
 *    `pipelineDetailedStatus` give GitLab's `detailed_status` with actions and paths.
 *
 * Bounds: the YAML's size, alias expansion and depth are capped (loadYaml), includes stop at
 * 150 files, extends at 10 levels, expressions at 100 tokens, and every user regex or glob runs
 * on RE2 (re2js), so no configuration can make this slow.
 */
export { processConfig } from './config/processor';
export type { IncludeSources, ProjectFile } from './config/includes';
export { lintConfig, type LintResult } from './lint';
export {
  planPipeline,
  MAX_NEEDS,
  RULES_FAILURE_MESSAGE,
  WORKFLOW_RULES_FAILURE_MESSAGE,
} from './pipeline/planPipeline';
export type { PipelinePlan, PlanResult, PlannedJob } from './pipeline/planPipeline';
export type { PipelineContext } from './pipeline/pipelineContext';
export { mergeRequestEventType } from './pipeline/mergeRequestEventType';
export { pipelineEventTypeName, type MergeRequestEventType } from './views/pipelineTypes';
export { expressionIsTruthful, isValidExpression } from './expression/expression';
export { parseDuration, parseExpireIn } from './duration';
export { globMatches } from './glob';
export { expandVariables, sortAndExpandAll, mergeVariables, variablesHash } from './variables/collection';
export {
  jobPredefinedVariables,
  pipelinePredefinedVariables,
  runningJobVariables,
  slugify,
  type PredefinedContext,
} from './variables/predefined';
export { compositeStatus, CI_STATUSES, type CiStatus } from './status/composite';
export { pipelineStages, type StageJob, type StageStatus } from './status/stages';
export { nextTransitions, pipelineStatus, type ProcessedJob, type Transition } from './status/processing';
export {
  jobDetailedStatus,
  pipelineDetailedStatus,
  stageDetailedStatus,
  type DetailedStatus,
  type JobStatusSubject,
} from './status/detailedStatus';
export type * from './types';
