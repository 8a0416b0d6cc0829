import type { CiConfig, CiRule, YamlVariable } from '../types';
import type { ConfigErrors } from './configErrors';
import { isBlank, isBoolean, isPlainObject, isString, unknownKeys } from './configErrors';
import { DEFAULT_KEYS, type DefaultValues, type JobEntry, jobKind, validateJob } from './jobEntry';
import {
  validateArtifacts,
  validateCommands,
  validateImage,
  validateRetry,
  validateServices,
  validateStages,
  validateTags,
  validateTimeout,
} from './keywordEntries';
import { WORKFLOW_RULE_KEYS, WORKFLOW_RULE_WHEN, validateAutoCancel, validateRules } from './rulesEntry';
import { validateVariables } from './variablesEntry';
import { rubyToS } from '../yaml/rubyInspect';

export const DEFAULT_STAGES = ['.pre', 'build', 'test', 'deploy', '.post'];
const RESERVED = [
  'include',
  'before_script',
  'image',
  'services',
  'after_script',
  'variables',
  'stages',
  'cache',
];
const ALLOWED = ['default', ...RESERVED, 'workflow'];
/** Top-level keywords GitLab still reads as if they were under `default:`. */
const GLOBAL_DEFAULTS = ['before_script', 'image', 'services', 'after_script', 'cache'];

export class RootError extends Error {}

export interface RootEntry {
  stages: string[];
  variables: YamlVariable[];
  workflow: CiConfig['workflow'];
  jobs: JobEntry[];
}

/**
 * Validates the whole configuration (after include, extends and !reference) as GitLab's Root
 * entry does, in its order: default, globals, variables, stages, workflow, then the jobs.
 */
export function validateRoot(config: Record<string, unknown>, errors: ConfigErrors): RootEntry | null {
  const jobNames = Object.keys(config).filter(
    (key) => !RESERVED.includes(key) && (jobKind(key, config[key]) !== null || !ALLOWED.includes(key)),
  );
  const defaults = validateDefault(config, errors);
  const variables = validateVariables(config.variables, 'variables', errors, [
    'value',
    'description',
    'expand',
    'options',
  ]);
  const stages =
    config.stages === undefined || config.stages === null
      ? DEFAULT_STAGES
      : validateStages(config.stages, errors);
  const workflow = validateWorkflow(config.workflow, errors);
  const jobs = validateJobs(config, jobNames, errors, {
    defaults,
    hasWorkflowRules: workflow.rules !== undefined,
  });
  if (errors.count > 0 || !stages) return null;
  return { stages, variables, workflow, jobs };
}

function validateDefault(config: Record<string, unknown>, errors: ConfigErrors): DefaultValues {
  const value = config.default ?? {};
  if (!isPlainObject(value)) {
    errors.add('default', 'config', 'should be a hash');
    return {};
  }
  const unknown = unknownKeys(value, DEFAULT_KEYS);
  if (unknown.length > 0) {
    errors.add('default', 'config', `contains unknown keys: ${unknown.join(', ')}`);
    return {};
  }
  const defaults: DefaultValues = {};
  for (const key of GLOBAL_DEFAULTS) {
    const global = config[key];
    if (global === undefined || global === null) continue;
    if (value[key] !== undefined && value[key] !== null)
      throw new RootError(`${key} is defined in top-level and \`default:\` entry`);
    defaults[key] = global;
  }
  for (const [key, item] of Object.entries(value))
    if (item !== null && item !== undefined) defaults[key] = item;
  const check = (
    key: string,
    validate: (value: unknown, location: string, errors: ConfigErrors) => unknown,
  ): void => {
    const item = defaults[key];
    if (item === undefined || item === null) return;
    const location = key in value ? `default:${key}` : key;
    validate(item, location, errors);
  };
  check('before_script', validateCommands);
  check('after_script', validateCommands);
  check('image', validateImage);
  check('services', validateServices);
  check('timeout', validateTimeout);
  check('retry', validateRetry);
  check('tags', validateTags);
  check('artifacts', validateArtifacts);
  if (defaults.interruptible !== undefined && !isBoolean(defaults.interruptible))
    errors.add('default:interruptible', 'config', 'should be a boolean value');
  return defaults;
}

function validateWorkflow(value: unknown, errors: ConfigErrors): CiConfig['workflow'] {
  if (value === undefined || value === null) return {};
  if (!isPlainObject(value)) {
    errors.add('workflow', 'config', 'should be a hash');
    return {};
  }
  const unknown = unknownKeys(value, ['rules', 'name', 'auto_cancel']);
  if (unknown.length > 0) errors.add('workflow', 'config', `contains unknown keys: ${unknown.join(', ')}`);
  if (value.name !== undefined && value.name !== null && rubyToS(value.name).length > 255)
    errors.add('workflow', 'name', 'is too long (maximum is 255 characters)');
  const workflow: CiConfig['workflow'] = {};
  if (isString(value.name)) workflow.name = value.name;
  if (isPlainObject(value.auto_cancel))
    workflow.autoCancel = validateAutoCancel(value.auto_cancel, 'workflow:auto_cancel', errors);
  if ('rules' in value) {
    const rules: CiRule[] | undefined = validateRules(value.rules, 'workflow:rules', errors, {
      when: WORKFLOW_RULE_WHEN,
      keys: WORKFLOW_RULE_KEYS,
    });
    workflow.rules = rules ?? [];
  }
  return workflow;
}

function validateJobs(
  config: Record<string, unknown>,
  names: string[],
  errors: ConfigErrors,
  context: { defaults: DefaultValues; hasWorkflowRules: boolean },
): JobEntry[] {
  const before = errors.count;
  const unmatched = names.filter((name) => jobKind(name, config[name]) === null);
  for (const name of unmatched)
    errors.add('jobs', 'base', `${name} config should implement the script:, run:, or trigger: keyword`);
  if (!names.some((name) => ['build', 'bridge'].includes(jobKind(name, config[name]) ?? '')))
    errors.add('jobs', 'config', 'should contain at least one visible job');
  if (errors.count > before) return [];
  const jobs: JobEntry[] = [];
  for (const name of names) {
    const kind = jobKind(name, config[name]);
    if (kind === 'hidden') {
      if (isBlank(config[name])) errors.add(`jobs:${name}`, 'config', "can't be blank");
      continue;
    }
    if (kind === null) continue;
    const job = validateJob(name, config[name] as Record<string, unknown>, kind, { errors, ...context });
    if (job) jobs.push(job);
  }
  return jobs;
}
