import type { CiConfig, CiConfigResult, ConfigJob } from '../types';
import { stronglyConnectedComponents } from '../variables/collection';
import { loadYaml } from '../yaml/loadYaml';
import { rubyInspect } from '../yaml/rubyInspect';
import { ConfigErrors } from './configErrors';
import { ExtendsError, resolveExtends } from './extends';
import { IncludeError, type IncludeSources, expandIncludes } from './includes';
import type { JobEntry } from './jobEntry';
import { parallelInstances } from './parallelEntry';
import { ReferenceError, resolveReferences } from './references';
import { RootError, validateRoot } from './rootEntry';

/** GitLab's limit on a need's job name. */
const MAX_NEED_NAME_LENGTH = 255;

class LogicalError extends Error {}

/**
 * Reads a `.gitlab-ci.yml` into a configuration that holds, or GitLab's errors: YAML, includes,
 * `extends`, `!reference`, the `.pre`/`.post` stages, the entries' validation, `parallel`
 * expansion, then the checks across jobs (stages, dependencies, needs, cycles).
 */
export function processConfig(source: string, sources: IncludeSources): CiConfigResult {
  if (source.trim() === '')
    return { valid: false, errors: ['Please provide content of .gitlab-ci.yml'], warnings: [] };
  const loaded = loadYaml(source);
  if (!loaded.ok) return { valid: false, errors: [loaded.error], warnings: [] };
  let merged: Record<string, unknown>;
  try {
    merged = injectEdgeStages(resolveReferences(resolveExtends(expandIncludes(loaded.value, sources))));
  } catch (error) {
    if (error instanceof IncludeError || error instanceof ExtendsError || error instanceof ReferenceError)
      return { valid: false, errors: [error.message], warnings: [] };
    throw error;
  }
  const errors = new ConfigErrors();
  let root;
  try {
    root = validateRoot(merged, errors);
  } catch (error) {
    if (error instanceof RootError)
      return { valid: false, errors: [error.message], warnings: [], mergedYaml: merged };
    throw error;
  }
  if (!root) return { valid: false, errors: errors.messages, warnings: errors.warnings, mergedYaml: merged };
  try {
    const jobs = normalizeJobs(root.jobs, root.stages);
    const config: CiConfig = {
      stages: root.stages,
      variables: root.variables,
      workflow: root.workflow,
      jobs,
    };
    checkJobs(config);
    return { valid: true, config, warnings: errors.warnings, mergedYaml: merged };
  } catch (error) {
    if (error instanceof LogicalError)
      return { valid: false, errors: [error.message], warnings: errors.warnings, mergedYaml: merged };
    throw error;
  }
}

/** `.pre` first and `.post` last, wherever (or whether) they were written. */
function injectEdgeStages(config: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(config.stages) || config.stages.length === 0) return config;
  const stages = (config.stages as unknown[]).filter((stage) => stage !== '.pre' && stage !== '.post');
  return { ...config, stages: ['.pre', ...stages, '.post'] };
}

/** GitLab's Normalizer: `parallel:` becomes one job per instance; needs and dependencies name them all. */
function normalizeJobs(entries: JobEntry[], stages: string[]): ConfigJob[] {
  const instances = new Map<string, string[]>();
  for (const entry of entries)
    if (entry.parallelConfig)
      instances.set(
        entry.name,
        parallelInstances(entry.name, entry.parallelConfig).map((instance) => instance.name),
      );
  const expandNames = (names: string[]): string[] => names.flatMap((name) => instances.get(name) ?? [name]);
  const jobs: ConfigJob[] = [];
  for (const { parallelConfig, ...entry } of entries) {
    const base: ConfigJob = {
      ...entry,
      stageIndex: stages.indexOf(entry.stage),
      ...(entry.dependencies ? { dependencies: expandNames(entry.dependencies) } : {}),
      needs: entry.needs
        ? entry.needs.flatMap((need) =>
            (instances.get(need.name) ?? [need.name]).map((name) => ({ ...need, name })),
          )
        : null,
    };
    if (!parallelConfig) {
      jobs.push(base);
      continue;
    }
    for (const instance of parallelInstances(entry.name, parallelConfig)) {
      const matrixVariables = Object.entries(instance.matrix ?? {}).map(([key, value]) => ({ key, value }));
      jobs.push({
        ...base,
        name: instance.name,
        variables: [
          ...base.variables.filter((v) => !(instance.matrix && v.key in instance.matrix)),
          ...matrixVariables,
        ],
        parallel: {
          total: instance.total,
          instance: instance.instance,
          ...(instance.matrix ? { matrix: instance.matrix } : {}),
        },
      });
    }
  }
  return jobs;
}

