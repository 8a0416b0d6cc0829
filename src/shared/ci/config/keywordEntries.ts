import { MAX_JOB_TIMEOUT_SECONDS, parseDuration, parseExpireIn } from '../duration';
import type { JobArtifacts, JobEnvironment, JobRetry, JobTrigger } from '../types';
import { compileRubyRegexp } from '../untrustedRegexp';
import type { ConfigErrors } from './configErrors';
import { FAILURE_REASONS } from '../failureReasons';
import {
  checkExclusive,
  flattenStrings,
  isBoolean,
  isInteger,
  isNestedArray,
  isPlainObject,
  isString,
  isStringArray,
  unknownKeys,
} from './configErrors';

const MAX_NESTING = 10;
/** Every `retry:when` GitLab knows: the job failure reasons and `always`. */
export const RETRY_WHEN = ['always', ...FAILURE_REASONS] as const;

/** `script`, `before_script`, `after_script`: a string or nested arrays of strings, flattened. */
export function validateCommands(
  value: unknown,
  location: string,
  errors: ConfigErrors,
): string[] | undefined {
  if (isString(value) || isNestedArray(value, MAX_NESTING, isString)) return flattenStrings(value);
  errors.add(
    location,
    'config',
    `should be a string or a nested array of strings up to ${MAX_NESTING} levels deep`,
  );
  return undefined;
}

/** `stages:`: strings, arrays of them nested up to 10 levels, flattened. */
export function validateStages(value: unknown, errors: ConfigErrors): string[] | undefined {
  if (isNestedArray(value, MAX_NESTING, isString)) return flattenStrings(value);
  errors.add(
    'stages',
    'config',
    `should be an array of strings or a nested array of strings up to ${MAX_NESTING} levels deep`,
  );
  return undefined;
}

export function validateImage(value: unknown, location: string, errors: ConfigErrors): unknown {
  if (isString(value)) return value;
  if (isPlainObject(value)) {
    const unknown = unknownKeys(value, ['name', 'entrypoint', 'docker', 'pull_policy', 'kubernetes']);
    if (unknown.length > 0) errors.add(location, 'config', `contains unknown keys: ${unknown.join(', ')}`);
    if (!isString(value.name)) errors.add(location, 'name', "can't be blank");
    return value;
  }
  errors.add(location, 'config', 'should be a hash or a string');
  return undefined;
}

export function validateServices(
  value: unknown,
  location: string,
  errors: ConfigErrors,
): unknown[] | undefined {
  if (!Array.isArray(value)) {
    errors.add(location, 'config', 'should be a array');
    return undefined;
  }
  const services: unknown[] = value;
  services.forEach((service) => {
    if (!isString(service) && !isPlainObject(service))
      errors.add(`${location}:service`, 'config', 'should be a hash or a string');
  });
  return services;
}

export function validateTags(value: unknown, location: string, errors: ConfigErrors): string[] | undefined {
  if (!isStringArray(value)) {
    errors.add(location, 'config', 'should be an array of strings');
    return undefined;
  }
  if (value.length >= 50) errors.add(location, 'config', 'must be less than the limit of 50 tags');
  return value;
}

export function validateTimeout(value: unknown, location: string, errors: ConfigErrors): number | undefined {
  const seconds = isString(value) ? parseDuration(value) : null;
  if (seconds === null) {
    errors.add(location, 'config', 'should be a duration');
    errors.add(location, 'config', 'should not exceed the limit');
    return undefined;
  }
  if (seconds > MAX_JOB_TIMEOUT_SECONDS) {
    errors.add(location, 'config', 'should not exceed the limit');
    return undefined;
  }
  return seconds;
}

const retryNumber = (errors: ConfigErrors, value: unknown, attribute: string): boolean => {
  if (!isInteger(value)) {
    errors.add('retry', attribute, typeof value === 'number' ? 'must be an integer' : 'is not a number');
    return false;
  }
  if (value < 0) errors.add('retry', attribute, 'must be greater than or equal to 0');
  else if (value > 2) errors.add('retry', attribute, 'must be less than or equal to 2');
  else return true;
  return false;
};

