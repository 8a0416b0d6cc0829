import { MAX_START_IN_SECONDS, parseDuration } from '../duration';
import { isValidExpression } from '../expression/expression';
import type { CiPolicy, CiRule, CrossNeed, JobNeed, JobWhen } from '../types';
import { compileRubyRegexp, looksLikeRegexp } from '../untrustedRegexp';
import type { ConfigErrors } from './configErrors';
import { isBlank, isBoolean, isPlainObject, isString, isStringArray, unknownKeys } from './configErrors';
import { validateVariables } from './variablesEntry';
import { rubyToS } from '../yaml/rubyInspect';

export const JOB_RULE_WHEN = ['on_success', 'on_failure', 'always', 'never', 'manual', 'delayed'] as const;
export const JOB_RULE_KEYS = [
  'if',
  'changes',
  'exists',
  'when',
  'start_in',
  'allow_failure',
  'variables',
  'needs',
  'interruptible',
];
export const WORKFLOW_RULE_WHEN = ['always', 'never'] as const;
export const WORKFLOW_RULE_KEYS = [
  'if',
  'changes',
  'exists',
  'when',
  'start_in',
  'allow_failure',
  'variables',
  'needs',
  'auto_cancel',
];
const MAX_PATHS = 50;

/**
 * `rules:` of a job or of `workflow:`: a list (nested lists from `!reference` flattened) of rule
 * hashes, each checked against the keys and `when` values allowed where it stands.
 */
export function validateRules(
  value: unknown,
  location: string,
  errors: ConfigErrors,
  allowed: { when: readonly string[]; keys: readonly string[] },
): CiRule[] | undefined {
  if (isBlank(value)) {
    errors.add(location, 'config', "can't be blank");
    return undefined;
  }
  if (!Array.isArray(value)) {
    errors.add(location, 'config', 'should be a array');
    return undefined;
  }
  const rules: CiRule[] = [];
  const before = errors.count;
  for (const rule of value.flat(Infinity)) {
    const validated = validateRule(rule, `${location}:rule`, errors, allowed);
    if (validated) rules.push(validated);
  }
  return errors.count > before ? undefined : rules;
}

function validateRule(
  rule: unknown,
  location: string,
  errors: ConfigErrors,
  allowed: { when: readonly string[]; keys: readonly string[] },
): CiRule | undefined {
  if (isBlank(rule)) {
    errors.add(location, 'config', "can't be blank");
    return undefined;
  }
  if (!isPlainObject(rule)) {
    errors.add(location, 'config', 'should be a hash');
    return undefined;
  }
  const before = errors.count;
  const delayed = rule.when === 'delayed';
  if (!delayed && 'start_in' in rule) errors.add(location, 'config', 'contains disallowed keys: start_in');
  if (delayed) {
    if (isBlank(rule.start_in)) errors.add(location, 'start_in', "can't be blank");
    const seconds = isString(rule.start_in) ? parseDuration(rule.start_in) : null;
    if (seconds === null) errors.add(location, 'start_in', 'should be a duration');
    if (seconds === null || seconds > MAX_START_IN_SECONDS)
      errors.add(location, 'start_in', 'should not exceed the limit');
  }
  if (rule.if !== undefined && rule.if !== null && !(isString(rule.if) && isValidExpression(rule.if)))
    errors.add(location, 'if', 'Invalid expression syntax');
  if (rule.allow_failure !== undefined && rule.allow_failure !== null && !isBoolean(rule.allow_failure))
    errors.add(location, 'allow_failure', 'should be a boolean value');
  if (rule.interruptible !== undefined && rule.interruptible !== null && !isBoolean(rule.interruptible))
    errors.add(location, 'interruptible', 'should be a boolean value');
  if (rule.when !== undefined && rule.when !== null && !allowed.when.includes(rubyToS(rule.when)))
    errors.add(location, 'when', `unknown value: ${rubyToS(rule.when)}`);
  const unknown = unknownKeys(rule, allowed.keys);
  if (unknown.length > 0) errors.add(location, 'config', `contains unknown keys: ${unknown.join(', ')}`);
  if (errors.count > before) return undefined;
  const validated: CiRule = {};
  if (isString(rule.if)) validated.if = rule.if;
  if (rule.changes !== undefined && rule.changes !== null)
    validated.changes = validateChanges(rule.changes, `${location}:changes`, errors);
  if (rule.exists !== undefined && rule.exists !== null)
    validated.exists = validateExists(rule.exists, `${location}:exists`, errors);
  if (isString(rule.when)) validated.when = rule.when as JobWhen;
  if (isString(rule.start_in)) validated.startIn = rule.start_in;
  if (isBoolean(rule.allow_failure)) validated.allowFailure = rule.allow_failure;
  if (isBoolean(rule.interruptible)) validated.interruptible = rule.interruptible;
  if (rule.variables !== undefined && rule.variables !== null)
    validated.variables = validateVariables(rule.variables, `${location}:variables`, errors);
  if (rule.needs !== undefined && rule.needs !== null) {
    const needs = validateNeeds(rule.needs, `${location}:needs`, errors, false);
    if (needs) validated.needs = needs.job;
  }
  if (isPlainObject(rule.auto_cancel))
    validated.autoCancel = validateAutoCancel(rule.auto_cancel, `${location}:auto_cancel`, errors);
  return errors.count > before ? undefined : validated;
}