/** YamlProcessor's logical validations; the first failure is the error, as GitLab raises it. */
function checkJobs(config: CiConfig): void {
  const byName = new Map(config.jobs.map((job) => [job.name, job]));
  const stageIndex = (name: string): number | undefined => {
    const job = byName.get(name);
    return job ? config.stages.indexOf(job.stage) : undefined;
  };
  const checkDependency = (
    job: ConfigJob,
    dependency: string,
    type: 'dependency' | 'need',
    optional = false,
  ): void => {
    if (!byName.has(dependency)) {
      if (optional) return;
      throw new LogicalError(`${job.name} job: undefined ${type}: ${dependency}`);
    }
    if (type === 'need' && dependency.length > MAX_NEED_NAME_LENGTH)
      throw new LogicalError(
        `${job.name} job: need \`${dependency}\` name is too long (maximum is ${MAX_NEED_NAME_LENGTH} characters)`,
      );
    const own = stageIndex(job.name) ?? -1;
    const theirs = stageIndex(dependency);
    if (theirs === undefined || theirs < 0 || theirs > own)
      throw new LogicalError(
        `${job.name} job: ${type} ${dependency} is not defined in current or prior stages`,
      );
  };
  const checkNeeds = (job: ConfigJob, needs: ConfigJob['needs'] | undefined): void => {
    if (!needs) return;
    for (const need of needs) checkDependency(job, need.name, 'need', need.optional);
    const seen = new Set<string>();
    const duplicated = new Set<string>();
    for (const need of needs) (seen.has(need.name) ? duplicated : seen).add(need.name);
    if (duplicated.size > 0)
      throw new LogicalError(
        `${job.name} has the following needs duplicated: ${[...duplicated].join(', ')}.`,
      );
  };
  for (const job of config.jobs) {
    if (!config.stages.includes(job.stage))
      throw new LogicalError(
        `${job.name} job: chosen stage ${job.stage} does not exist; available stages are ${config.stages.join(', ')}`,
      );
    for (const dependency of job.dependencies ?? []) checkDependency(job, dependency, 'dependency');
    checkNeeds(job, job.needs);
    for (const rule of job.rules ?? []) checkNeeds(job, rule.needs);
    for (const include of job.trigger?.include ?? [])
      if (include && typeof include === 'object' && typeof (include as { job?: unknown }).job === 'string')
        checkDependency(job, (include as { job: string }).job, 'dependency');
    checkOnStop(job, byName);
  }
  checkCycles(config.jobs);
}

function checkOnStop(job: ConfigJob, byName: ReadonlyMap<string, ConfigJob>): void {
  const onStop = job.environment?.onStop;
  if (!onStop) return;
  const stopJob = byName.get(onStop);
  if (!stopJob) throw new LogicalError(`${job.name} job: on_stop job ${onStop} is not defined`);
  if (!stopJob.environment)
    throw new LogicalError(`${job.name} job: on_stop job ${onStop} does not have environment defined`);
  if (stopJob.environment.name !== job.environment?.name)
    throw new LogicalError(`${job.name} job: on_stop job ${onStop} have different environment name`);
  if (stopJob.environment.action !== 'stop')
    throw new LogicalError(`${job.name} job: on_stop job ${onStop} needs to have action stop defined`);
}

/** Ruby's TSort over the needs: a self-need or a cycle is GitLab's circular-dependency error. */
function checkCycles(jobs: ConfigJob[]): void {
  const index = new Map(jobs.map((job, position) => [job.name, position]));
  for (const job of jobs)
    if (job.needs?.some((need) => need.name === job.name))
      throw new LogicalError(`The pipeline has circular dependencies: self-dependency: ${job.name}`);
  const children = jobs.map((job) => (job.needs ?? []).flatMap((need) => index.get(need.name) ?? []));
  const cycle = stronglyConnectedComponents(jobs.length, children).find((component) => component.length > 1);
  if (cycle)
    throw new LogicalError(
      `The pipeline has circular dependencies: topological sort failed: ${rubyInspect(cycle.map((position) => jobs[position]!.name))}`,
    );
}
