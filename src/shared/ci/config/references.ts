import { CiReference, isPlainObject } from '../yaml/loadYaml';
import { rubyInspect } from '../yaml/rubyInspect';

export class ReferenceError extends Error {}

/**
 * Replaces every `!reference [job, key, ...]` with the value found at that path, itself resolved
 * (references may point at references). A path that is not a list of strings, a path that
 * leads nowhere and a chain that comes back to itself are errors in GitLab's words.
 */
export function resolveReferences(config: Record<string, unknown>): Record<string, unknown> {
  const status = new Map<CiReference, 'resolving' | { value: unknown }>();
  const resolve = (object: unknown): unknown => {
    if (Array.isArray(object)) return object.map(resolve);
    if (isPlainObject(object)) {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(object)) out[key] = resolve(value);
      return out;
    }
    if (object instanceof CiReference) return resolveReference(object);
    return object;
  };
  const resolveReference = (reference: CiReference): unknown => {
    const shown = `!reference ${rubyInspect(reference.path)}`;
    if (reference.path.length === 0 || !reference.path.every((part) => typeof part === 'string'))
      throw new ReferenceError(`${shown} is not valid`);
    const state = status.get(reference);
    if (state === 'resolving') throw new ReferenceError(`${shown} is part of a circular chain`);
    if (state) return state.value;
    status.set(reference, 'resolving');
    const value = resolve(dig(config, reference.path, shown));
    if (value === null || value === undefined || value === false)
      throw new ReferenceError(`${shown} could not be found`);
    status.set(reference, { value });
    return value;
  };
  return resolve(config) as Record<string, unknown>;
}

function dig(config: Record<string, unknown>, path: readonly string[], shown: string): unknown {
  let current: unknown = config;
  for (const part of path) {
    if (current === null || current === undefined) return undefined;
    if (!isPlainObject(current)) throw new ReferenceError(`${shown} could not be found`);
    current = current[part];
  }
  return current;
}
