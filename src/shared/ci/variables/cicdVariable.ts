/** What a project or group CI/CD variable is made of (GitLab's Ci::Variable / Ci::GroupVariable). */
export interface CicdVariableInput {
  key: string;
  value: string;
  variableType: 'env_var' | 'file';
  protected: boolean;
  masked: boolean;
  raw: boolean;
  environmentScope: string;
}

/** GitLab's limits: a key of 255 characters, a value of 10,000. */
export const MAX_VARIABLE_KEY_LENGTH = 255;
export const MAX_VARIABLE_VALUE_LENGTH = 10_000;

const KEY = /^[a-zA-Z0-9_]+$/;
/**
 * A masked value that is expanded: one line, at least 8 characters, only the Base64 alphabet
 * with `@ : . ~ -` (so `$NAME` references and spaces can never be half-masked). A raw one only
 * needs 8 characters without whitespace (GitLab's MASK_AND_RAW_REGEX).
 */
const MASKABLE = /^[a-zA-Z0-9_+=/@:.~-]{8,}$/;
const MASKABLE_RAW = /^\S{8,}$/;
const SCOPE = /^[a-zA-Z0-9_\-/${}. *]+$/;

/**
 * GitLab's validation of a CI/CD variable, its messages keyed by attribute as the API answers
 * them (`{"message": {"value": ["is invalid"]}}`). Empty when it holds.
 */
export function validateCicdVariable(input: CicdVariableInput): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (attribute: string, message: string) => (errors[attribute] ??= []).push(message);
  if (input.key.length === 0) add('key', "can't be blank");
  if (input.key.length > MAX_VARIABLE_KEY_LENGTH)
    add('key', `is too long (maximum is ${MAX_VARIABLE_KEY_LENGTH} characters)`);
  if (input.key.length > 0 && !KEY.test(input.key)) add('key', "can contain only letters, digits and '_'.");
  if (input.value.length > MAX_VARIABLE_VALUE_LENGTH)
    add('value', `is too long (maximum is ${MAX_VARIABLE_VALUE_LENGTH} characters)`);
  if (input.masked && !(input.raw ? MASKABLE_RAW : MASKABLE).test(input.value)) add('value', 'is invalid');
  if (input.environmentScope.length === 0) add('environment_scope', "can't be blank");
  else if (!SCOPE.test(input.environmentScope))
    add(
      'environment_scope',
      "can contain only letters, digits, '-', '_', '/', '$', '{', '}', '.', '*' and spaces",
    );
  return errors;
}

/**
 * Whether a variable of `scope` reaches a job deploying to `environment` (GitLab's environment
 * scope: `*` everywhere, otherwise the name with `*` as a wildcard). Jobs without an environment
 * get only `*` variables.
 */
export function environmentScopeMatches(scope: string, environment: string | null): boolean {
  if (scope === '*') return true;
  if (environment === null) return false;
  const pattern = scope
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\/-]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`).test(environment);
}
