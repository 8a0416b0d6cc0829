/**
 * Ruby's `File.fnmatch?(pattern, path, File::FNM_PATHNAME | File::FNM_DOTMATCH)`, which GitLab
 * uses to match CODEOWNERS patterns, compiled once and matched without regular expressions.
 *
 * - A pattern is read as segments between `/` (an escaped `\/` also separates, as in Ruby).
 * - `**` followed by `/` at the start of a segment matches zero or more whole directories; any
 *   other `*` matches within one segment, as does `?`; dot files are not special (FNM_DOTMATCH).
 * - `[a-z]`, `[!a-z]` and `[^a-z]` are classes; a class that is never closed matches nothing.
 * - `\x` is the character x. Braces are not special (no FNM_EXTGLOB).
 *
 * Matching follows Ruby's own algorithm (dir.c `fnmatch`): within a segment only the last `*` is
 * retried, across segments only the last `**` is, so a match costs at most pattern length times
 * path length steps, however the pattern is written.
 */

type Token =
  | { kind: 'literal'; char: string }
  | { kind: 'any' }
  | { kind: 'star' }
  | { kind: 'class'; negated: boolean; ranges: readonly (readonly [number, number])[] };

/**
 * A segment is compiled to the cheapest test that gives Ruby's answer: most CODEOWNERS segments
 * are plain names (`docs`), a star (`*`), or a star with a fixed end or start (`*.rb`, `Makefile*`).
 */
export type PatternSegment =
  { kind: 'globstar' } | { kind: 'glob'; tokens: readonly Token[]; test: (segment: string) => boolean };

export interface CompiledPattern {
  readonly source: string;
  /** Segments after the leading `/`; empty when the pattern can never match. */
  readonly segments: readonly PatternSegment[];
  /** A class that is never closed makes the whole pattern unmatchable, as in Ruby. */
  readonly never: boolean;
}

/** Compiles a CODEOWNERS pattern already normalized to start with `/`. */
export function compilePattern(source: string): CompiledPattern {
  const body = source.startsWith('/') ? source.slice(1) : source;
  const segments: RawSegment[] = [];
  let tokens: Token[] = [];
  let never = false;
  let atSegmentStart = true;
  let i = 0;
  while (i < body.length) {
    if (atSegmentStart && body.startsWith('**/', i)) {
      if (segments.at(-1)?.kind !== 'globstar') segments.push({ kind: 'globstar' });
      i += 3;
      continue;
    }
    atSegmentStart = false;
    const char = body[i]!;
    if (char === '/') {
      segments.push({ kind: 'glob', tokens });
      tokens = [];
      atSegmentStart = true;
      i += 1;
    } else if (char === '\\') {
      if (i + 1 >= body.length) break; // A trailing backslash escapes nothing.
      const escaped = codePointAt(body, i + 1);
      if (escaped === '/') {
        segments.push({ kind: 'glob', tokens });
        tokens = [];
        atSegmentStart = true;
      } else {
        tokens.push({ kind: 'literal', char: escaped });
      }
      i += 1 + escaped.length;
    } else if (char === '*') {
      while (body[i] === '*') i += 1;
      tokens.push({ kind: 'star' });
    } else if (char === '?') {
      tokens.push({ kind: 'any' });
      i += 1;
    } else if (char === '[') {
      const parsed = parseClass(body, i + 1);
      if (!parsed) {
        never = true;
        break;
      }
      tokens.push(parsed.token);
      i = parsed.next;
    } else {
      const literal = codePointAt(body, i);
      tokens.push({ kind: 'literal', char: literal });
      i += literal.length;
    }
  }
  if (!never) segments.push({ kind: 'glob', tokens });
  return { source, segments: never ? [] : segments.map(withTest), never };
}

type RawSegment = { kind: 'globstar' } | { kind: 'glob'; tokens: Token[] };

function withTest(segment: RawSegment): PatternSegment {
  if (segment.kind === 'globstar') return segment;
  const { tokens } = segment;
  return { kind: 'glob', tokens, test: segmentTest(tokens) };
}

function segmentTest(tokens: readonly Token[]): (segment: string) => boolean {
  const stars = tokens.filter((token) => token.kind === 'star').length;
  const literalOnly = tokens.every((token) => token.kind === 'literal' || token.kind === 'star');
  if (!literalOnly || stars > 1) return (segment) => matchSegment(tokens, segment);
  const text = (list: readonly Token[]) =>
    list.map((token) => (token.kind === 'literal' ? token.char : '')).join('');
  const star = tokens.findIndex((token) => token.kind === 'star');
  if (star < 0) {
    const literal = text(tokens);
    return (segment) => segment === literal;
  }
  const prefix = text(tokens.slice(0, star));
  const suffix = text(tokens.slice(star + 1));
  // A star before more pattern needs at least one character left to start from (Ruby returns
  // no match at once), which the prefix/suffix test below gives: `*x` never matches ''.
  return (segment) =>
    segment.length >= prefix.length + suffix.length && segment.startsWith(prefix) && segment.endsWith(suffix);
}