/** `retry:` an integer 0-2, or `{ max, when, exit_codes }`. GitLab names its location just `retry`. */
export function validateRetry(value: unknown, location: string, errors: ConfigErrors): JobRetry | undefined {
  if (isInteger(value)) return retryNumber(errors, value, 'config') ? { max: value } : undefined;
  if (!isPlainObject(value)) {
    errors.raw(`${location} config has to be either an integer or a hash`);
    return undefined;
  }
  const before = errors.count;
  const unknown = unknownKeys(value, ['max', 'when', 'exit_codes']);
  if (unknown.length > 0) errors.add('retry', 'config', `contains unknown keys: ${unknown.join(', ')}`);
  if (value.max !== undefined && value.max !== null) retryNumber(errors, value.max, 'max');
  const when = value.when;
  if (when !== undefined && when !== null) {
    if (!isString(when) && !isStringArray(when))
      errors.add('retry', 'when', 'should be an array of strings or a string');
    else if (isString(when) && !(RETRY_WHEN as readonly string[]).includes(when))
      errors.add('retry', 'when', 'is not included in the list');
    else if (Array.isArray(when)) {
      const unknownWhen = when.filter((item) => !(RETRY_WHEN as readonly string[]).includes(item));
      if (unknownWhen.length > 0)
        errors.add('retry', 'when', `contains unknown values: ${unknownWhen.join(', ')}`);
    }
  }
  const exitCodes = value.exit_codes;
  if (
    exitCodes !== undefined &&
    exitCodes !== null &&
    !isInteger(exitCodes) &&
    !(Array.isArray(exitCodes) && exitCodes.every(isInteger))
  )
    errors.add('retry', 'exit_codes', 'should be an array of integers or an integer');
  if (errors.count > before) return undefined;
  return {
    max: isInteger(value.max) ? value.max : 0,
    ...(when !== undefined && when !== null ? { when: isString(when) ? [when] : (when as string[]) } : {}),
    ...(exitCodes !== undefined && exitCodes !== null
      ? { exitCodes: isInteger(exitCodes) ? [exitCodes] : (exitCodes as number[]) }
      : {}),
  };
}

/** `allow_failure`: a boolean, or `{ exit_codes }`. */
export function validateAllowFailure(
  value: unknown,
  location: string,
  errors: ConfigErrors,
): { allowFailure: boolean; exitCodes?: number[] } | undefined {
  if (isBoolean(value)) return { allowFailure: value };
  if (!isPlainObject(value)) {
    errors.add(location, 'config', 'should be a hash or a boolean value');
    return undefined;
  }
  const unknown = unknownKeys(value, ['exit_codes']);
  if (unknown.length > 0) errors.add(location, 'config', `contains unknown keys: ${unknown.join(', ')}`);
  const codes = value.exit_codes;
  if (
    codes !== undefined &&
    codes !== null &&
    !isInteger(codes) &&
    !(Array.isArray(codes) && codes.every(isInteger))
  ) {
    errors.add(location, 'exit_codes', 'should be an array of integers or an integer');
    return undefined;
  }
  if (unknown.length > 0) return undefined;
  return {
    allowFailure: false,
    exitCodes: codes === undefined || codes === null ? [] : isInteger(codes) ? [codes] : codes,
  };
}

/** `coverage: /regex/`: RE2 syntax; the value kept is the pattern between the slashes. */
export function validateCoverage(value: unknown, location: string, errors: ConfigErrors): string | undefined {
  if (isString(value) && compileRubyRegexp(value)) return value.slice(1, -1);
  errors.add(location, 'config', 'must be a regular expression with re2 syntax');
  return undefined;
}

const ARTIFACT_KEYS = [
  'name',
  'untracked',
  'paths',
  'reports',
  'when',
  'expire_in',
  'expose_as',
  'exclude',
  'public',
  'access',
];

