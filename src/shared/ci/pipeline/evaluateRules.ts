import { isValidExpression, expressionIsTruthful } from '../expression/expression';
import { globMatches } from '../glob';
import type { CiPolicy, CiRule, JobWhen } from '../types';
import { compileRubyRegexp, looksLikeRegexp, regexpFinds } from '../untrustedRegexp';
import { expandVariables } from '../variables/collection';
import type { PipelineContext } from './pipelineContext';

export class RuleParseError extends Error {}

/** What the rule that matched sets; `when: never` when none did. */
export interface RulesResult {
  when: JobWhen;
  startIn?: string;
  allowFailure?: boolean;
  interruptible?: boolean;
  variables?: CiRule['variables'];
  needs?: CiRule['needs'];
  autoCancel?: CiRule['autoCancel'];
  errors?: string[];
}

/** Variables for `rules`: as written (for `if`) and expanded (for the globs of `changes` and `exists`). */
export interface RuleVariables {
  raw: ReadonlyMap<string, string>;
  expanded: ReadonlyMap<string, string>;
}

/** GitLab's Build::Rules: the first rule whose clauses all hold decides; no rule holding means `never`. */
export function evaluateRules(
  rules: readonly CiRule[] | undefined,
  defaultWhen: JobWhen,
  context: PipelineContext,
  variables: RuleVariables,
): RulesResult {
  if (!rules) return { when: defaultWhen };
  try {
    const rule = rules.find((candidate) => ruleMatches(candidate, context, variables));
    if (!rule) return { when: 'never' };
    return {
      when: rule.when ?? defaultWhen,
      ...(rule.startIn !== undefined ? { startIn: rule.startIn } : {}),
      ...(rule.allowFailure !== undefined ? { allowFailure: rule.allowFailure } : {}),
      ...(rule.interruptible !== undefined ? { interruptible: rule.interruptible } : {}),
      ...(rule.variables ? { variables: rule.variables } : {}),
      ...(rule.needs ? { needs: rule.needs } : {}),
      ...(rule.autoCancel ? { autoCancel: rule.autoCancel } : {}),
    };
  } catch (error) {
    if (error instanceof RuleParseError) return { when: 'never', errors: [error.message] };
    throw error;
  }
}

function ruleMatches(rule: CiRule, context: PipelineContext, variables: RuleVariables): boolean {
  if (rule.if !== undefined && !expressionIsTruthful(rule.if, variables.raw)) return false;
  if (rule.changes && !changesHold(rule.changes, context, variables.expanded)) return false;
  if (rule.exists && !existsHolds(rule.exists.paths, context, variables.expanded)) return false;
  return true;
}

function changesHold(
  changes: NonNullable<CiRule['changes']>,
  context: PipelineContext,
  variables: ReadonlyMap<string, string>,
): boolean {
  let paths = context.changedPaths;
  if (changes.compareTo !== undefined) {
    const since = context.changedPathsSince?.(
      expandVariables(changes.compareTo, variables, { keepUndefined: true }),
    );
    if (since === undefined) throw new RuleParseError('rules:changes:compare_to is not a valid ref');
    paths = since;
  }
  if (paths === null) return true;
  if (paths.length === 0) return false;
  const globs = [
    ...new Set(changes.paths.map((glob) => expandVariables(glob, variables, { keepUndefined: true }))),
  ];
  return paths.some((path) => globs.some((glob) => globMatches(glob, path)));
}

/** `exists`: exact paths, directories (a trailing `/`) and globs against the repository's files. */
function existsHolds(
  globs: readonly string[],
  context: PipelineContext,
  variables: ReadonlyMap<string, string>,
): boolean {
  if (globs.length === 0) return false;
  return globs
    .map((glob) => expandVariables(glob, variables, { keepUndefined: true }))
    .some((glob) => {
      if (/[*?[{]/.test(glob)) return context.files.some((path) => globMatches(glob, path));
      if (glob.endsWith('/')) return context.files.some((path) => path.startsWith(glob));
      return context.files.includes(glob);
    });
}

const pluralize = (word: string): string => (/(s|sh|ch|x)$/.test(word) ? `${word}es` : `${word}s`);

/** One `only`/`except` policy: every kind it lists must hold (GitLab's Build::Policy). */
export function policyHolds(
  policy: CiPolicy,
  context: PipelineContext,
  variables: ReadonlyMap<string, string>,
): boolean {
  if (policy.refs && !refsHold(policy.refs, context)) return false;
  if (
    policy.variables &&
    !policy.variables.some(
      (statement) => isValidExpression(statement) && expressionIsTruthful(statement, variables),
    )
  )
    return false;
  if (policy.changes && context.changedPaths !== null) {
    const globs = policy.changes;
    if (!context.changedPaths.some((path) => globs.some((glob) => globMatches(glob, path)))) return false;
  }
  if (policy.kubernetes === 'active' && !context.kubernetesActive) return false;
  return true;
}

/** `only: refs`: `branches`, `tags`, pipeline sources (`merge_requests`, `schedules`, `api` ...), names and /regexes/. */
function refsHold(patterns: readonly string[], context: PipelineContext): boolean {
  const sourceName = context.source.replace(/_event$/, '');
  const branch = !context.tag && !context.mergeRequest;
  return patterns.some((entry) => {
    const at = entry.indexOf('@');
    const pattern = at === -1 ? entry : entry.slice(0, at);
    if (at !== -1 && entry.slice(at + 1) !== context.projectFullPath) return false;
    if (context.tag && pattern === 'tags') return true;
    if (branch && pattern === 'branches') return true;
    if (pattern === sourceName || pattern === pluralize(sourceName)) return true;
    if (!branch && !context.tag) return false;
    const regexp = looksLikeRegexp(pattern) ? compileRubyRegexp(pattern) : null;
    return regexp ? regexpFinds(regexp, context.ref) : pattern === context.ref;
  });
}