const ON_NEW_COMMIT = ['conservative', 'interruptible', 'none'];

/** GitLab's AutoCancel entry: `on_new_commit` is one of its three modes. */
export function validateAutoCancel(
  value: Record<string, unknown>,
  location: string,
  errors: ConfigErrors,
): Record<string, unknown> {
  const onNewCommit = value.on_new_commit;
  if (onNewCommit !== undefined && onNewCommit !== null && !ON_NEW_COMMIT.includes(onNewCommit as string))
    errors.add(location, 'on new commit', `must be one of: ${ON_NEW_COMMIT.join(', ')}`);
  return value;
}

function validateChanges(value: unknown, location: string, errors: ConfigErrors): CiRule['changes'] {
  if (Array.isArray(value)) {
    if (!isStringArray(value)) errors.add(location, 'config', 'should be an array of strings');
    else if (value.length > MAX_PATHS)
      errors.add(location, 'config', `has too many entries (maximum ${MAX_PATHS})`);
    else return { paths: value };
    return undefined;
  }
  if (!isPlainObject(value)) {
    errors.raw(`${location} should be an array or a hash`);
    return undefined;
  }
  const before = errors.count;
  const unknown = unknownKeys(value, ['paths', 'compare_to']);
  if (unknown.length > 0) errors.add(location, 'config', `contains unknown keys: ${unknown.join(', ')}`);
  if (!('paths' in value)) errors.add(location, 'config', 'missing required keys: paths');
  if (!isStringArray(value.paths)) errors.add(location, 'paths', 'should be an array of strings');
  else if (value.paths.length > MAX_PATHS)
    errors.add(location, 'paths', `has too many entries (maximum ${MAX_PATHS})`);
  if (value.compare_to !== undefined && value.compare_to !== null && !isString(value.compare_to))
    errors.add(location, 'compare_to', 'should be a string');
  if (errors.count > before) return undefined;
  return {
    paths: value.paths as string[],
    ...(isString(value.compare_to) ? { compareTo: value.compare_to } : {}),
  };
}

function validateExists(value: unknown, location: string, errors: ConfigErrors): CiRule['exists'] {
  if (isString(value)) return { paths: [value] };
  if (Array.isArray(value)) {
    if (!isStringArray(value)) errors.add(location, 'config', 'should be an array of strings');
    else if (value.length > MAX_PATHS)
      errors.add(location, 'config', `has too many entries (maximum ${MAX_PATHS})`);
    else return { paths: value };
    return undefined;
  }
  if (!isPlainObject(value)) {
    errors.raw(`${location} should be a string, an array of strings, or a hash`);
    return undefined;
  }
  const before = errors.count;
  const unknown = unknownKeys(value, ['paths', 'project', 'ref']);
  if (unknown.length > 0) errors.add(location, 'config', `contains unknown keys: ${unknown.join(', ')}`);
  if (!('paths' in value)) errors.add(location, 'config', 'missing required keys: paths');
  if (value.ref !== undefined && value.ref !== null && !('project' in value))
    errors.add(location, 'config', 'missing required keys: project');
  if (value.paths !== undefined && value.paths !== null && !isStringArray(value.paths))
    errors.add(location, 'paths', 'should be an array of strings');
  for (const key of ['project', 'ref'])
    if (value[key] !== undefined && value[key] !== null && !isString(value[key]))
      errors.add(location, key, 'should be a string');
  if (errors.count > before) return undefined;
  return {
    paths: isStringArray(value.paths) ? value.paths : [],
    ...(isString(value.project) ? { project: value.project } : {}),
    ...(isString(value.ref) ? { ref: value.ref } : {}),
  };
}

/**
 * `needs:`: job names or `{ job, artifacts, optional }`; `{ pipeline, job }` and `{ project, job, ref }`
 * are needs of other pipelines, kept as given. In rules only same-pipeline jobs are allowed.
 */
