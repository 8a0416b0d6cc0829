import { describe, expect, it } from 'vitest';
import type { CodeOwnersErrorCode } from './codeOwnersErrors';
import { normalizePattern, parseCodeOwners, type CodeOwnersFile } from './parseCodeOwners';

const text = (...lines: string[]) => `${lines.join('\n')}\n`;

/** Section name -> [pattern, owner line] of each entry, in the order GitLab keeps them. */
function outline(file: CodeOwnersFile): Record<string, [string, string][]> {
  return Object.fromEntries(
    file.sections.map((section) => [
      section.name,
      section.entries.map((entry): [string, string] => [
        entry.exclusion ? `!${entry.pattern}` : entry.pattern,
        entry.ownerLine,
      ]),
    ]),
  );
}

const errorsOf = (file: CodeOwnersFile): [CodeOwnersErrorCode, number][] =>
  file.errors.map((error) => [error.code, error.lineNumber]);

describe('parseCodeOwners: sections and entries', () => {
  it.each<[string, string, Record<string, [string, string][]>]>([
    [
      'entries before any header belong to the default section',
      text('* @admin', '', '[README Owners]', 'README.md @user1 @user2', 'internal/README.md @user4'),
      {
        codeowners: [['*', '@admin']],
        'README Owners': [
          ['README.md', '@user1 @user2'],
          ['internal/README.md', '@user4'],
        ],
      },
    ],
    [
      'duplicate section names merge, case-insensitively, under the first spelling',
      text(
        '[Documentation]',
        'ee/docs/ @docs',
        'docs/ @docs',
        '[Database]',
        'README.md @database',
        '[DOCUMENTATION]',
        'README.md @docs',
      ),
      {
        codeowners: [],
        Documentation: [
          ['ee/docs/', '@docs'],
          ['docs/', '@docs'],
          ['README.md', '@docs'],
        ],
        Database: [['README.md', '@database']],
      },
    ],
    [
      'a later line with the same pattern replaces the earlier one in its section',
      text('*.md @doc-team', 'terms.md @legal', '*.md @writers'),
      {
        codeowners: [
          ['*.md', '@writers'],
          ['terms.md', '@legal'],
        ],
      },
    ],
    [
      'section default owners own entries written without owners; written owners override them',
      text('[Database] @database-team @agarcia', 'model/db/', 'config/db/database-setup.md @docs-team'),
      {
        codeowners: [],
        Database: [
          ['model/db/', '@database-team @agarcia'],
          ['config/db/database-setup.md', '@docs-team'],
        ],
      },
    ],
    [
      'comments and blank lines are skipped; a header must start its line',
      text(
        '# a comment',
        '   ',
        '\t# indented comment',
        'Something before [Partially optional]',
        '[Required]',
        '*_spec.rb @gl-test',
      ),
      {
        codeowners: [['Something', 'before [Partially optional]']],
        Required: [['*_spec.rb', '@gl-test']],
      },
    ],
    [
      'an unparsable header is skipped and its entries stay in the section before',
      text('[Docs]', 'docs/*.md @group', '[Section name', 'docs/ @docs_group'),
      {
        codeowners: [],
        Docs: [
          ['docs/*.md', '@group'],
          ['docs/', '@docs_group'],
        ],
      },
    ],
    [
      'exclusions need no owners and replace an equal pattern of the section',
      text(
        '* @group-x',
        '!*.rb',
        '[Ruby]',
        '*.rb @ruby-devs',
        '/config/example.yml @config-yml',
        '!/config/**/*.rb',
      ),
      {
        codeowners: [
          ['*', '@group-x'],
          ['!*.rb', ''],
        ],
        Ruby: [
          ['*.rb', '@ruby-devs'],
          ['/config/example.yml', '@config-yml'],
          ['!/config/**/*.rb', ''],
        ],
      },
    ],
    [
      'escaped whitespace stays in the pattern, the first plain whitespace starts the owners',
      text('path\\ with\\ spaces/ @space-owner', 'folder with spaces/*.md @group'),
      {
        codeowners: [
          ['path\\ with\\ spaces/', '@space-owner'],
          ['folder', 'with spaces/*.md @group'],
        ],
      },
    ],
    [
      'a file ending without a newline keeps its last line',
      '*.rb @ruby',
      { codeowners: [['*.rb', '@ruby']] },
    ],
    [
      'Windows line endings',
      '*.rb @ruby\r\n*.go @go\r\n',
      {
        codeowners: [
          ['*.rb', '@ruby'],
          ['*.go', '@go'],
        ],
      },
    ],
  ])('%s', (_rule, source, expected) => {
    expect(outline(parseCodeOwners(source))).toEqual(expected);
  });

  it('keeps each entry’s section header: optional, its count and its line', () => {
    const file = parseCodeOwners(
      text('[Required][2]', '*_spec.rb @gl-test', '^[Optional] @gl-docs', '*.md', '[Plain]', '*.go @go'),
    );
    const entries = file.sections.flatMap((section) => section.entries);
    expect(entries.map((e) => [e.section, e.optional, e.approvalsRequired, e.lineNumber])).toEqual([
      ['Required', false, 2, 2],
      ['Optional', true, 0, 4],
      ['Plain', false, 0, 6],
    ]);
  });

  it.each<[string, string, boolean]>([
    [
      'a section is optional when every header of it is ^',
      text('^[Go]', '*.go @root', '^[go]', 'go.mod @root'),
      true,
    ],
    [
      'a section written once without ^ is required',
      text('[Docs]', '*.md @gl-docs', '^[Docs]', 'doc/* @gl-docs'),
      false,
    ],
    ['a section without entries is not optional', text('^[Empty]'), false],
  ])('%s', (_rule, source, optional) => {
    const section = parseCodeOwners(source).sections.find((s) => s.name !== 'codeowners');
    expect(section?.optional).toBe(optional);
  });

  it('reads users, groups, addresses and roles on an entry line', () => {
    const [entry] = parseCodeOwners('LICENSE @legal janedoe@gitlab.com @group/sub @@maintainers\n')
      .sections[0]!.entries;
    expect(entry!.owners).toEqual({
      names: ['legal', 'group/sub'],
      emails: ['janedoe@gitlab.com'],
      roles: ['maintainer'],
    });
  });

  it.each<[string, string | null]>([
    ['an empty file', ''],
    ['an absent or binary file', null],
    ['comments only', '# nothing here\n'],
    ['headers only', '[Docs]\n^[Go]\n'],
  ])('%s is empty, with the default section only when no header exists', (_rule, source) => {
    const file = parseCodeOwners(source);
    expect(file.empty).toBe(true);
    expect(file.sections[0]!.name).toBe('codeowners');
  });
});

