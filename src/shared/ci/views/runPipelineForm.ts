import type { YamlVariable } from '../types';

/** What `{project}/-/pipelines/config_variables` tells of one top-level `variables:` entry. */
export type ConfigVariablePrefill = {
  value: string;
  /** `expand: false`. */
  raw?: boolean;
  description?: string;
  options?: string[];
};

/**
 * The configuration's top-level variables keyed by name, as GitLab's ListConfigVariablesService
 * answers them: every variable with its value, and `raw`, `description` and `options` only where
 * the YAML gives them.
 */
export function variablesWithPrefillData(
  variables: readonly YamlVariable[],
): Record<string, ConfigVariablePrefill> {
  const result: Record<string, ConfigVariablePrefill> = {};
  for (const variable of variables)
    result[variable.key] = {
      value: variable.value,
      ...(variable.raw ? { raw: true } : {}),
      ...(variable.description !== undefined ? { description: variable.description } : {}),
      ...(variable.options !== undefined ? { options: variable.options } : {}),
    };
  return result;
}

export type RunFormVariableType = 'env_var' | 'file';

/** One row of the run form's variables. `id` keeps a row's identity while keys are typed. */
export type RunFormVariable = { id: number; variable_type: RunFormVariableType; key: string; value: string };

const isBlank = (row: Pick<RunFormVariable, 'key' | 'value'>) => row.key === '' && row.value === '';

/**
 * The rows the form starts with for a ref: the variables the configuration describes (only those
 * with a non-empty `description` are offered, as GitLab's form does), then one empty row to type in.
 */
export function prefilledRows(
  config: Record<string, ConfigVariablePrefill>,
  nextId: () => number,
): RunFormVariable[] {
  const rows: RunFormVariable[] = Object.entries(config)
    .filter(([, variable]) => variable.description)
    .map(([key, variable]) => ({ id: nextId(), variable_type: 'env_var', key, value: variable.value }));
  return withEmptyRow(rows, nextId);
}

/** The rows with one empty row at the end, always: the place a new variable is typed. */
export function withEmptyRow(rows: RunFormVariable[], nextId: () => number): RunFormVariable[] {
  const last = rows[rows.length - 1];
  if (last && isBlank(last)) return rows;
  return [...rows, { id: nextId(), variable_type: 'env_var', key: '', value: '' }];
}

/** What is sent: rows with a key, trimmed of nothing (a value's spaces may matter). */
export function variablesToSend(rows: readonly RunFormVariable[]) {
  return rows
    .filter((row) => row.key.trim() !== '')
    .map(({ key, value, variable_type }) => ({ key: key.trim(), value, variable_type }));
}

/** The options a value is picked from: only when the configuration offers more than one. */
export function valueOptions(config: Record<string, ConfigVariablePrefill>, key: string): string[] | null {
  const options = Object.hasOwn(config, key) ? config[key]?.options : undefined;
  return options && options.length > 1 ? options : null;
}

/** A variable a "Run pipeline" link carries. */
export type LinkVariable = { key: string; value: string; variable_type: RunFormVariableType };

const LINK_PARAM = /^(var|file_var)\[(.+)\]$/;

/**
 * The variables of a "Run pipeline" link's query, as GitLab's form reads them:
 * `var[KEY]=value` a variable, `file_var[KEY]=value` a file variable; other parameters are not
 * variables. A key given twice keeps its last value.
 */
export function linkVariables(params: Iterable<[string, string]>): LinkVariable[] {
  const found = new Map<string, LinkVariable>();
  for (const [name, value] of params) {
    const match = LINK_PARAM.exec(name);
    if (!match) continue;
    const key = match[2]!;
    found.delete(key);
    found.set(key, { key, value, variable_type: match[1] === 'file_var' ? 'file' : 'env_var' });
  }
  return [...found.values()];
}

/**
 * The form's rows with a link's variables set over them: a key the configuration already offers
 * takes the link's value and type in its place, the others follow it, then the empty row.
 */
export function withLinkVariables(
  rows: RunFormVariable[],
  linked: readonly LinkVariable[],
  nextId: () => number,
): RunFormVariable[] {
  if (linked.length === 0) return rows;
  const next = rows.filter((row) => !isBlank(row));
  for (const variable of linked) {
    const index = next.findIndex((row) => row.key === variable.key);
    if (index >= 0)
      next[index] = { ...next[index]!, value: variable.value, variable_type: variable.variable_type };
    else next.push({ id: nextId(), ...variable });
  }
  return withEmptyRow(next, nextId);
}
