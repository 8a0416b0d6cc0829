import { describe, expect, it } from 'vitest';
import { matchChangedPaths } from './changedPathOwners';
import { createCodeOwnersMatcher } from './codeOwnersMatcher';
import { compilePattern, matchPath, pathSegments, type CompiledPattern } from './fnmatch';
import { parseCodeOwners, type CodeOwnersEntry, type CodeOwnersFile } from './parseCodeOwners';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const EXTENSIONS = ['rb', 'ts', 'md', 'go', 'py', 'yml', 'json', 'vue', 'css', 'sql'];

function pick<T>(next: () => number, list: readonly T[]): T {
  return list[Math.floor(next() * list.length)]!;
}

/** A CODEOWNERS the size of a large monorepo's: directories, files, globs, sections, exclusions. */
function largeCodeOwners(lines: number, seed = 1): string {
  const next = random(seed);
  const out: string[] = ['* @default-owners'];
  while (out.length < lines) {
    const n = Math.floor(next() * 400);
    const kind = next();
    if (out.length % 500 === 0)
      out.push(`${next() < 0.2 ? '^' : ''}[Section ${n % 40}]${next() < 0.3 ? '[2]' : ''}`);
    else if (kind < 0.35) out.push(`/services/svc${n}/ @team-${n}`);
    else if (kind < 0.55)
      out.push(`/services/svc${n}/src/module${n % 17}/*.${pick(next, EXTENSIONS)} @group/sub-${n}`);
    else if (kind < 0.65) out.push(`*.${pick(next, EXTENSIONS)} @lang-${n % 10}`);
    else if (kind < 0.75) out.push(`module${n % 17}/ @modules`);
    else if (kind < 0.82) out.push(`file${n}.${pick(next, EXTENSIONS)} owner${n}@example.com`);
    else if (kind < 0.88) out.push(`/services/**/test${n % 50}/ @@maintainer`);
    else if (kind < 0.92) out.push(`!/services/svc${n}/generated/`);
    else if (kind < 0.96) out.push(`/services/svc${n}/src/*/file?${n % 10}.* @fuzzy`);
    else out.push(`# comment ${n}`);
  }
  return `${out.join('\n')}\n`;
}

function changedPaths(count: number, seed = 2): string[] {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    const n = Math.floor(next() * 400);
    const depth = next();
    if (depth < 0.1) return `README.md`;
    if (depth < 0.2) return `services/svc${n}/generated/file${n}.${pick(next, EXTENSIONS)}`;
    return `services/svc${n}/src/module${Math.floor(next() * 17)}/file${Math.floor(next() * 400)}.${pick(next, EXTENSIONS)}`;
  });
}

/** GitLab's brute force: every pattern of every section tried, as `File#entries_for_path` does. */
const compiled = new Map<string, CompiledPattern>();
const compiledOnce = (pattern: string) => {
  let result = compiled.get(pattern);
  if (!result) compiled.set(pattern, (result = compilePattern(pattern)));
  return result;
};

function bruteForce(file: CodeOwnersFile, path: string): CodeOwnersEntry[] {
  const segments = pathSegments(path);
  const result: CodeOwnersEntry[] = [];
  for (const section of file.sections) {
    const matching = section.entries.filter((entry) =>
      matchPath(compiledOnce(entry.normalizedPattern), segments),
    );
    if (matching.some((entry) => entry.exclusion) || matching.length === 0) continue;
    result.push(matching.reduce((a, b) => (b.lineNumber > a.lineNumber ? b : a)));
  }
  return result;
}

describe('code owners at scale', () => {
  it('the indexed matcher finds exactly what trying every pattern finds', () => {
    const file = parseCodeOwners(largeCodeOwners(2_000, 7));
    const matcher = createCodeOwnersMatcher(file);
    for (const path of changedPaths(400, 11)) {
      expect(matcher.entriesForPath(path)).toEqual(bruteForce(file, path));
    }
  });

  it('parses a 10,000-line CODEOWNERS and matches 5,000 changed paths', () => {
    // How long this takes is measured beside its floor in `npm run bench`, not here.
    const file = parseCodeOwners(largeCodeOwners(10_000));
    const matches = matchChangedPaths(file, createCodeOwnersMatcher(file), changedPaths(5_000));
    expect(file.sections.flatMap((s) => s.entries).length).toBeGreaterThan(5_000);
    expect(matches.length).toBeGreaterThan(100);
  });
});