export function validateNeeds(
  value: unknown,
  location: string,
  errors: ConfigErrors,
  allowCross: boolean,
): { job: JobNeed[]; cross: CrossNeed[] } | undefined {
  if (!isPlainObject(value) && !Array.isArray(value)) {
    errors.add(location, 'config', 'can only be a Hash or an Array');
    return undefined;
  }
  if (isPlainObject(value) && Object.keys(value).length === 0) {
    errors.add(location, 'config', 'can not be an empty Hash');
    return undefined;
  }
  const items = Array.isArray(value) ? value.flat(Infinity) : [value];
  if (items.some((item) => isPlainObject(item) && typeof item.parallel === 'number')) {
    errors.add(location, 'config', 'cannot use "parallel: <number>".');
    return undefined;
  }
  const before = errors.count;
  const job: JobNeed[] = [];
  const cross: CrossNeed[] = [];
  for (const item of items) {
    const need = validateNeed(item, `${location}:need`, errors);
    if (need?.type === 'job') job.push(need.need);
    else if (need?.type === 'cross') cross.push(need.need);
  }
  if (cross.length > 0 && !allowCross) errors.add(location, 'config', 'uses invalid types: cross_dependency');
  if (cross.filter((need) => need.pipeline).length > 5)
    errors.add(location, 'config', 'must be less than or equal to 5');
  return errors.count > before ? undefined : { job, cross };
}

function validateNeed(
  item: unknown,
  location: string,
  errors: ConfigErrors,
): { type: 'job'; need: JobNeed } | { type: 'cross'; need: CrossNeed } | undefined {
  if (isString(item)) {
    if (item === '') errors.add(location, 'config', "can't be blank");
    return item === '' ? undefined : { type: 'job', need: { name: item, artifacts: true, optional: false } };
  }
  if (!isPlainObject(item) || !('job' in item || 'pipeline' in item)) {
    errors.raw(`${location} has an unsupported type`);
    return undefined;
  }
  const before = errors.count;
  const cross = 'project' in item || 'ref' in item || 'pipeline' in item;
  const allowed = cross
    ? ['pipeline', 'job', 'artifacts', 'project', 'ref']
    : ['job', 'artifacts', 'optional', 'parallel'];
  const unknown = unknownKeys(item, allowed);
  if (unknown.length > 0) errors.add(location, 'config', `contains unknown keys: ${unknown.join(', ')}`);
  if (!cross && !isString(item.job)) errors.add(location, 'job', 'should be a string');
  for (const key of ['artifacts', 'optional'])
    if (item[key] !== undefined && item[key] !== null && !isBoolean(item[key]))
      errors.add(location, key, 'should be a boolean value');
  if (errors.count > before) return undefined;
  const artifacts = item.artifacts !== false;
  if (cross)
    return {
      type: 'cross',
      need: {
        artifacts,
        ...(isString(item.job) ? { job: item.job } : {}),
        ...(isString(item.project) ? { project: item.project } : {}),
        ...(isString(item.ref) ? { ref: item.ref } : {}),
        ...(isString(item.pipeline) ? { pipeline: item.pipeline } : {}),
      },
    };
  return { type: 'job', need: { name: item.job as string, artifacts, optional: item.optional === true } };
}

/** `only:` / `except:`: a list of refs, or `{ refs, variables, changes, kubernetes }`. */
export function validatePolicy(value: unknown, location: string, errors: ConfigErrors): CiPolicy | undefined {
  const refsValid = (refs: unknown): boolean =>
    isStringArray(refs) && refs.every((ref) => !looksLikeRegexp(ref) || compileRubyRegexp(ref) !== null);
  const refsMessage = 'should be an array of strings or regular expressions using re2 syntax';
  if (Array.isArray(value)) {
    if (!refsValid(value)) {
      errors.add(location, 'config', refsMessage);
      return undefined;
    }
    return { refs: value as string[] };
  }
  if (!isPlainObject(value)) {
    errors.raw(`${location} has to be either an array of conditions or a hash`);
    return undefined;
  }
  const before = errors.count;
  if (Object.keys(value).length === 0) errors.add(location, 'config', "can't be blank");
  const unknown = unknownKeys(value, ['refs', 'kubernetes', 'variables', 'changes']);
  if (unknown.length > 0) errors.add(location, 'config', `contains unknown keys: ${unknown.join(', ')}`);
  if (isStringArray(value.variables) && !value.variables.every(isValidExpression))
    errors.add(location, 'variables', 'Invalid expression syntax');
  if (value.refs !== undefined && value.refs !== null && !refsValid(value.refs))
    errors.add(location, 'refs', refsMessage);
  if (value.kubernetes !== undefined && value.kubernetes !== null && value.kubernetes !== 'active')
    errors.add(location, 'kubernetes', `unknown value: ${rubyToS(value.kubernetes)}`);
  for (const key of ['variables', 'changes'])
    if (value[key] !== undefined && value[key] !== null && !isStringArray(value[key]))
      errors.add(location, key, 'should be an array of strings');
  if (errors.count > before) return undefined;
  return {
    ...(isStringArray(value.refs) ? { refs: value.refs } : {}),
    ...(isStringArray(value.variables) ? { variables: value.variables } : {}),
    ...(isStringArray(value.changes) ? { changes: value.changes } : {}),
    ...(isString(value.kubernetes) ? { kubernetes: value.kubernetes } : {}),
  };
}