export function validateArtifacts(
  value: unknown,
  location: string,
  errors: ConfigErrors,
): JobArtifacts | undefined {
  if (!isPlainObject(value)) {
    errors.add(location, 'config', 'should be a hash');
    return undefined;
  }
  const before = errors.count;
  const unknown = unknownKeys(value, ARTIFACT_KEYS);
  if (unknown.length > 0) errors.add(location, 'config', `contains unknown keys: ${unknown.join(', ')}`);
  if (
    value.expose_as !== undefined &&
    value.expose_as !== null &&
    (value.paths === undefined || value.paths === null)
  )
    errors.add(location, 'paths', "can't be blank");
  checkExclusive(errors, location, value, ['access', 'public']);
  const optional = (key: string, valid: (v: unknown) => boolean, message: string): void => {
    if (value[key] !== undefined && value[key] !== null && !valid(value[key]))
      errors.add(location, key, message);
  };
  optional('name', isString, 'should be a string');
  optional('public', isBoolean, 'should be a boolean value');
  optional('untracked', isBoolean, 'should be a boolean value');
  optional('paths', isStringArray, 'should be an array of strings');
  if (
    value.expose_as !== undefined &&
    value.expose_as !== null &&
    isStringArray(value.paths) &&
    value.paths.some((path) => path.includes('*'))
  )
    errors.add(location, 'paths', "can't contain '*' when used with 'expose_as'");
  optional('expose_as', isString, 'should be a string');
  optional('exclude', isStringArray, 'should be an array of strings');
  optional('reports', isPlainObject, 'should be a hash');
  if (isPlainObject(value.reports) && value.reports.junit !== undefined && value.reports.junit !== null) {
    const junit = value.reports.junit;
    if (!isString(junit) && !isStringArray(junit))
      errors.add(`${location}:reports`, 'junit', 'should be an array of strings or a string');
  }
  optional(
    'when',
    (v) => isString(v) && ['on_success', 'on_failure', 'always'].includes(v),
    'should be one of: on_success, on_failure, always',
  );
  optional('expire_in', (v) => isString(v) && parseExpireIn(v) !== null, 'should be a duration');
  optional(
    'access',
    (v) => isString(v) && ['none', 'developer', 'maintainer', 'all'].includes(v),
    'should be one of: none, developer, maintainer, all',
  );
  if (errors.count > before) return undefined;
  const artifacts: JobArtifacts = {};
  if (isString(value.name)) artifacts.name = value.name;
  if (isStringArray(value.paths)) artifacts.paths = value.paths;
  if (isStringArray(value.exclude)) artifacts.exclude = value.exclude;
  if (isBoolean(value.untracked)) artifacts.untracked = value.untracked;
  if (isString(value.when)) artifacts.when = value.when as JobArtifacts['when'];
  if (isString(value.expire_in)) artifacts.expireIn = value.expire_in;
  if (isString(value.expose_as)) artifacts.exposeAs = value.expose_as;
  if (isBoolean(value.public)) artifacts.public = value.public;
  if (isString(value.access)) artifacts.access = value.access;
  if (isPlainObject(value.reports)) artifacts.reports = value.reports;
  return artifacts;
}

const ENVIRONMENT_NAME = /^[a-zA-Z0-9 \-_/.+${}]+$/;

export function validateEnvironment(
  value: unknown,
  location: string,
  errors: ConfigErrors,
): JobEnvironment | undefined {
  if (!isString(value) && !isPlainObject(value)) {
    errors.add(location, 'config', 'should be a hash or a string');
    return undefined;
  }
  const config = isString(value) ? { name: value } : value;
  const before = errors.count;
  if (isPlainObject(value)) {
    const unknown = unknownKeys(value, [
      'name',
      'url',
      'action',
      'on_stop',
      'auto_stop_in',
      'kubernetes',
      'deployment_tier',
    ]);
    if (unknown.length > 0) errors.add(location, 'config', `contains unknown keys: ${unknown.join(', ')}`);
  }
  const name = config.name;
  if (!isString(name) || name.trim() === '') errors.add(location, 'name', "can't be blank");
  else if (!ENVIRONMENT_NAME.test(name) || name.startsWith('/') || name.endsWith('/'))
    errors.add(
      location,
      'name',
      "can contain only letters, digits, '-', '_', '/', '$', '{', '}', '.', and spaces, but it cannot start or end with '/'",
    );
  if (config.url !== undefined && config.url !== null && !isString(config.url))
    errors.add(location, 'url', 'should be a string');
  const action = config.action ?? 'start';
  if (!['start', 'stop', 'prepare', 'verify', 'access'].includes(action as string))
    errors.add(location, 'action', 'should be start, stop, prepare, verify, or access');
  for (const key of ['deployment_tier', 'on_stop', 'auto_stop_in'])
    if (config[key] !== undefined && config[key] !== null && !isString(config[key]))
      errors.add(location, key, 'should be a string');
  if (errors.count > before || !isString(name)) return undefined;
  return {
    name,
    action: action as JobEnvironment['action'],
    ...(isString(config.url) ? { url: config.url } : {}),
    ...(isString(config.on_stop) ? { onStop: config.on_stop } : {}),
    ...(isString(config.auto_stop_in) ? { autoStopIn: config.auto_stop_in } : {}),
    ...(isString(config.deployment_tier) ? { deploymentTier: config.deployment_tier } : {}),
    ...(isPlainObject(config.kubernetes) ? { kubernetes: config.kubernetes } : {}),
  };
}

