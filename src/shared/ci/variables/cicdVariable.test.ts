import { describe, expect, it } from 'vitest';
import { environmentScopeMatches, validateCicdVariable, type CicdVariableInput } from './cicdVariable';

const variable = (overrides: Partial<CicdVariableInput>): CicdVariableInput => ({
  key: 'TOKEN',
  value: 'value',
  variableType: 'env_var',
  protected: false,
  masked: false,
  raw: false,
  environmentScope: '*',
  ...overrides,
});

describe('CI/CD variables: GitLab’s validation and its words', () => {
  it.each([
    ['hello', 'too short'],
    ['hello world', 'a space'],
    ['hello$VARIABLEworld', 'a reference'],
    ['hello\rworld!', 'an escape'],
    ['line one\nline two', 'two lines'],
    ['aaaaaaa', 'seven characters'],
  ])('refuses to mask %j (%s): "is invalid"', (value) => {
    expect(validateCicdVariable(variable({ value, masked: true }))).toEqual({ value: ['is invalid'] });
  });

  it.each(['helloworld', 'abc123+/=@:.~-_', 'glpat-0123456789abcdef'])('masks %j', (value) => {
    expect(validateCicdVariable(variable({ value, masked: true }))).toEqual({});
  });

  it('lets a raw masked value hold any character but whitespace', () => {
    expect(validateCicdVariable(variable({ value: 'p@$$w0rd!#%', masked: true, raw: true }))).toEqual({});
    expect(validateCicdVariable(variable({ value: 'p@ss w0rd', masked: true, raw: true }))).toEqual({
      value: ['is invalid'],
    });
  });

  it('says what is wrong with a key, a long value or a scope', () => {
    expect(validateCicdVariable(variable({ key: 'MY-KEY' }))).toEqual({
      key: ["can contain only letters, digits and '_'."],
    });
    expect(validateCicdVariable(variable({ key: '' }))).toEqual({ key: ["can't be blank"] });
    expect(validateCicdVariable(variable({ value: 'x'.repeat(10_001) }))).toEqual({
      value: ['is too long (maximum is 10000 characters)'],
    });
    expect(validateCicdVariable(variable({ environmentScope: 'prod;rm' })).environment_scope).toHaveLength(1);
  });

  it.each([
    ['*', null, true],
    ['*', 'production', true],
    ['production', null, false],
    ['production', 'production', true],
    ['review/*', 'review/feature-1', true],
    ['review/*', 'staging', false],
    ['a.b', 'axb', false],
  ])('scope %j reaches environment %j: %s', (scope, environment, expected) => {
    expect(environmentScopeMatches(scope, environment)).toBe(expected);
  });
});