/** Ruby's `bracket()`: the class starting after `[`, or null when it is never closed. */
function parseClass(
  body: string,
  start: number,
): { token: Extract<Token, { kind: 'class' }>; next: number } | null {
  let p = start;
  if (p >= body.length) return null;
  let negated = false;
  if (body[p] === '!' || body[p] === '^') {
    negated = true;
    p += 1;
  }
  const ranges: (readonly [number, number])[] = [];
  while (body[p] !== ']') {
    let t1 = p;
    if (body[t1] === '\\') t1 += 1;
    if (t1 >= body.length) return null;
    const first = codePointAt(body, t1);
    p = t1 + first.length;
    if (p >= body.length) return null;
    if (body[p] === '-' && body[p + 1] !== ']') {
      let t2 = p + 1;
      if (body[t2] === '\\') t2 += 1;
      if (t2 >= body.length) return null;
      const last = codePointAt(body, t2);
      p = t2 + last.length;
      ranges.push([first.codePointAt(0)!, last.codePointAt(0)!]);
    } else {
      const code = first.codePointAt(0)!;
      ranges.push([code, code]);
    }
  }
  return { token: { kind: 'class', negated, ranges }, next: p + 1 };
}

function codePointAt(text: string, index: number): string {
  return String.fromCodePoint(text.codePointAt(index)!);
}

function charLength(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code >= 0xd800 && code <= 0xdbff && index + 1 < text.length ? 2 : 1;
}

function classMatches(token: Extract<Token, { kind: 'class' }>, code: number): boolean {
  // As Ruby: an exact end point matches even in a reversed range such as [z-a].
  const inClass = token.ranges.some(
    ([low, high]) => code === low || code === high || (code > low && code < high),
  );
  return inClass !== token.negated;
}

/** Ruby's `fnmatch_helper` for one segment: does the whole path segment match the tokens? */
export function matchSegment(tokens: readonly Token[], segment: string): boolean {
  let p = 0;
  let s = 0;
  let starP = -1;
  let starS = -1;
  for (;;) {
    const token = tokens[p];
    let failed = false;
    if (token === undefined) {
      if (s >= segment.length) return true;
      failed = true;
    } else if (token.kind === 'star') {
      p += 1;
      if (p === tokens.length) return true;
      if (s >= segment.length) return false;
      starP = p;
      starS = s;
      continue;
    } else if (s >= segment.length) {
      return false;
    } else if (token.kind === 'any') {
      p += 1;
      s += charLength(segment, s);
      continue;
    } else if (token.kind === 'class') {
      if (classMatches(token, segment.codePointAt(s)!)) {
        p += 1;
        s += charLength(segment, s);
        continue;
      }
      failed = true;
    } else if (segment.startsWith(token.char, s)) {
      p += 1;
      s += token.char.length;
      continue;
    } else {
      failed = true;
    }
    if (failed) {
      if (starP < 0) return false;
      p = starP;
      starS += charLength(segment, starS);
      s = starS;
    }
  }
}

/** Ruby's pathname `fnmatch`: `path` is split at `/` after its leading `/`. */
export function matchPath(pattern: CompiledPattern, pathSegments: readonly string[]): boolean {
  const segments = pattern.segments;
  if (pattern.never || segments.length === 0) return false;
  let p = 0;
  let s = 0;
  let globP = -1;
  let globS = -1;
  for (;;) {
    if (segments[p]!.kind === 'globstar') {
      while (segments[p]!.kind === 'globstar') p += 1;
      globP = p;
      globS = s;
    }
    const segment = segments[p] as Extract<PatternSegment, { kind: 'glob' }>;
    if (segment.test(pathSegments[s]!)) {
      const patternHasMore = p < segments.length - 1;
      const pathHasMore = s < pathSegments.length - 1;
      if (patternHasMore && pathHasMore) {
        p += 1;
        s += 1;
        continue;
      }
      if (!patternHasMore && !pathHasMore) return true;
    }
    if (globP < 0 || globS >= pathSegments.length - 1) return false;
    globS += 1;
    p = globP;
    s = globS;
  }
}

/** Splits a repository path as GitLab matches it: with a leading `/`, then at each `/`. */
export function pathSegments(path: string): string[] {
  return (path.startsWith('/') ? path.slice(1) : path).split('/');
}

/** One-off match, for tests and single paths: `File.fnmatch?(pattern, path, PATHNAME | DOTMATCH)`. */
export function fnmatch(pattern: string, path: string): boolean {
  return matchPath(compilePattern(pattern), pathSegments(path));
}

/** The segment's text when every token is a literal character, else null. */
export function literalText(segment: PatternSegment): string | null {
  if (segment.kind !== 'glob') return null;
  let text = '';
  for (const token of segment.tokens) {
    if (token.kind !== 'literal') return null;
    text += token.char;
  }
  return text;
}

/** The literal characters a glob segment must end with (after its last wildcard), or ''. */
export function literalSuffix(segment: PatternSegment): string {
  if (segment.kind !== 'glob') return '';
  let text = '';
  for (let i = segment.tokens.length - 1; i >= 0; i -= 1) {
    const token = segment.tokens[i]!;
    if (token.kind !== 'literal') break;
    text = token.char + text;
  }
  return text;
}

/** The literal characters a glob segment must start with (before its first wildcard), or ''. */
export function literalPrefix(segment: PatternSegment): string {
  if (segment.kind !== 'glob') return '';
  let text = '';
  for (const token of segment.tokens) {
    if (token.kind !== 'literal') break;
    text += token.char;
  }
  return text;
}
