import { describe, expect, it } from 'vitest';
import { fnmatch } from './fnmatch';

// Expected values are Ruby's File.fnmatch?(pattern, path, File::FNM_PATHNAME | File::FNM_DOTMATCH).
describe('fnmatch as Ruby File.fnmatch? with FNM_PATHNAME | FNM_DOTMATCH', () => {
  it.each<[string, string, string, boolean]>([
    ['/**/* matches a file at the root', '/**/*', '/README.md', true],
    ['/**/* matches a file at any depth', '/**/*', '/a/b/c.rb', true],
    ['* matches dot files (FNM_DOTMATCH)', '/**/*', '/.gitignore', true],
    ['**/ enters dot directories (FNM_DOTMATCH)', '/**/*', '/.gitlab/ci.yml', true],
    ['* stays within one directory (FNM_PATHNAME)', '/docs/*', '/docs/api/index.md', false],
    ['* matches a file directly in the directory', '/docs/*', '/docs/index.md', true],
    ['**/ matches zero directories', '/docs/**/*', '/docs/index.md', true],
    ['**/ matches several directories', '/docs/**/*', '/docs/a/b/c.md', true],
    ['** not followed by / is a plain *', '/docs/**', '/docs/a/b', false],
    ['** at the end matches one level', '/docs/**', '/docs/a', true],
    ['** inside a segment is a plain *', '/a**/b', '/abc/b', true],
    ['** inside a segment does not cross /', '/a**/b', '/a/x/b', false],
    ['consecutive **/ collapse', '/**/**/x', '/a/b/x', true],
    ['a relative name matches at the root', '/**/README.md', '/README.md', true],
    ['a relative name matches at depth', '/**/README.md', '/a/b/README.md', true],
    ['a name must match the whole file name', '/**/README.md', '/a/README.mdx', false],
    [
      'a relative path matches below any directory',
      '/**/internal/README.md',
      '/docs/internal/README.md',
      true,
    ],
    ['a directory name must match a whole segment', '/**/foo/*', '/fufoo/bar', false],
    ['a directory name matches at any depth', '/**/foo/*', '/baz/foo/bar', true],
    ['/* matches root files only', '/*', '/nested/path/README.md', false],
    ['a wildcard inside a name', '/docs/*spec*', '/docs/qa_specs.rb', true],
    ['a wildcard extension', '/docs/index.*', '/docs/index.html', true],
    ['a wildcard directory is one level', '/docs/*/README.md', '/docs/a/b/README.md', false],
    ['a wildcard directory matches one level', '/docs/*/README.md', '/docs/api/README.md', true],
    ['? matches one character', '/**/?.rb', '/a/b.rb', true],
    ['? matches exactly one character', '/**/?.rb', '/ab.rb', false],
    ['? matches one non-ASCII character', '/**/?.txt', '/é.txt', true],
    ['? matches one astral character', '/**/?.txt', '/😀.txt', true],
    ['a class matches a listed character', '/**/[abc].rb', '/b.rb', true],
    ['a class rejects other characters', '/**/[abc].rb', '/d.rb', false],
    ['[! negates a class', '/**/[!abc].rb', '/d.rb', true],
    ['[! rejects listed characters', '/**/[!abc].rb', '/a.rb', false],
    ['[^ negates a class too', '/**/[^abc].rb', '/d.rb', true],
    ['a class range', '/**/[a-c].rb', '/b.rb', true],
    ['a class may hold ]: escaped', '/**/[\\]].rb', '/].rb', true],
    ['an unclosed class never matches', '/**/file[.rb', '/file[.rb', false],
    ['\\* is a literal star', '/**/\\*.rb', '/*.rb', true],
    ['\\* does not match other names', '/**/\\*.rb', '/a.rb', false],
    ['braces are literal (no FNM_EXTGLOB)', '/{a,b}.rb', '/{a,b}.rb', true],
    ['braces do not alternate', '/**/{a,b}.rb', '/a.rb', false],
    ['a wildcard directory in the middle', '/app/*/temp/*', '/app/models/temp/file.rb', true],
    ['an anchored globstar stays under its directory', '/config/**/*.rb', '/other/config/x.rb', false],
    ['an anchored globstar matches its directory', '/config/**/*.rb', '/config/routes.rb', true],
    ['spaces are ordinary characters', '/**/path with spaces/**/*', '/path with spaces/docs.md', true],
    ['# is an ordinary character', '/**/#file_with_pound.rb', '/examples/#file_with_pound.rb', true],
    ['matching is case-sensitive', '/**/readme.md', '/README.md', false],
    ['a pattern without a directory does not match the files below it', '/**/docs', '/docs/index.md', false],
  ])('%s: %s ~ %s', (_rule, pattern, path, expected) => {
    expect(fnmatch(pattern, path)).toBe(expected);
  });

  it('rejects a long non-matching name quickly however many stars the pattern has', () => {
    const started = performance.now();
    const pattern = `/**/${'*a'.repeat(30)}*b`;
    const path = `/${'x/'.repeat(50)}${'a'.repeat(4000)}`;
    expect(fnmatch(pattern, path)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
