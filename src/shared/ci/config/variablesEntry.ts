import type { YamlVariable } from '../types';
import { rubyToS } from '../yaml/rubyInspect';
import type { ConfigErrors } from './configErrors';
import { isBoolean, isPlainObject, isString, isStringArray } from './configErrors';

const isScalar = (value: unknown): boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** Ruby's `to_s` of a YAML scalar. */
export const scalarToString = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'number' ? rubyNumber(value) : rubyToS(value);

const rubyNumber = (value: number): string =>
  Number.isInteger(value) ? String(value) : String(value).replace(/^(-?\d+)$/, '$1.0');

/**
 * `variables:` of the root, a job or a rule. `allowedData` lists the keys a hash value may have
 * (root: value, description, expand, options; job: value, expand); without it a variable must be
 * a plain value, as in `rules:variables`.
 */
export function validateVariables(
  value: unknown,
  location: string,
  errors: ConfigErrors,
  allowedData?: readonly string[],
): YamlVariable[] {
  if (value === null || value === undefined) return [];
  if (!isPlainObject(value)) {
    errors.add(location, 'config', 'should be a hash');
    return [];
  }
  const variables: YamlVariable[] = [];
  for (const [key, raw] of Object.entries(value)) {
    const variable = validateVariable(key, raw, `${location}:${key}`, errors, allowedData);
    if (variable) variables.push(variable);
  }
  return variables;
}

function validateVariable(
  key: string,
  raw: unknown,
  location: string,
  errors: ConfigErrors,
  allowedData: readonly string[] | undefined,
): YamlVariable | null {
  if (isScalar(raw) || raw === null) return { key, value: scalarToString(raw) };
  if (!isPlainObject(raw)) {
    errors.raw('variable definition must be either a string or a hash');
    return null;
  }
  const before = errors.count;
  if (raw.value !== undefined && raw.value !== null && !isScalar(raw.value))
    errors.add(location, 'config value', 'must be a scalar');
  if (raw.description !== undefined && raw.description !== null && !isScalar(raw.description))
    errors.add(location, 'config description', 'must be an alphanumeric string');
  if (raw.expand !== undefined && raw.expand !== null && !isBoolean(raw.expand))
    errors.add(location, 'config expand', 'should be a boolean value');
  if (raw.options !== undefined && raw.options !== null && !isStringArray(raw.options))
    errors.add(location, 'config options', 'should be an array of strings');
  if (allowedData && allowedData.length > 0) {
    const extra = Object.keys(raw).filter((name) => !allowedData.includes(name));
    if (extra.length > 0) errors.add(location, 'config', `uses invalid data keys: ${extra.join(', ')}`);
  } else {
    errors.add(location, 'config', 'must be a string');
  }
  const options = isStringArray(raw.options) ? raw.options : undefined;
  if (options && options.length > 0 && !options.includes(scalarToString(raw.value)))
    errors.add(location, 'config', 'value must be present in options');
  if (errors.count > before) return null;
  return {
    key,
    value: scalarToString(raw.value),
    ...(raw.expand === false ? { raw: true } : {}),
    ...(isString(raw.description) ? { description: raw.description } : {}),
    ...(options ? { options } : {}),
  };
}
