import type { CiConfig, CiVariable, ConfigJob, JobNeed, JobWhen, YamlVariable } from '../types';
import { expandVariables, mergeVariables, sortAndExpandAll, variablesHash } from '../variables/collection';
import { jobPredefinedVariables } from '../variables/predefined';
import { evaluateRules, policyHolds, type RuleVariables } from './evaluateRules';
import type { PipelineContext } from './pipelineContext';

/** GitLab's `ci_needs_size_limit` default. */
export const MAX_NEEDS = 50;

/** GitLab's texts for a pipeline that is not created (their documentation links left out). */
export const WORKFLOW_RULES_FAILURE_MESSAGE =
  'The pipeline did not run. Review the workflow:rules configuration for the pipeline.';
export const RULES_FAILURE_MESSAGE =
  'The resulting pipeline would have been empty. Review the rules configuration for the relevant jobs.';

/** A job that runs in the pipeline, with everything a runner needs. */
export interface PlannedJob extends Omit<ConfigJob, 'rules' | 'only' | 'except' | 'variables' | 'needs'> {
  when: Exclude<JobWhen, 'never'>;
  /** Needs of jobs in this pipeline (optional ones whose job is absent dropped); null: stage order. */
  needs: JobNeed[] | null;
  /** The job's YAML variables: root ones it inherits, its own, then its matching rule's. */
  yamlVariables: YamlVariable[];
  /** Every variable the job gets, last definition of each key winning; the runner expands them. */
  variables: CiVariable[];
}

/** `workflow:auto_cancel:on_new_commit`: how a newer pipeline of the ref cancels this one. */
export type AutoCancelOnNewCommit = 'conservative' | 'interruptible' | 'none';
export const AUTO_CANCEL_ON_NEW_COMMIT: readonly AutoCancelOnNewCommit[] = [
  'conservative',
  'interruptible',
  'none',
];

export interface PipelinePlan {
  name?: string;
  /** The matching workflow rule's `auto_cancel:on_new_commit`, else the workflow's, else conservative. */
  autoCancelOnNewCommit: AutoCancelOnNewCommit;
  stages: Array<{ name: string; index: number; jobs: PlannedJob[] }>;
  jobs: PlannedJob[];
  /** The root YAML variables after `workflow:rules:variables`. */
  variables: YamlVariable[];
}

export type PlanResult =
  | { status: 'created'; plan: PipelinePlan }
  | { status: 'filtered_by_workflow_rules'; message: string }
  | { status: 'filtered_by_rules'; message: string }
  | { status: 'config_error'; errors: string[] };

const toCiVariable = (variable: YamlVariable): CiVariable => ({
  key: variable.key,
  value: variable.value,
  ...(variable.raw ? { raw: true } : {}),
});

/** Keeps the last definition of each key, where it stands. */
function dedupe(variables: readonly CiVariable[]): CiVariable[] {
  const last = new Map(variables.map((variable, index) => [variable.key, index]));
  return variables.filter((variable, index) => last.get(variable.key) === index);
}

/**
 * The jobs a configuration runs for one pipeline, as GitLab's pipeline creation chain decides:
 * `workflow:rules` (no match, no pipeline; its variables over the root ones; `workflow:name`),
 * then each job's `rules`, or `only`/`except`, its resulting `when`, `allow_failure`, variables and
 * needs, and the checks of needs against the jobs that remain.
 */
export function planPipeline(config: CiConfig, context: PipelineContext): PlanResult {
  const userVariables = context.userVariables ?? [];
  const globalVariables = (yaml: readonly YamlVariable[]): CiVariable[] => [
    ...context.predefinedVariables,
    ...yaml.map(toCiVariable),
    ...userVariables,
  ];
  const workflow = evaluateRules(
    config.workflow.rules,
    'always',
    context,
    ruleVariables(globalVariables(config.variables)),
  );
  if (workflow.when === 'never')
    return { status: 'filtered_by_workflow_rules', message: WORKFLOW_RULES_FAILURE_MESSAGE };
  const rootVariables = mergeVariables(
    config.variables.map(toCiVariable),
    (workflow.variables ?? []).map(toCiVariable),
  ).map((variable) => ({ key: variable.key, value: variable.value, ...(variable.raw ? { raw: true } : {}) }));
  const errors: string[] = [];
  const included: PlannedJob[] = [];
  for (const job of [...config.jobs].sort((a, b) => a.stageIndex - b.stageIndex)) {
    const planned = planJob(job, rootVariables, context, errors);
    if (planned) included.push(planned);
  }
  checkNeeds(included, errors);
  if (errors.length > 0) return { status: 'config_error', errors };
  const stages = config.stages
    .map((name, index) => ({ name, index, jobs: included.filter((job) => job.stage === name) }))
    .filter((stage) => stage.jobs.length > 0);
  if (!stages.some((stage) => stage.name !== '.pre' && stage.name !== '.post'))
    return { status: 'filtered_by_rules', message: RULES_FAILURE_MESSAGE };
  const name = pipelineName(config.workflow.name, globalVariables(rootVariables));
  return {
    status: 'created',
    plan: {
      ...(name ? { name } : {}),
      autoCancelOnNewCommit:
        onNewCommit(workflow.autoCancel) ?? onNewCommit(config.workflow.autoCancel) ?? 'conservative',
      stages,
      jobs: stages.flatMap((stage) => stage.jobs),
      variables: rootVariables,
    },
  };
}

function onNewCommit(autoCancel: Record<string, unknown> | undefined): AutoCancelOnNewCommit | undefined {
  const value = autoCancel?.on_new_commit;
  return AUTO_CANCEL_ON_NEW_COMMIT.find((known) => known === value);
}

