import { describe, expect, it } from 'vitest';
import type { CodeOwnersSyntaxErrorCode } from './codeOwnersErrors';
import { parseSectionLine } from './sectionHeader';

type Row = [
  rule: string,
  line: string,
  known: string[],
  expected: { name: string; optional: boolean; approvals: number; defaultOwners: string } | null,
  errors: CodeOwnersSyntaxErrorCode[],
];

const header = (name: string, optional: boolean, approvals: number, defaultOwners: string) => ({
  name,
  optional,
  approvals,
  defaultOwners,
});

describe('parseSectionLine', () => {
  it.each<Row>([
    ['a plain section', '[Doc]', [], header('Doc', false, 0, ''), []],
    ['a duplicate takes the first spelling', '[Doc]', ['codeowners', 'doc'], header('doc', false, 0, ''), []],
    ['an unrelated section keeps its name', '[Doc]', ['codeowners', 'foo'], header('Doc', false, 0, ''), []],
    [
      'the first named section is never merged into the default one',
      '[CODEOWNERS]',
      ['codeowners'],
      header('CODEOWNERS', false, 0, ''),
      [],
    ],
    [
      'a later section named like the default one joins it',
      '[CODEOWNERS]',
      ['codeowners', 'Doc'],
      header('codeowners', false, 0, ''),
      [],
    ],
    ['^ makes it optional', '^[Doc]', [], header('Doc', true, 0, ''), []],
    ['[n] requires n approvals', '[Doc][1]', [], header('Doc', false, 1, ''), []],
    ['default owners after the count', '[Doc][1] @doc', [], header('Doc', false, 1, '@doc'), []],
    [
      'several default owners',
      '[Doc][2] @doc @rrr.dev @dev',
      [],
      header('Doc', false, 2, '@doc @rrr.dev @dev'),
      [],
    ],
    ['a role as default owner', '[Doc] @@developer', [], header('Doc', false, 0, '@@developer'), []],
    [
      'roles in any case and plural, names that look like roles',
      '[Doc] @@DEVeloper @maintainers @OWNER',
      [],
      header('Doc', false, 0, '@@DEVeloper @maintainers @OWNER'),
      [],
    ],
    ['an optional section with a default owner', '^[Doc] @doc', [], header('Doc', true, 0, '@doc'), []],
    [
      'a section with an e-mail owner',
      '[Doc] doc@example.com',
      [],
      header('Doc', false, 0, 'doc@example.com'),
      [],
    ],
    ['missing section name', '[]', [], header('', false, 0, ''), ['missing_section_name']],
    ['missing name of an optional section', '^[]', [], header('', true, 0, ''), ['missing_section_name']],
    ['missing name with a count', '[][1]', [], header('', false, 1, ''), ['missing_section_name']],
    [
      'missing name with an owner',
      '[][1]@owner',
      [],
      header('', false, 1, '@owner'),
      ['missing_section_name'],
    ],
    ['a blank name is missing', '[  ]', [], header('  ', false, 0, ''), ['missing_section_name']],
    ['an empty count', '[Doc][]', [], header('Doc', false, 0, ''), ['invalid_approval_requirement']],
    [
      'an empty count, optional',
      '^[Doc][]',
      [],
      header('Doc', true, 0, ''),
      ['invalid_approval_requirement'],
    ],
    [
      'an empty count with an owner',
      '[Doc][] @doc',
      [],
      header('Doc', false, 0, '@doc'),
      ['invalid_approval_requirement'],
    ],
    [
      'a count with a space inside',
      '[Doc][1 0]',
      [],
      header('Doc', false, 1, ''),
      ['invalid_approval_requirement'],
    ],
    [
      'an optional section cannot require a count',
      '^[Doc][1]',
      [],
      header('Doc', true, 1, ''),
      ['invalid_approval_requirement'],
    ],
    [
      'an optional section with a count and owners',
      '^[Doc][1] @doc @dev',
      [],
      header('Doc', true, 1, '@doc @dev'),
      ['invalid_approval_requirement'],
    ],
    [
      'an optional section with a count and a group',
      '^[Doc][1] @gl/doc-1',
      [],
      header('Doc', true, 1, '@gl/doc-1'),
      ['invalid_approval_requirement'],
    ],
    [
      'an optional count before an unspaced owner',
      '^[Doc][2]@owner',
      [],
      header('Doc', true, 2, '@owner'),
      ['invalid_approval_requirement'],
    ],
    [
      'an unknown role',
      '[Doc][2] @@dev',
      [],
      header('Doc', false, 2, '@@dev'),
      ['invalid_section_owner_format'],
    ],
    [
      'a word that is no owner',
      '[Doc] malformed',
      [],
      header('Doc', false, 0, 'malformed'),
      ['invalid_section_owner_format'],
    ],
    [
      'one bad word among owners',
      '[Doc] @owner oops',
      [],
      header('Doc', false, 0, '@owner oops'),
      ['invalid_section_owner_format'],
    ],
    [
      'a trailing dot is no part of a name',
      '[Doc] @owner.',
      [],
      header('Doc', false, 0, '@owner.'),
      ['invalid_section_owner_format'],
    ],
    [
      'text after the owners',
      '[Doc] @owner+malformed',
      [],
      header('Doc', false, 0, '@owner'),
      ['invalid_section_format'],
    ],
    [
      'a count that is not a number',
      '[Doc][1_0]',
      [],
      header('Doc', false, 0, ''),
      ['invalid_section_format'],
    ],
    ['a count in words', '[Doc][one]', [], header('Doc', false, 0, ''), ['invalid_section_format']],
    ['a doubled closing bracket', '[Doc]]', [], header('Doc', false, 0, ''), ['invalid_section_format']],
    [
      'a doubled closing bracket, optional',
      '^[Doc]]',
      [],
      header('Doc', true, 0, ''),
      ['invalid_section_format'],
    ],
    [
      'a doubled closing bracket with an owner',
      '[Doc]] @owner',
      [],
      header('Doc', false, 0, ''),
      ['invalid_section_format'],
    ],
    [
      'owners must be separated by a space',
      '[Doc][2]@owner',
      [],
      header('Doc', false, 2, '@owner'),
      ['invalid_section_format'],
    ],
    ['a space before the count', '[Doc][ 1]', [], header('Doc', false, 1, ''), ['invalid_section_format']],
    ['a space after the count', '[Doc][1 ]', [], header('Doc', false, 1, ''), ['invalid_section_format']],
    ['spaces around the count', '[Doc][  1  ]', [], header('Doc', false, 1, ''), ['invalid_section_format']],
    ['a header never closed', '[Doc', [], null, ['invalid_section_format']],
    ['an optional header never closed', '^[Doc', [], null, ['invalid_section_format']],
  ])('%s: %s', (_rule, line, known, expected, errors) => {
    const parsed = parseSectionLine(line, known);
    if (expected === null) {
      expect(parsed).toEqual({ kind: 'unparsable', errors });
    } else {
      expect(parsed).toEqual({ kind: 'header', section: expected, errors });
    }
  });

  it.each([
    ['an entry', '/path/to/file.rb @owner'],
    ['a header in the middle of a line', 'Something before [Partially optional]'],
    ['a caret without a bracket', '^foo @owner'],
  ])('%s is no header: %s', (_rule, line) => {
    expect(parseSectionLine(line, ['codeowners'])).toEqual({ kind: 'entry' });
  });
});