describe('parseCodeOwners: syntax errors with their lines', () => {
  it.each<[string, string, [CodeOwnersErrorCode, number][]]>([
    [
      'entry without owners, nameless section, optional section with a count, header never closed',
      text(
        '*.rb',
        '',
        '[]',
        '*_spec.rb @gl-test',
        '',
        '^[Optional][5]',
        '*.txt @user',
        '',
        '[Invalid section',
        '',
        '[OK section header]',
      ),
      [
        ['missing_entry_owner', 1],
        ['missing_section_name', 3],
        ['invalid_approval_requirement', 6],
        ['invalid_section_format', 9],
      ],
    ],
    [
      'a word that is no owner',
      text('*.rb @valid-user', '*.js not_a_user_not_an_email'),
      [['malformed_entry_owner', 2]],
    ],
    [
      'malformed words among valid owners: reported once for the line',
      text('*.js malformed @valid-user @valid-group another_malformed'),
      [['malformed_entry_owner', 1]],
    ],
    [
      'an inline comment is read as owners',
      text('/docs/**/*.md @markdown-docs  # markdown files'),
      [['malformed_entry_owner', 1]],
    ],
    [
      'an exclusion needs no owners',
      text('* @group-x', '!*.rb', '[Ruby]', '*.rb @ruby-devs', '!/config/*'),
      [],
    ],
    ['an entry under a section with default owners needs none', text('[Docs] @docs', 'docs/'), []],
    [
      'a section default owner that is no owner is reported on the header, not on its entries',
      text('[Docs] docs-team', 'docs/'),
      [['invalid_section_owner_format', 1]],
    ],
    [
      'a section count that is not a number also loses the default owners after it',
      text('[Docs][x] @docs', 'docs/'),
      [
        ['invalid_section_format', 1],
        ['missing_entry_owner', 2],
      ],
    ],
    ['an optional header never closed', text('^[Docs', 'docs/ @docs'), [['invalid_section_format', 1]]],
  ])('%s', (_rule, source, expected) => {
    expect(errorsOf(parseCodeOwners(source))).toEqual(expected);
  });

  it('a section header with an error still opens its section', () => {
    const file = parseCodeOwners(text('^[Optional][5]', '*.txt @user'));
    expect(file.sections.map((s) => s.name)).toEqual(['codeowners', 'Optional']);
    expect(file.sections[1]!.entries[0]!.approvalsRequired).toBe(5);
  });
});

describe('normalizePattern', () => {
  it.each([
    ['* is everything', '*', '/**/*'],
    ['a relative name matches at any depth', 'README.md', '/**/README.md'],
    ['a relative path matches at any depth', 'internal/README.md', '/**/internal/README.md'],
    ['an absolute path stays anchored', '/docs/README.md', '/docs/README.md'],
    ['a directory owns everything below it', '/docs/', '/docs/**/*'],
    ['a relative directory owns everything below it, at any depth', 'docs/', '/**/docs/**/*'],
    ['an escaped # at the start is a #', '\\#file_with_pound.rb', '/**/#file_with_pound.rb'],
    ['escaped spaces are spaces', 'path\\ with\\ spaces/', '/**/path with spaces/**/*'],
    ['a relative globstar pattern', '**/*.rb', '/**/**/*.rb'],
  ])('%s: %s -> %s', (_rule, pattern, expected) => {
    expect(normalizePattern(pattern)).toBe(expected);
  });
});

describe('parseCodeOwners: patterns that normalize alike', () => {
  it('docs/ and docs/**/* are one pattern: the later line replaces the earlier', () => {
    const file = parseCodeOwners(text('docs/**/* @group', 'docs/ @docs_group'));
    expect(outline(file)).toEqual({ codeowners: [['docs/', '@docs_group']] });
  });
});
