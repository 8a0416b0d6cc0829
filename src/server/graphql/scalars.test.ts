import { Kind } from 'graphql';
import { describe, expect, it } from 'vitest';
import { scalarResolvers } from './scalars';

const WRONG_TYPES: Array<[string, unknown, string]> = [
  ['a number', 5, '5'],
  ['a boolean', false, 'false'],
  ['null', null, 'null'],
  ['an object', { id: 1 }, '{...}'],
  ['a list', ['x'], '[...]'],
];

describe('the schema’s scalars', () => {
  describe.each(Object.entries(scalarResolvers))('%s', (name, scalar) => {
    const refusal = name === 'Time' ? 'is not a valid Time' : 'is not a valid Global ID';

    it.each(WRONG_TYPES)('refuses %s, saying what it got', (_what, value, shown) => {
      expect(() => scalar.parseValue(value)).toThrow(`${shown} ${refusal}`);
      expect(() => scalar.serialize(value)).toThrow(`${shown} ${refusal}`);
    });

    it('refuses a literal that is not a string', () => {
      expect(() => scalar.parseLiteral({ kind: Kind.INT, value: '5' })).toThrow(`5 ${refusal}`);
    });

    it('shortens a long string in its message', () => {
      expect(() => scalar.parseValue('x'.repeat(10_000))).toThrow(`"${'x'.repeat(59)}... ${refusal}`);
    });
  });

  it('takes a Time in ISO 8601 and refuses any other text', () => {
    expect(scalarResolvers.Time.parseValue('2026-01-02T03:04:05.678Z')).toBe('2026-01-02T03:04:05.678Z');
    expect(scalarResolvers.Time.parseValue('2026-01-02T03:04:05+02:00')).toBe('2026-01-02T03:04:05+02:00');
    expect(() => scalarResolvers.Time.parseValue('yesterday')).toThrow('"yesterday" is not a valid Time');
    expect(() => scalarResolvers.Time.parseValue('2026-13-45T99:00Z')).toThrow('is not a valid Time');
  });

  it('takes the global ids of its models only', () => {
    expect(scalarResolvers.NoteID.parseValue('gid://gitlab/DiffNote/7')).toBe('gid://gitlab/DiffNote/7');
    expect(
      scalarResolvers.NoteableID.parseLiteral({ kind: Kind.STRING, value: 'gid://gitlab/Issue/1' }),
    ).toBe('gid://gitlab/Issue/1');
    expect(() => scalarResolvers.NoteableID.parseValue('gid://gitlab/Note/1')).toThrow(
      '"gid://gitlab/Note/1" does not represent an instance of Noteable',
    );
    expect(() => scalarResolvers.IssuableID.parseValue('gid://gitlab/MergeRequest/x')).toThrow(
      '"gid://gitlab/MergeRequest/x" is not a valid Global ID',
    );
  });
});
