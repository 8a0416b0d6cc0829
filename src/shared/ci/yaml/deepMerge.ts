import { isPlainObject } from './loadYaml';

/**
 * ActiveSupport's `Hash#deep_merge`: hashes merge key by key, anything else (arrays included)
 * is replaced by the right side. Returns new objects; the inputs are never changed, since the
 * parsed YAML shares aliased subtrees.
 */
export function deepMerge(
  left: Record<string, unknown>,
  right: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...left };
  for (const [key, value] of Object.entries(right)) {
    const current = merged[key];
    merged[key] = isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value;
  }
  return merged;
}
