import { MAX_START_IN_SECONDS, parseDuration } from '../duration';
import type { CiPolicy, ConfigJob, JobWhen } from '../types';
import type { ConfigErrors } from './configErrors';
import {
  checkExclusive,
  isBlank,
  isBoolean,
  isPlainObject,
  isString,
  isStringArray,
  unknownKeys,
} from './configErrors';
import {
  validateAllowFailure,
  validateArtifacts,
  validateCommands,
  validateCoverage,
  validateEnvironment,
  validateImage,
  validateInherit,
  validateRetry,
  validateServices,
  validateTags,
  validateTimeout,
  validateTrigger,
} from './keywordEntries';
import { type ParallelConfig, validateParallel } from './parallelEntry';
import { JOB_RULE_KEYS, JOB_RULE_WHEN, validateNeeds, validatePolicy, validateRules } from './rulesEntry';
import { validateVariables } from './variablesEntry';

const PROCESSABLE_KEYS = [
  'extends',
  'stage',
  'only',
  'except',
  'rules',
  'variables',
  'inherit',
  'allow_failure',
  'when',
  'needs',
  'resource_group',
  'environment',
  'interruptible',
];
const BUILD_KEYS = [
  'tags',
  'script',
  'image',
  'services',
  'start_in',
  'artifacts',
  'cache',
  'dependencies',
  'before_script',
  'after_script',
  'hooks',
  'coverage',
  'retry',
  'parallel',
  'timeout',
  'inputs',
  'release',
  'id_tokens',
  'publish',
  'pages',
  'manual_confirmation',
  'run',
];
const BRIDGE_KEYS = ['trigger', 'parallel'];
/** The `default:` keywords; those a job takes from it when it does not set them itself. */
export const DEFAULT_KEYS = [
  'before_script',
  'after_script',
  'hooks',
  'cache',
  'image',
  'services',
  'interruptible',
  'timeout',
  'retry',
  'tags',
  'artifacts',
  'id_tokens',
];
const MULTIPLE_PIPELINES_WARNING =
  'may allow multiple pipelines to run for a single action due to `rules:when` clause with no `workflow:rules` - read more: https://docs.gitlab.com/ee/ci/jobs/job_troubleshooting.html#job-may-allow-multiple-pipelines-to-run-for-a-single-action-warning';

/** A job entry before `parallel:` is expanded (normalize.ts) and stages are checked (processor.ts). */
export type JobEntry = Omit<ConfigJob, 'stageIndex' | 'parallel'> & { parallelConfig?: ParallelConfig };

export type DefaultValues = Partial<Record<(typeof DEFAULT_KEYS)[number], unknown>>;

export const isHiddenJob = (name: string): boolean => name.startsWith('.');
/** GitLab's job types: a job runs a script (or steps), a bridge triggers or mirrors a pipeline. */
export function jobKind(name: string, value: unknown): 'hidden' | 'build' | 'bridge' | null {
  if (isHiddenJob(name)) return 'hidden';
  if (!isPlainObject(value)) return null;
  if ('script' in value || 'run' in value) return 'build';
  if ('trigger' in value || 'needs' in value) return 'bridge';
  return null;
}

/**
 * Validates one visible job as GitLab's Job and Bridge entries do, taking what it does not set
 * from `default:` (as `inherit:default` allows). Errors go to `errors`; null when the job fails.
 */
