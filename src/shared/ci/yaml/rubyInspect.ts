import { CiReference } from './loadYaml';

/**
 * Ruby's `inspect` of a parsed YAML value, for the messages GitLab builds with it
 * (`!reference ["job", "script"] could not be found`).
 */
export function rubyInspect(value: unknown): string {
  if (value === null || value === undefined) return 'nil';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(rubyInspect).join(', ')}]`;
  if (value instanceof CiReference) return rubyInspect(value.path);
  if (typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)} => ${rubyInspect(item)}`)
      .join(', ')}}`;
  return JSON.stringify(typeof value === 'bigint' ? value.toString() : typeof value);
}

/** Ruby's `to_s` in messages: a string as it is, anything else inspected. */
export const rubyToS = (value: unknown): string => (typeof value === 'string' ? value : rubyInspect(value));
