import type { RE2JS } from 're2js';
import { compileRubyRegexp, regexpFinds } from '../untrustedRegexp';

/**
 * GitLab's CI/CD expression language (`rules:if`, `only:variables`): `$VAR`, "strings" and
 * 'strings', /regex/flags, null, true/false, `==` `!=` `=~` `!~`, `&&` (binding tighter than)
 * `||`, `!` and parentheses, parsed by the same shunting-yard and evaluated with Ruby's
 * truthiness. Regexes run on RE2 (re2js).
 */
export type ExpressionValue = string | boolean | null | { regexp: RE2JS };

type Node =
  | { kind: 'value'; evaluate: (variables: ReadonlyMap<string, string>) => ExpressionValue }
  | { kind: 'not'; operand: Node }
  | { kind: 'binary'; operator: BinaryOperator; left: Node; right: Node };

type BinaryOperator = '==' | '!=' | '=~' | '!~' | '&&' | '||';

type Token =
  | { type: 'value'; build: () => Node }
  | { type: 'logical_operator'; operator: BinaryOperator; precedence: number }
  | { type: 'unary_operator'; precedence: number }
  | { type: 'parenthesis_open'; precedence: number }
  | { type: 'parenthesis_close'; precedence: number };

export class ExpressionError extends Error {}

const MAX_TOKENS = 100;

const value = (evaluate: (variables: ReadonlyMap<string, string>) => ExpressionValue): Token => ({
  type: 'value',
  build: () => ({ kind: 'value', evaluate }),
});
const binary = (operator: BinaryOperator, precedence: number): Token => ({
  type: 'logical_operator',
  operator,
  precedence,
});

/** The lexemes in GitLab's order: the first that matches at the position wins. */
const LEXEMES: Array<{ pattern: RegExp; token: (match: RegExpExecArray) => Token }> = [
  { pattern: /\(/y, token: () => ({ type: 'parenthesis_open', precedence: 901 }) },
  { pattern: /\)/y, token: () => ({ type: 'parenthesis_close', precedence: 900 }) },
  { pattern: /\$\[\[\s*inputs\.([\w-]+)\s*\]\]/y, token: () => value(() => null) },
  { pattern: /\$(\w+)/y, token: (match) => value((variables) => variables.get(match[1]!) ?? null) },
  { pattern: /"(.*?)"|'(.*?)'/y, token: (match) => value(() => match[1] ?? match[2] ?? '') },
  { pattern: /\/(?:[^/]|\\\/)+[^\\]\/[ismU]*/y, token: (match) => patternToken(match[0]) },
  { pattern: /null/y, token: () => value(() => null) },
  { pattern: /\b(?:true|false)\b/y, token: (match) => value(() => match[0] === 'true') },
  { pattern: /==/y, token: () => binary('==', 10) },
  { pattern: /=~/y, token: () => binary('=~', 10) },
  { pattern: /!=/y, token: () => binary('!=', 10) },
  { pattern: /!~/y, token: () => binary('!~', 10) },
  { pattern: /&&/y, token: () => binary('&&', 11) },
  { pattern: /\|\|/y, token: () => binary('||', 12) },
  { pattern: /!/y, token: () => ({ type: 'unary_operator', precedence: 1 }) },
];

