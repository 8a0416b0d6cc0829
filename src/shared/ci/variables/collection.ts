import { rubyInspect } from '../yaml/rubyInspect';

/** One CI/CD variable as the runner receives it (GitLab's runner variable shape). */
export interface CiVariable {
  key: string;
  value: string;
  /** False for secrets (CI_JOB_TOKEN): never shown in the job's page. */
  public?: boolean;
  masked?: boolean;
  /** `expand: false` in YAML: the value's `$` references are left alone, here and by the runner. */
  raw?: boolean;
  file?: boolean;
}

/** `$NAME`, `${NAME}` and `%NAME%`, as GitLab's ExpandVariables reads them. */
const REFERENCE = /\$([a-zA-Z_][a-zA-Z0-9_]*)|\$\{([a-zA-Z_][a-zA-Z0-9_]*)\}|%([a-zA-Z_][a-zA-Z0-9_]*)%/g;
/** The same with the `$$` and `%%` escapes, which expansion inside a collection leaves as they are. */
const ITEM_REFERENCE =
  /\$\$|%%|\$([a-zA-Z_][a-zA-Z0-9_]*)|\$\{([a-zA-Z_][a-zA-Z0-9_]*)?\}|%([a-zA-Z_][a-zA-Z0-9_]*)%/g;

/** The variables as a lookup, the last definition of a key winning (GitLab's `to_hash`). */
export function variablesHash(variables: readonly CiVariable[]): Map<string, string> {
  return new Map(variables.map((variable) => [variable.key, variable.value]));
}

/**
 * GitLab's `ExpandVariables.expand` (unknown references become empty) or, with `keepUndefined`,
 * `expand_existing` (unknown references stay as written).
 */
export function expandVariables(
  value: string,
  variables: ReadonlyMap<string, string>,
  options: { keepUndefined?: boolean } = {},
): string {
  return value.replace(REFERENCE, (whole, a?: string, b?: string, c?: string) => {
    const replacement = variables.get((a ?? b ?? c)!);
    if (replacement !== undefined) return replacement;
    return options.keepUndefined ? whole : '';
  });
}

/**
 * `merge_variables`: the incoming definitions first, then those of `current` whose key they do
 * not define.
 */
export function mergeVariables(
  current: readonly CiVariable[],
  incoming: readonly CiVariable[],
): CiVariable[] {
  const seen = new Set<string>();
  const merged: CiVariable[] = [];
  for (const variable of [...incoming, ...current]) {
    if (seen.has(variable.key)) continue;
    seen.add(variable.key);
    merged.push(variable);
  }
  return merged;
}

export type SortedVariables = { ok: true; variables: CiVariable[] } | { ok: false; error: string };

/**
 * GitLab's `sort_and_expand_all`: each variable's references to other variables are expanded, in
 * dependency order; raw variables are kept as written (and references to them expanded, as
 * GitLab does); references to unknown variables are removed unless `keepUndefined`. A cycle
 * (A uses B, B uses A) is the error GitLab reports.
 */
export function sortAndExpandAll(
  variables: readonly CiVariable[],
  options: { keepUndefined?: boolean } = {},
): SortedVariables {
  // Most collections reference nothing: nothing to order or expand.
  if (!variables.some((variable) => !variable.raw && /[$%]/.test(variable.value)))
    return { ok: true, variables: [...variables] };
  const order = dependencyOrder(variables);
  if (!order.ok) return order;
  const known = new Map<string, CiVariable>();
  const expanded: CiVariable[] = [];
  for (const item of order.variables) {
    const value =
      item.raw || dependsOn(item).length === 0 ? item.value : expandItem(item.value, known, options);
    const next = { ...item, value };
    known.set(next.key, next);
    expanded.push(next);
  }
  return { ok: true, variables: expanded };
}

function expandItem(
  value: string,
  known: ReadonlyMap<string, CiVariable>,
  options: { keepUndefined?: boolean },
) {
  return value.replace(ITEM_REFERENCE, (whole, a?: string, b?: string, c?: string) => {
    const key = a ?? b ?? c;
    if (key === undefined) return whole;
    const variable = known.get(key);
    if (variable) return variable.value;
    return options.keepUndefined ? whole : '';
  });
}

function dependsOn(variable: CiVariable): string[] {
  if (variable.raw || !/[$%]/.test(variable.value)) return [];
  const keys: string[] = [];
  for (const match of variable.value.matchAll(ITEM_REFERENCE)) {
    const key = match[1] ?? match[2] ?? match[3];
    if (key !== undefined) keys.push(key);
  }
  return keys;
}

/** Ruby's TSort over the collection: dependencies first, cycles reported by their members' keys. */
function dependencyOrder(variables: readonly CiVariable[]): SortedVariables {
  const byKey = new Map<string, number[]>();
  variables.forEach((variable, index) =>
    byKey.set(variable.key, [...(byKey.get(variable.key) ?? []), index]),
  );
  const children = variables.map((variable) => dependsOn(variable).flatMap((key) => byKey.get(key) ?? []));
  const components = stronglyConnectedComponents(variables.length, children);
  const cycles = components
    .filter((component) => component.length > 1)
    .map((component) => rubyInspect(component.map((index) => variables[index]!.key)));
  if (cycles.length > 0)
    return { ok: false, error: `circular variable reference detected: ${cycles.join(', ')}` };
  return { ok: true, variables: components.flat().map((index) => variables[index]!) };
}

/**
 * Tarjan's algorithm in the order Ruby's TSort visits: nodes in order, children in order, each
 * component emitted once its root is done, members in the order they were reached.
 */
export function stronglyConnectedComponents(
  size: number,
  children: readonly (readonly number[])[],
): number[][] {
  const index = new Array<number>(size).fill(-1);
  const low = new Array<number>(size).fill(0);
  const onStack = new Array<boolean>(size).fill(false);
  const stack: number[] = [];
  const components: number[][] = [];
  let counter = 0;
  const visit = (root: number): void => {
    const work: Array<{ node: number; next: number }> = [{ node: root, next: 0 }];
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = true;
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = children[frame.node] ?? [];
      if (frame.next < edges.length) {
        const child = edges[frame.next++]!;
        if (index[child] === -1) {
          index[child] = low[child] = counter++;
          stack.push(child);
          onStack[child] = true;
          work.push({ node: child, next: 0 });
        } else if (onStack[child]) {
          low[frame.node] = Math.min(low[frame.node]!, index[child]!);
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low[parent.node] = Math.min(low[parent.node]!, low[frame.node]!);
      if (low[frame.node] === index[frame.node]) {
        const start = stack.lastIndexOf(frame.node);
        const component = stack.splice(start);
        component.forEach((node) => (onStack[node] = false));
        components.push(component);
      }
    }
  };
  for (let node = 0; node < size; node++) if (index[node] === -1) visit(node);
  return components;
}
