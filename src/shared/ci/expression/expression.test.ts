import { describe, expect, it } from 'vitest';
import { expressionIsTruthful, isValidExpression } from './expression';

const variables = new Map([
  ['BRANCH', 'main'],
  ['DEFAULT', 'main'],
  ['EMPTY', ''],
  ['FLAG', 'true'],
  ['PATTERN', '/^ma/'],
  ['WORD', 'ai'],
  ['TAG', 'v1.2.3'],
]);

describe('rules:if expressions', () => {
  it.each<[string, string, boolean]>([
    ['a defined variable is true', '$BRANCH', true],
    ['an undefined variable is false', '$NOPE', false],
    ['an empty variable is false', '$EMPTY', false],
    ['equality with a double-quoted string', '$BRANCH == "main"', true],
    ['equality with a single-quoted string', "$BRANCH == 'main'", true],
    ['inequality', '$BRANCH != "dev"', true],
    ['variables compared with variables', '$BRANCH == $DEFAULT', true],
    ['an undefined variable equals null', '$NOPE == null', true],
    ['an empty variable is not null', '$EMPTY == null', false],
    ['a regex match', '$TAG =~ /^v\\d+\\.\\d+/', true],
    ['a regex mismatch', '$BRANCH =~ /^release/', false],
    ['a case-insensitive regex', '$BRANCH =~ /MAIN/i', true],
    ['a negated regex', '$BRANCH !~ /^release/', true],
    ['a regex held in a variable', '$BRANCH =~ $PATTERN', true],
    ['matching against null is false', '$BRANCH =~ $NOPE', false],
    ['not matching against null is true', '$BRANCH !~ $NOPE', true],
    ['a plain string on the right is searched for the left text', '$WORD =~ "main"', true],
    ['&& binds tighter than ||', '$NOPE && $NOPE || $BRANCH', true],
    ['|| then && without parentheses', '$BRANCH || $NOPE && $NOPE', true],
    ['parentheses group first', '($BRANCH || $NOPE) && $NOPE', false],
    ['a string compares with a boolean as text', '$FLAG == true', true],
    ['negation of a missing variable', '!$NOPE', true],
    ['negation of a present variable', '!$BRANCH', false],
    ['an empty variable in && makes the rest decide (Ruby truthiness)', '$EMPTY && $BRANCH', true],
    ['an invalid statement is false', '$BRANCH ==', false],
    ['unknown characters are false', '$BRANCH === "x"', false],
  ])('%s', (_behaviour, statement, truth) => {
    expect(expressionIsTruthful(statement, variables)).toBe(truth);
  });

  it.each<[string, string, boolean]>([
    ['a comparison is valid', '$A == "b"', true],
    ['a dangling operator is not', '$A ==', false],
    ['an unmatched parenthesis is not', '($A == "b"', false],
    ['two values without operator are not', '$A $B', false],
    ['a regex RE2 refuses is not', '$A =~ /(?<=a)b/', false],
    ['a hundred tokens are too many', Array.from({ length: 51 }, () => '$A').join(' || '), false],
  ])('validity: %s', (_behaviour, statement, valid) => {
    expect(isValidExpression(statement)).toBe(valid);
  });

  it('matches a catastrophic pattern in linear time', () => {
    const long = new Map([['A', `${'a'.repeat(5000)}!`]]);
    const started = performance.now();
    expect(expressionIsTruthful('$A =~ /^(a+)+$/', long)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