function patternToken(text: string): Token {
  const regexp = compileRubyRegexp(text.replace(/\\\//g, '/'));
  if (!regexp) throw new ExpressionError('Invalid regular expression!');
  return value(() => ({ regexp }));
}

function tokenize(statement: string): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  for (let count = 0; count < MAX_TOKENS; count++) {
    const whitespace = /\s+/y;
    whitespace.lastIndex = position;
    if (whitespace.exec(statement)) position = whitespace.lastIndex;
    if (position >= statement.length) return tokens;
    const found = LEXEMES.some(({ pattern, token }) => {
      pattern.lastIndex = position;
      const match = pattern.exec(statement);
      if (!match) return false;
      tokens.push(token(match));
      position = pattern.lastIndex;
      return true;
    });
    if (!found) throw new ExpressionError('Unknown lexeme found!');
  }
  throw new ExpressionError('Too many tokens!');
}

/** Shunting-yard to reverse Polish notation, as GitLab's Parser#tokens_rpn. */
function toRpn(tokens: Token[]): Token[] {
  const output: Token[] = [];
  const operators: Token[] = [];
  const precedence = (token: Token): number => (token.type === 'value' ? 0 : token.precedence);
  const consumes = (token: Token, top: Token | undefined): boolean =>
    top !== undefined && precedence(token) >= precedence(top);
  for (const token of tokens) {
    switch (token.type) {
      case 'value':
        output.push(token);
        break;
      case 'logical_operator':
        while (consumes(token, operators[operators.length - 1])) output.push(operators.pop()!);
        operators.push(token);
        break;
      case 'parenthesis_open':
      case 'unary_operator':
        operators.push(token);
        break;
      case 'parenthesis_close': {
        while (consumes(token, operators[operators.length - 1])) output.push(operators.pop()!);
        const top = operators[operators.length - 1];
        if (!top) throw new ExpressionError('Unmatched parenthesis');
        if (top.type === 'parenthesis_open') operators.pop();
        break;
      }
    }
  }
  return [...output, ...operators.reverse()];
}

function buildTree(rpn: Token[]): Node {
  const results: Node[] = [];
  for (const token of rpn) {
    if (token.type === 'value') {
      results.push(token.build());
    } else if (token.type === 'unary_operator') {
      const operand = results.pop();
      if (!operand) throw new ExpressionError('Invalid operand');
      results.push({ kind: 'not', operand });
    } else if (token.type === 'logical_operator') {
      const right = results.pop();
      const left = results.pop();
      if (!left) throw new ExpressionError('Invalid left operand');
      if (!right) throw new ExpressionError('Invalid right operand');
      results.push({ kind: 'binary', operator: token.operator, left, right });
    } else {
      throw new ExpressionError(`Unprocessable token found in parse tree: ${token.type}`);
    }
  }
  if (results.length > 1) throw new ExpressionError('Unreachable nodes in parse tree');
  const root = results.pop();
  if (!root) throw new ExpressionError('Empty parse tree');
  return root;
}

const parsed = new Map<string, Node | ExpressionError>();
const MAX_CACHED = 1000;

function parse(statement: string): Node {
  let tree = parsed.get(statement);
  if (tree === undefined) {
    try {
      const tokens = tokenize(statement);
      if (tokens.length === 0) throw new ExpressionError('Empty statement');
      tree = buildTree(toRpn(tokens));
    } catch (error) {
      tree = error instanceof ExpressionError ? error : new ExpressionError(String(error));
    }
    if (parsed.size >= MAX_CACHED) parsed.clear();
    parsed.set(statement, tree);
  }
  if (tree instanceof ExpressionError) throw tree;
  return tree;
}

const truthy = (value: ExpressionValue): boolean => value !== null && value !== false;
/** Ruby's `present?`: not nil, not false, not a blank string. */
const present = (value: ExpressionValue): boolean =>
  truthy(value) && !(typeof value === 'string' && value.trim() === '');

function evaluate(node: Node, variables: ReadonlyMap<string, string>): ExpressionValue {
  switch (node.kind) {
    case 'value':
      return node.evaluate(variables);
    case 'not':
      return !present(evaluate(node.operand, variables));
    case 'binary':
      return evaluateBinary(node.operator, node.left, node.right, variables);
  }
}

function evaluateBinary(
  operator: BinaryOperator,
  left: Node,
  right: Node,
  variables: ReadonlyMap<string, string>,
): ExpressionValue {
  if (operator === '&&') {
    const first = evaluate(left, variables);
    return truthy(first) ? evaluate(right, variables) : first;
  }
  if (operator === '||') {
    const first = evaluate(left, variables);
    return truthy(first) ? first : evaluate(right, variables);
  }
  const a = evaluate(left, variables);
  const b = evaluate(right, variables);
  switch (operator) {
    case '==':
      return equals(a, b);
    case '!=':
      return !equals(a, b);
    case '=~':
      return b === null ? false : matches(a, b);
    case '!~':
      return b === null ? true : !matches(a, b);
  }
}

function equals(a: ExpressionValue, b: ExpressionValue): boolean {
  if (typeof a === 'boolean' && typeof b === 'string') return String(a) === b;
  if (typeof a === 'string' && typeof b === 'boolean') return a === String(b);
  if (typeof a === 'object' && a !== null) return a === b;
  return a === b;
}

/** A string on the right that is not a regex is searched for the left text, as Ruby's String#scan does. */
function matches(text: ExpressionValue, pattern: Exclude<ExpressionValue, null>): boolean {
  const subject =
    typeof text === 'string' ? text : text === null || typeof text === 'object' ? '' : String(text);
  if (typeof pattern === 'object') return regexpFinds(pattern.regexp, subject);
  const source = String(pattern);
  const regexp = source.startsWith('/') ? compileRubyRegexp(source.replace(/\\\//g, '/')) : null;
  if (regexp) return regexpFinds(regexp, subject);
  return source.includes(subject);
}

/** Whether a statement is valid GitLab syntax (the config validator's `Invalid expression syntax`). */
export function isValidExpression(statement: string): boolean {
  try {
    evaluate(parse(statement), new Map());
    return true;
  } catch {
    return false;
  }
}

/** `Statement#truthful?`: true when the statement evaluates to something present; false when it cannot be parsed. */
export function expressionIsTruthful(statement: string, variables: ReadonlyMap<string, string>): boolean {
  try {
    return present(evaluate(parse(statement), variables));
  } catch {
    return false;
  }
}