export function validateJob(
  name: string,
  config: Record<string, unknown>,
  kind: 'build' | 'bridge',
  context: { errors: ConfigErrors; defaults: DefaultValues; hasWorkflowRules: boolean },
): JobEntry | null {
  const { errors } = context;
  const location = `jobs:${name}`;
  const before = errors.count;
  checkJobKeys(name, config, kind, location, errors);
  if (errors.count > before) return null;
  const job = composeJob(name, config, kind, location, context);
  if (errors.count > before || !job) return null;
  if (job.dependencies && job.needs) {
    const missing = job.dependencies.filter(
      (dependency) => !job.needs!.some((need) => need.name === dependency),
    );
    if (missing.length > 0)
      errors.add(location, 'dependencies', `the ${missing.join(', ')} should be part of needs`);
  }
  const lastRule = job.rules?.[job.rules.length - 1];
  const rawRules: unknown[] = Array.isArray(config.rules) ? (config.rules as unknown[]).flat(Infinity) : [];
  const lastRaw = rawRules[rawRules.length - 1];
  if (
    !context.hasWorkflowRules &&
    lastRule &&
    isPlainObject(lastRaw) &&
    Object.keys(lastRaw).join() === 'when' &&
    lastRule.when !== 'never'
  )
    errors.warn(location, MULTIPLE_PIPELINES_WARNING);
  return errors.count > before ? null : job;
}

function checkJobKeys(
  name: string,
  config: Record<string, unknown>,
  kind: 'build' | 'bridge',
  location: string,
  errors: ConfigErrors,
): void {
  if (name.length > 255) errors.add(location, 'name', 'is too long (maximum is 255 characters)');
  checkExclusive(errors, location, config, ['script', 'trigger']);
  checkExclusive(errors, location, config, ['run', 'trigger']);
  if (config.rules !== undefined && config.rules !== null) {
    const disallowed = Object.keys(config).filter(
      (key) => ['only', 'except', 'start_in'].includes(key) && config[key] !== null,
    );
    if (disallowed.length > 0)
      errors.add(location, 'config', `key may not be used with \`rules\`: ${disallowed.join(', ')}`);
  }
  if (
    config.extends !== undefined &&
    config.extends !== null &&
    !isString(config.extends) &&
    !isStringArray(config.extends)
  )
    errors.add(location, 'extends', 'should be an array of strings or a string');
  if (config.rules !== undefined && config.rules !== null && !isRulesShape(config.rules))
    errors.add(location, 'rules', 'should be an array containing hashes and arrays of hashes');
  if (
    config.resource_group !== undefined &&
    config.resource_group !== null &&
    !isString(config.resource_group)
  )
    errors.add(location, 'resource_group', 'should be a string');
  const allowed = [...(kind === 'build' ? BUILD_KEYS : BRIDGE_KEYS), ...PROCESSABLE_KEYS];
  const unknown = unknownKeys(config, allowed);
  if (unknown.length > 0) errors.add(location, 'config', `contains unknown keys: ${unknown.join(', ')}`);
  if (kind === 'build') checkBuildKeys(config, location, errors);
  else checkBridgeKeys(config, location, errors);
}

function checkBuildKeys(config: Record<string, unknown>, location: string, errors: ConfigErrors): void {
  checkExclusive(errors, location, config, ['script', 'run']);
  checkExclusive(errors, location, config, ['before_script', 'run']);
  checkExclusive(errors, location, config, ['after_script', 'run']);
  if (!('run' in config) && isBlank(config.script)) errors.add(location, 'script', "can't be blank");
  checkWhen(config.when, ['on_success', 'on_failure', 'always', 'manual', 'delayed'], location, errors);
  if (
    config.dependencies !== undefined &&
    config.dependencies !== null &&
    !isStringArray(config.dependencies)
  )
    errors.add(location, 'dependencies', 'should be an array of strings');
  if (
    config.allow_failure !== undefined &&
    config.allow_failure !== null &&
    !isBoolean(config.allow_failure) &&
    !isPlainObject(config.allow_failure)
  )
    errors.add(location, 'allow_failure', 'should be a hash or a boolean value');
  if (
    config.manual_confirmation !== undefined &&
    config.manual_confirmation !== null &&
    !isString(config.manual_confirmation)
  )
    errors.add(location, 'manual_confirmation', 'should be a string');
  const delayed = config.when === 'delayed';
  if (delayed) {
    const seconds = isString(config.start_in) ? parseDuration(config.start_in) : null;
    if (seconds === null) errors.add(location, 'start_in', 'should be a duration');
    if (seconds === null || seconds > MAX_START_IN_SECONDS)
      errors.add(location, 'start_in', 'should not exceed the limit');
  }
  if ((config.rules !== undefined || !delayed) && !isBlank(config.start_in))
    errors.add(location, 'start_in', 'must be blank');
}