function ruleVariables(variables: readonly CiVariable[]): RuleVariables {
  const sorted = sortAndExpandAll(variables);
  return { raw: variablesHash(variables), expanded: variablesHash(sorted.ok ? sorted.variables : variables) };
}

function pipelineName(name: string | undefined, variables: readonly CiVariable[]): string | undefined {
  if (!name) return undefined;
  const sorted = sortAndExpandAll(variables);
  const expanded = expandVariables(name, variablesHash(sorted.ok ? sorted.variables : variables)).trim();
  return expanded === '' ? undefined : expanded;
}

function planJob(
  job: ConfigJob,
  root: readonly YamlVariable[],
  context: PipelineContext,
  errors: string[],
): PlannedJob | null {
  const inherited =
    job.inheritVariables === true
      ? root
      : job.inheritVariables === false
        ? []
        : root.filter((v) => (job.inheritVariables as string[]).includes(v.key));
  const yaml = mergeVariables(inherited.map(toCiVariable), job.variables.map(toCiVariable));
  const scoped = (yamlVariables: readonly CiVariable[], when: string): CiVariable[] => [
    ...jobPredefinedVariables({ ...job, when }),
    ...context.predefinedVariables,
    ...yamlVariables,
    ...(context.userVariables ?? []),
  ];
  const seedVariables = scoped(yaml, job.when);
  const variables = ruleVariables(seedVariables);
  const result = evaluateRules(job.rules, job.when, context, variables);
  if (result.errors) {
    errors.push(`Failed to parse rule for ${job.name}: ${result.errors.join(', ')}`);
    return null;
  }
  if (job.rules ? result.when === 'never' : !policiesHold(job, context, variables.raw)) return null;
  const when = result.when as PlannedJob['when'];
  const yamlVariables = mergeVariables(yaml, (result.variables ?? []).map(toCiVariable));
  const all = dedupe(scoped(yamlVariables, when));
  const sorted = sortAndExpandAll(all);
  if (!sorted.ok) errors.push(`${job.name}: ${sorted.error}`);
  const expanded = variablesHash(sorted.ok ? sorted.variables : all);
  const {
    rules: _rules,
    only: _only,
    except: _except,
    variables: _variables,
    resourceGroup: _resourceGroup,
    ...rest
  } = job;
  const needs = result.needs ?? job.needs;
  return {
    ...rest,
    when,
    // A manual job of `rules:` blocks unless it allows failure: GitLab reads `ignore` off the job's own `when`.
    allowFailure: result.allowFailure ?? job.allowFailure,
    ...(result.startIn ? { startIn: result.startIn } : {}),
    ...(result.interruptible !== undefined ? { interruptible: result.interruptible } : {}),
    ...(result.needs ? { schedulingType: 'dag' as const } : {}),
    needs,
    ...(job.tags
      ? { tags: job.tags.map((tag) => expandVariables(tag, variablesHash(all), { keepUndefined: true })) }
      : {}),
    ...(job.environment
      ? {
          environment: {
            ...job.environment,
            name: expandVariables(job.environment.name, expanded),
            ...(job.environment.url ? { url: expandVariables(job.environment.url, expanded) } : {}),
          },
        }
      : {}),
    // GitLab expands the key as it does the environment's name; a blank key is no resource group.
    ...(job.resourceGroup ? resourceGroupOf(expandVariables(job.resourceGroup, expanded)) : {}),
    yamlVariables: yamlVariables.map((v) => ({
      key: v.key,
      value: v.value,
      ...(v.raw ? { raw: true } : {}),
    })),
    variables: all,
  };
}

function resourceGroupOf(key: string): { resourceGroup?: string } {
  const trimmed = key.trim();
  return trimmed && trimmed.length <= 255 ? { resourceGroup: trimmed } : {};
}

function policiesHold(
  job: ConfigJob,
  context: PipelineContext,
  variables: ReadonlyMap<string, string>,
): boolean {
  if (job.only && !policyHolds(job.only, context, variables)) return false;
  if (job.except && exceptHolds(job.except, context, variables)) return false;
  return true;
}

/** `except:` excludes the job when any kind it lists holds. */
function exceptHolds(
  policy: NonNullable<ConfigJob['except']>,
  context: PipelineContext,
  variables: ReadonlyMap<string, string>,
): boolean {
  const kinds = (['refs', 'variables', 'changes', 'kubernetes'] as const).filter(
    (kind) => policy[kind] !== undefined,
  );
  return kinds.some((kind) => policyHolds({ [kind]: policy[kind] }, context, variables));
}

/** Every need must name a job of this pipeline in the same or an earlier stage, unless it is optional. */
function checkNeeds(jobs: PlannedJob[], errors: string[]): void {
  const present = new Set(jobs.map((job) => job.name));
  for (const job of jobs) {
    if (!job.needs) continue;
    if (job.needs.length > MAX_NEEDS) {
      errors.push(
        `${job.name}: one job can only need ${MAX_NEEDS} others, but you have listed ${job.needs.length}. See needs keyword documentation for more details`,
      );
      continue;
    }
    for (const need of job.needs)
      if (!need.optional && !present.has(need.name))
        errors.push(
          `'${job.name}' job needs '${need.name}' job, but '${need.name}' does not exist in the pipeline. This might be because of the only, except, or rules keywords. To need a job that sometimes does not exist in the pipeline, use needs:optional.`,
        );
    job.needs = job.needs.filter((need) => present.has(need.name));
  }
}
