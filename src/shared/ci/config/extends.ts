import { deepMerge } from '../yaml/deepMerge';
import { isPlainObject } from '../yaml/loadYaml';

/** GitLab's limit: an `extends` chain may go 10 levels deep below the job that starts it. */
export const MAX_EXTENDS_NESTING = 10;

export class ExtendsError extends Error {}

/**
 * Resolves `extends:` over the whole configuration as GitLab's Extendable does: bases are
 * extended first, merged left to right (deep merge, arrays replaced), and the entry's own keys
 * merged last. Unknown or non-hash bases, nesting deeper than 10 and cycles are errors in
 * GitLab's words, naming the entry where they are found.
 */
export function resolveExtends(config: Record<string, unknown>): Record<string, unknown> {
  const resolved: Record<string, unknown> = { ...config };
  /** For each extended entry: how deep its own chain goes, and the entry at the bottom of it. */
  const done = new Map<string, { height: number; deepest: string }>();
  const extend = (key: string, ancestors: readonly string[]): unknown => {
    const value = resolved[key];
    if (!isPlainObject(value) || !('extends' in value)) return value;
    const known = done.get(key);
    if (known) {
      // GitLab walks a shared base again from every entry that extends it; its depth limit counts from each.
      if (ancestors.length + known.height - 1 > MAX_EXTENDS_NESTING)
        throw new ExtendsError(`${known.deepest}: nesting too deep in \`extends\``);
      return value;
    }
    const bases = extendsKeys(value.extends);
    const unknown = bases.filter((base) => !Object.hasOwn(resolved, base));
    if (unknown.length > 0)
      throw new ExtendsError(`${key}: unknown keys in \`extends\` (${unknown.join(', ')})`);
    const invalid = bases.filter((base) => !isPlainObject(resolved[base]));
    if (invalid.length > 0)
      throw new ExtendsError(`${key}: invalid base hashes in \`extends\` (${invalid.join(', ')})`);
    if (ancestors.length > MAX_EXTENDS_NESTING)
      throw new ExtendsError(`${key}: nesting too deep in \`extends\``);
    if (ancestors.includes(key))
      throw new ExtendsError(`${key}: circular dependency detected in \`extends\``);
    let merged: Record<string, unknown> = {};
    let below = { height: 0, deepest: key };
    for (const base of bases) {
      const baseValue = extend(base, [...ancestors, key]);
      if (isPlainObject(baseValue)) merged = deepMerge(merged, baseValue);
      const baseChain = done.get(base);
      if (baseChain && baseChain.height > below.height) below = baseChain;
    }
    const result = deepMerge(merged, value);
    resolved[key] = result;
    done.set(key, { height: below.height + 1, deepest: below.height === 0 ? key : below.deepest });
    return result;
  };
  for (const key of Object.keys(resolved)) extend(key, []);
  return resolved;
}

function extendsKeys(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => String(item));
}
