import { isPlainObject } from '../yaml/loadYaml';

/**
 * Collects errors in GitLab's form: `<location> <attribute> <message>`, downcased as a whole
 * (GitLab's validator downcases, job names included), with the location the keys leading to the
 * entry joined by `:` (`jobs:build:script config should be ...`).
 */
export class ConfigErrors {
  readonly messages: string[] = [];
  readonly warnings: string[] = [];

  /** An entry's validation message; `attribute` is `config` for the entry itself, `base` for none. */
  add(location: string, attribute: string, message: string): void {
    const attribute_ = attribute === 'base' ? '' : `${attribute.replace(/_/g, ' ')} `;
    const full = `${location} ${attribute_}${message}`
      .toLowerCase()
      .replace(
        /jobs ([a-z\s]+) config should implement/g,
        (_, name: string) => `jobs ${name.replace(/\s/g, '_')} config should implement`,
      );
    this.messages.push(full);
  }

  /** A message GitLab builds itself, not downcased (unknown strategies, logical checks). */
  raw(message: string): void {
    this.messages.push(message);
  }

  warn(location: string, message: string): void {
    this.warnings.push(`${location} ${message}`);
  }

  get count(): number {
    return this.messages.length;
  }
}

export const isString = (value: unknown): value is string => typeof value === 'string';
export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
export const isInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value);
export const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every(isString);
export { isPlainObject };

/** Ruby's `blank?`: nil, false, empty or whitespace string, empty array or hash. */
export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (isPlainObject(value)) return Object.keys(value).length === 0;
  return false;
}

/** Arrays nested at most `maxLevel` deep whose leaves pass `leaf`. */
export function isNestedArray(value: unknown, maxLevel: number, leaf: (item: unknown) => boolean): boolean {
  if (!Array.isArray(value) || maxLevel < 1) return false;
  return value.every((item) => (Array.isArray(item) ? isNestedArray(item, maxLevel - 1, leaf) : leaf(item)));
}

export const flattenStrings = (value: unknown): string[] =>
  (Array.isArray(value) ? value.flat(Infinity) : [value]).filter(isString);

/** `allowed_keys`: the keys of a hash that are not allowed, in the order written. */
export const unknownKeys = (value: Record<string, unknown>, allowed: readonly string[]): string[] =>
  Object.keys(value).filter((key) => !allowed.includes(key));

/** `mutually_exclusive_keys`. */
export function checkExclusive(
  errors: ConfigErrors,
  location: string,
  value: Record<string, unknown>,
  keys: readonly string[],
): void {
  const present = keys.filter((key) => key in value);
  if (present.length > 1)
    errors.add(location, 'config', `these keys cannot be used together: ${present.join(', ')}`);
}

/** A `String`-typed attribute (`should be a string`). */
export function checkType(
  errors: ConfigErrors,
  location: string,
  attribute: string,
  value: unknown,
  type: 'string' | 'hash' | 'array' | 'boolean',
): boolean {
  const ok =
    type === 'string'
      ? isString(value)
      : type === 'hash'
        ? isPlainObject(value)
        : type === 'array'
          ? Array.isArray(value)
          : isBoolean(value);
  if (!ok) errors.add(location, attribute, type === 'array' ? 'should be an array' : `should be a ${type}`);
  return ok;
}