export function validateTrigger(
  value: unknown,
  location: string,
  errors: ConfigErrors,
): JobTrigger | undefined {
  if (isString(value)) {
    if (value.trim() === '') errors.add(location, 'config', "can't be blank");
    return value.trim() === '' ? undefined : { project: value };
  }
  if (!isPlainObject(value)) {
    errors.raw(`${location} has to be either a string or a hash`);
    return undefined;
  }
  const before = errors.count;
  const sameProject = 'include' in value;
  const unknown = unknownKeys(
    value,
    sameProject ? ['strategy', 'include', 'forward'] : ['project', 'branch', 'strategy', 'forward', 'inputs'],
  );
  if (unknown.length > 0) errors.add(location, 'config', `contains unknown keys: ${unknown.join(', ')}`);
  if (!sameProject && (!isString(value.project) || value.project === ''))
    errors.add(location, 'project', "can't be blank");
  if (!sameProject && value.branch !== undefined && value.branch !== null && !isString(value.branch))
    errors.add(location, 'branch', 'should be a string');
  if (
    value.strategy !== undefined &&
    value.strategy !== null &&
    !['depend', 'mirror'].includes(value.strategy as string)
  )
    errors.add(location, 'strategy', 'should be depend or mirror');
  if (errors.count > before) return undefined;
  return {
    ...(sameProject ? { include: Array.isArray(value.include) ? value.include : [value.include] } : {}),
    ...(isString(value.project) ? { project: value.project } : {}),
    ...(isString(value.branch) ? { branch: value.branch } : {}),
    ...(isString(value.strategy) ? { strategy: value.strategy as JobTrigger['strategy'] } : {}),
    ...(isPlainObject(value.forward) ? { forward: value.forward } : {}),
    ...(isPlainObject(value.inputs) ? { inputs: value.inputs } : {}),
  };
}

/** `inherit: { default, variables }`: each true, false or a list of names. */
export function validateInherit(
  value: unknown,
  location: string,
  errors: ConfigErrors,
  defaultKeys: readonly string[],
): { default: boolean | string[]; variables: boolean | string[] } {
  const inherit = { default: true as boolean | string[], variables: true as boolean | string[] };
  if (value === null || value === undefined) return inherit;
  if (!isPlainObject(value)) {
    errors.add(location, 'config', 'should be a hash');
    return inherit;
  }
  const unknown = unknownKeys(value, ['default', 'variables']);
  if (unknown.length > 0) errors.add(location, 'config', `contains unknown keys: ${unknown.join(', ')}`);
  for (const key of ['default', 'variables'] as const) {
    const item = value[key];
    if (item === undefined || item === null) continue;
    if (isBoolean(item)) inherit[key] = item;
    else if (isStringArray(item)) {
      inherit[key] = item;
      const unknownValues = key === 'default' ? item.filter((name) => !defaultKeys.includes(name)) : [];
      if (unknownValues.length > 0)
        errors.add(`${location}:${key}`, 'config', `contains unknown values: ${unknownValues.join(', ')}`);
    } else if (Array.isArray(item))
      errors.add(`${location}:${key}`, 'config', 'should be an array of strings');
    else errors.raw(`${location}:${key} should be a bool or array of strings`);
  }
  return inherit;
}