function checkBridgeKeys(config: Record<string, unknown>, location: string, errors: ConfigErrors): void {
  checkWhen(config.when, ['on_success', 'on_failure', 'always', 'manual'], location, errors);
  if (config.allow_failure !== undefined && config.allow_failure !== null && !isBoolean(config.allow_failure))
    errors.add(location, 'allow_failure', 'should be a boolean value');
}

function checkWhen(value: unknown, allowed: readonly string[], location: string, errors: ConfigErrors): void {
  if (value === undefined || value === null) return;
  if (!isString(value)) errors.add(location, 'when', 'should be a string');
  if (!isString(value) || !allowed.includes(value))
    errors.add(location, 'when', `should be one of: ${allowed.join(', ')}`);
}

const isRulesShape = (value: unknown): boolean =>
  Array.isArray(value) &&
  value.every((item) => isPlainObject(item) || (Array.isArray(item) && isRulesShape(item)));

const present = (config: Record<string, unknown>, key: string): boolean =>
  config[key] !== undefined && config[key] !== null;

function composeJob(
  name: string,
  config: Record<string, unknown>,
  kind: 'build' | 'bridge',
  location: string,
  context: { errors: ConfigErrors; defaults: DefaultValues; hasWorkflowRules: boolean },
): JobEntry | null {
  const { errors } = context;
  const at = (key: string): string => `${location}:${key}`;
  let stage = 'test';
  if (present(config, 'stage')) {
    if (isString(config.stage)) stage = config.stage;
    else errors.add(at('stage'), 'config', 'should be a string');
  }
  const usesRules = present(config, 'rules') || context.hasWorkflowRules;
  const only: CiPolicy | undefined = present(config, 'only')
    ? mergeDefaultOnly(validatePolicy(config.only, at('only'), errors))
    : usesRules
      ? undefined
      : { refs: ['branches', 'tags'] };
  const except = present(config, 'except') ? validatePolicy(config.except, at('except'), errors) : undefined;
  const rules = present(config, 'rules')
    ? validateRules(config.rules, at('rules'), errors, { when: JOB_RULE_WHEN, keys: JOB_RULE_KEYS })
    : undefined;
  const variables = validateVariables(config.variables, at('variables'), errors, ['value', 'expand']);
  const inherit = validateInherit(config.inherit, at('inherit'), errors, DEFAULT_KEYS);
  const environment = present(config, 'environment')
    ? validateEnvironment(config.environment, at('environment'), errors)
    : undefined;
  const inherited = (key: string): unknown => {
    if (present(config, key)) return config[key];
    const allowed =
      inherit.default === true || (Array.isArray(inherit.default) && inherit.default.includes(key));
    return allowed ? context.defaults[key] : undefined;
  };
  const interruptibleValue = inherited('interruptible');
  if (present(config, 'interruptible') && !isBoolean(config.interruptible))
    errors.add(at('interruptible'), 'config', 'should be a boolean value');
  const job: JobEntry = {
    name,
    kind,
    stage,
    variables,
    inheritVariables: inherit.variables,
    when: (isString(config.when) ? config.when : 'on_success') as JobWhen,
    allowFailure: false,
    needs: null,
    schedulingType: 'stage',
    ...(only ? { only } : {}),
    ...(except ? { except } : {}),
    ...(rules ? { rules } : {}),
    ...(environment ? { environment } : {}),
    ...(isBoolean(interruptibleValue) ? { interruptible: interruptibleValue } : {}),
    ...(isString(config.resource_group) ? { resourceGroup: config.resource_group } : {}),
  };
  if (kind === 'build') composeBuild(job, config, inherited, at, errors);
  else composeBridge(job, config, at, errors);
  if (present(config, 'needs')) {
    const needs = validateNeeds(config.needs, at('needs'), errors, true);
    if (needs) {
      job.needs = needs.job;
      if (needs.cross.length > 0) job.crossNeeds = needs.cross;
      job.schedulingType = kind === 'bridge' && needs.cross.some((need) => need.pipeline) ? 'stage' : 'dag';
    }
  }
  if (present(config, 'parallel')) {
    const parallel = validateParallel(config.parallel, at('parallel'), errors, kind === 'build');
    if (parallel) job.parallelConfig = parallel;
  }
  const manual = job.when === 'manual';
  if (kind === 'build' && present(config, 'allow_failure')) {
    const allowFailure = validateAllowFailure(config.allow_failure, at('allow_failure'), errors);
    if (allowFailure) {
      job.allowFailure = allowFailure.allowFailure;
      if (allowFailure.exitCodes) job.allowFailureExitCodes = allowFailure.exitCodes;
    }
  } else {
    job.allowFailure = isBoolean(config.allow_failure) ? config.allow_failure : manual;
  }
  return job;
}

