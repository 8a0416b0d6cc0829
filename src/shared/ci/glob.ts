import { RE2JS } from 're2js';

const compiled = new Map<string, RE2JS | null>();
const MAX_CACHED = 1000;

/**
 * Ruby's `File.fnmatch?(glob, path, FNM_PATHNAME | FNM_DOTMATCH | FNM_EXTGLOB)`, which GitLab
 * uses for `changes`, `exists` and wildcard `include: local`: `*` and `?` stop at `/`, `**\/`
 * spans directories, `{a,b}` alternates, `[a-z]` and `[!a-z]` are classes. The glob becomes an
 * RE2 pattern, so matching stays linear however the glob is written.
 */
export function globMatches(glob: string, path: string): boolean {
  let regex = compiled.get(glob);
  if (regex === undefined) {
    regex = compileGlob(glob);
    if (compiled.size >= MAX_CACHED) compiled.clear();
    compiled.set(glob, regex);
  }
  return regex !== null && regex.matches(path);
}

function compileGlob(glob: string): RE2JS | null {
  try {
    return RE2JS.compile(`^${globToRegex(glob)}$`);
  } catch {
    return null;
  }
}

function globToRegex(glob: string): string {
  let out = '';
  let braceDepth = 0;
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i]!;
    if (char === '\\' && i + 1 < glob.length) {
      out += escapeRegex(glob[++i]!);
    } else if (char === '*') {
      const atComponentStart = i === 0 || glob[i - 1] === '/';
      if (glob[i + 1] === '*' && glob[i + 2] === '/' && atComponentStart) {
        out += '(?:[^/]*/)*';
        i += 2;
      } else {
        while (glob[i + 1] === '*') i++;
        out += '[^/]*';
      }
    } else if (char === '?') {
      out += '[^/]';
    } else if (char === '[') {
      const end = glob.indexOf(']', i + 2);
      if (end === -1) {
        out += '\\[';
      } else {
        let body = glob.slice(i + 1, end);
        const negated = body.startsWith('!') || body.startsWith('^');
        if (negated) body = body.slice(1);
        out += `[${negated ? '^/' : ''}${body.replace(/\\/g, '\\\\').replace(/\[/g, '\\[')}]`;
        i = end;
      }
    } else if (char === '{') {
      braceDepth++;
      out += '(?:';
    } else if (char === '}' && braceDepth > 0) {
      braceDepth--;
      out += ')';
    } else if (char === ',' && braceDepth > 0) {
      out += '|';
    } else {
      out += escapeRegex(char);
    }
  }
  return out + ')'.repeat(braceDepth);
}

function escapeRegex(char: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(char) ? `\\${char}` : char;
}
