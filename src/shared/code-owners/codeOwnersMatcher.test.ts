import { describe, expect, it } from 'vitest';
import { matchChangedPaths } from './changedPathOwners';
import { createCodeOwnersMatcher } from './codeOwnersMatcher';
import { parseCodeOwners } from './parseCodeOwners';

const text = (...lines: string[]) => `${lines.join('\n')}\n`;

/** section -> the owning entry's "pattern owners" for one path. */
function owners(source: string, path: string): Record<string, string> {
  const matcher = createCodeOwnersMatcher(parseCodeOwners(source));
  return Object.fromEntries(
    matcher
      .entriesForPath(path)
      .map((entry) => [entry.section, `${entry.pattern} ${entry.ownerLine}`.trim()]),
  );
}

const PLAIN = text(
  '* @default-codeowner',
  '*.rb @ruby-owner',
  'CODEOWNERS @multiple @owners',
  'LICENSE @legal janedoe@gitlab.com',
  '\\#file_with_pound.rb @owner-file-with-pound',
  '/docs/ @all-docs',
  '/docs/* @root-docs',
  '/config/ @config-owner',
  'lib/ @lib-owner',
  'path\\ with\\ spaces/ @space-owner',
);

describe('entriesForPath: one file without sections', () => {
  it.each<[string, string, Record<string, string>]>([
    ['an unmatched file falls to *', 'app/assets/something.vue', { codeowners: '* @default-codeowner' }],
    ['the last matching pattern wins', 'hello.rb', { codeowners: '*.rb @ruby-owner' }],
    ['a glob pattern matches at depth', 'app/models/repository.rb', { codeowners: '*.rb @ruby-owner' }],
    ['several owners on a line', 'CODEOWNERS', { codeowners: 'CODEOWNERS @multiple @owners' }],
    ['addresses and names', 'LICENSE', { codeowners: 'LICENSE @legal janedoe@gitlab.com' }],
    [
      'an escaped # in a pattern',
      'examples/#file_with_pound.rb',
      { codeowners: '\\#file_with_pound.rb @owner-file-with-pound' },
    ],
    ['a directory owns its nested files', 'docs/projects/index.md', { codeowners: '/docs/ @all-docs' }],
    ['a later pattern for the directory’s own files', 'docs/index.md', { codeowners: '/docs/* @root-docs' }],
    [
      'a relative directory matches at any depth',
      'ee/lib/gitlab/git/repository.rb',
      { codeowners: 'lib/ @lib-owner' },
    ],
    [
      'an anchored directory matches at the root',
      'config/database.yml',
      { codeowners: '/config/ @config-owner' },
    ],
    [
      'an anchored directory does not match deeper',
      'other/config/database.yml',
      { codeowners: '* @default-codeowner' },
    ],
    [
      'escaped spaces match spaces',
      'path with spaces/docs.md',
      { codeowners: 'path\\ with\\ spaces/ @space-owner' },
    ],
    ['a leading slash in the path changes nothing', '/docs/index.md', { codeowners: '/docs/* @root-docs' }],
  ])('%s: %s', (_rule, path, expected) => {
    expect(owners(PLAIN, path)).toEqual(expected);
  });
});

const SECTIONS = text(
  '* @admin',
  '',
  '[README Owners]',
  'README.md @user1 @user2',
  'internal/README.md @user4',
  '',
  '[README other owners]',
  'README.md @user3',
);

describe('entriesForPath: sections are matched separately', () => {
  it.each<[string, string, Record<string, string>]>([
    [
      'each section gives its own owner',
      'README.md',
      {
        codeowners: '* @admin',
        'README Owners': 'README.md @user1 @user2',
        'README other owners': 'README.md @user3',
      },
    ],
    [
      'within a section only the last matching line counts',
      'internal/README.md',
      {
        codeowners: '* @admin',
        'README Owners': 'internal/README.md @user4',
        'README other owners': 'README.md @user3',
      },
    ],
    ['a section no pattern matches is left out', 'src/main.go', { codeowners: '* @admin' }],
  ])('%s: %s', (_rule, path, expected) => {
    expect(owners(SECTIONS, path)).toEqual(expected);
  });
});