/** GitLab merges `only:`'s default (`refs: [branches, tags]`) under what is written. */
function mergeDefaultOnly(policy: CiPolicy | undefined): CiPolicy | undefined {
  return policy ? { refs: ['branches', 'tags'], ...policy } : undefined;
}

function composeBuild(
  job: JobEntry,
  config: Record<string, unknown>,
  inherited: (key: string) => unknown,
  at: (key: string) => string,
  errors: ConfigErrors,
): void {
  const commands = (key: 'before_script' | 'script' | 'after_script'): string[] | undefined => {
    const value = key === 'script' ? config.script : inherited(key);
    return value === undefined || value === null ? undefined : validateCommands(value, at(key), errors);
  };
  const beforeScript = commands('before_script');
  const script = commands('script');
  const afterScript = commands('after_script');
  if (beforeScript) job.beforeScript = beforeScript;
  if (script) job.script = script;
  if (afterScript) job.afterScript = afterScript;
  const optional = <T>(
    key: string,
    validate: (value: unknown, location: string, errors: ConfigErrors) => T | undefined,
  ): T | undefined => {
    const value = inherited(key);
    return value === undefined || value === null ? undefined : validate(value, at(key), errors);
  };
  const hooks = inherited('hooks');
  if (isPlainObject(hooks)) job.hooks = hooks;
  const cache = inherited('cache');
  if (cache !== undefined && cache !== null) job.cache = cache;
  const image = optional('image', validateImage);
  if (image !== undefined) job.image = image;
  const services = optional('services', validateServices);
  if (services) job.services = services;
  const timeout = optional('timeout', validateTimeout);
  if (timeout !== undefined) job.timeout = timeout;
  const retry = optional('retry', validateRetry);
  if (retry) job.retry = retry;
  const tags = optional('tags', validateTags);
  if (tags) job.tags = tags;
  const artifacts = optional('artifacts', validateArtifacts);
  if (artifacts) job.artifacts = artifacts;
  if (present(config, 'coverage')) {
    const coverage = validateCoverage(config.coverage, at('coverage'), errors);
    if (coverage !== undefined) job.coverage = coverage;
  }
  if (isPlainObject(config.release)) job.release = config.release;
  const idTokens = inherited('id_tokens');
  if (isPlainObject(idTokens)) job.idTokens = idTokens;
  if (isStringArray(config.dependencies)) job.dependencies = config.dependencies;
  if (isString(config.start_in)) job.startIn = config.start_in;
  if (isString(config.manual_confirmation)) job.manualConfirmation = config.manual_confirmation;
}

function composeBridge(
  job: JobEntry,
  config: Record<string, unknown>,
  at: (key: string) => string,
  errors: ConfigErrors,
): void {
  if (present(config, 'trigger')) {
    const trigger = validateTrigger(config.trigger, at('trigger'), errors);
    if (trigger) job.trigger = trigger;
  }
  const bridgeNeeds = isPlainObject(config.needs) && 'pipeline' in config.needs;
  if (!present(config, 'trigger') && !bridgeNeeds)
    errors.add(`jobs:${job.name}`, 'config', 'should contain either a trigger or a needs:pipeline');
}