const EXCLUSIONS = text(
  '* @group-x',
  '!*.rb',
  '/special/*.rb @ruby-owner',
  '',
  '[Ruby]',
  '*.rb @ruby-devs',
  '!/config/**/*.rb',
  '/config/routes.rb @ops',
  '',
  '[Temp]',
  '* @temp-owner',
  '!/app/temp/*',
  '!/app/*/temp/*',
);

describe('entriesForPath: ! exclusions take files out of their section', () => {
  it.each<[string, string, Record<string, string>]>([
    ['a file no exclusion matches', 'file.txt', { codeowners: '* @group-x', Temp: '* @temp-owner' }],
    [
      'an excluded file has no owner in that section only',
      'app/models/user.rb',
      { Ruby: '*.rb @ruby-devs', Temp: '* @temp-owner' },
    ],
    [
      'an exclusion wins over a later, more specific line',
      'special/a.rb',
      { Ruby: '*.rb @ruby-devs', Temp: '* @temp-owner' },
    ],
    [
      'a path excluded cannot be included again in the section',
      'config/routes.rb',
      { Temp: '* @temp-owner' },
    ],
    ['nested exclusions', 'app/models/temp/file.rb', { Ruby: '*.rb @ruby-devs' }],
    ['an exclusion directly under a directory', 'app/temp/temp.txt', { codeowners: '* @group-x' }],
  ])('%s: %s', (_rule, path, expected) => {
    expect(owners(EXCLUSIONS, path)).toEqual(expected);
  });
});

describe('entriesForPath: patterns read alike and owners defaulted', () => {
  it('a path with no owners still claims the file in its section', () => {
    const source = text('* @admin', 'generated/');
    expect(owners(source, 'generated/file.c')).toEqual({ codeowners: 'generated/' });
  });

  it('a section default owner owns entries written without owners', () => {
    const source = text('[Documentation] @docs-team', 'docs/', 'README.md @writer');
    expect(owners(source, 'docs/intro.md')).toEqual({ Documentation: 'docs/ @docs-team' });
    expect(owners(source, 'README.md')).toEqual({ Documentation: 'README.md @writer' });
  });

  it('a name without a slash matches files of that name, not the files of such a directory', () => {
    const source = text('docs @docs');
    expect(owners(source, 'docs/index.md')).toEqual({});
    expect(owners(source, 'a/docs')).toEqual({ codeowners: 'docs @docs' });
  });

  it('a later duplicate of a pattern replaces it where the earlier stood, and still wins by line', () => {
    const source = text('*.rb @a', '/lib/x.rb @b', '*.rb @c');
    expect(owners(source, 'lib/x.rb')).toEqual({ codeowners: '*.rb @c' });
  });

  it('patterns indexed by a literal prefix, suffix or none are all tried', () => {
    const source = text('Makefile* @make', '*.mk @mk', '/**/??? @three', '[Other]', '?[xy]* @class');
    expect(owners(source, 'src/Makefile.am')).toEqual({ codeowners: 'Makefile* @make' });
    expect(owners(source, 'rules.mk')).toEqual({ codeowners: '*.mk @mk' });
    expect(owners(source, 'x/cxb')).toEqual({ codeowners: '/**/??? @three', Other: '?[xy]* @class' });
  });

  it('a line starting with [ is a section header, so a class cannot start a pattern unescaped', () => {
    const source = text('[ab]* @class', '\\[ab]* @escaped');
    expect(owners(source, 'a.txt')).toEqual({});
    expect(owners(source, '[ab].txt')).toEqual({ ab: '\\[ab]* @escaped' });
  });
});

describe('matchChangedPaths', () => {
  it('gives one match per section and pattern with the paths it owns, in section then line order', () => {
    const file = parseCodeOwners(text('*.rb @ruby', '*.md @docs', '[Docs][2]', '*.md @writers'));
    const matches = matchChangedPaths(file, createCodeOwnersMatcher(file), [
      'a.md',
      'b.rb',
      'c/d.md',
      'e.txt',
    ]);
    expect(
      matches.map((m) => [m.entry.section, m.entry.pattern, m.entry.approvalsRequired, m.paths]),
    ).toEqual([
      ['codeowners', '*.rb', 0, ['b.rb']],
      ['codeowners', '*.md', 0, ['a.md', 'c/d.md']],
      ['Docs', '*.md', 2, ['a.md', 'c/d.md']],
    ]);
  });
});
