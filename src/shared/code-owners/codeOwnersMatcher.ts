import {
  compilePattern,
  literalPrefix,
  literalSuffix,
  literalText,
  matchPath,
  pathSegments,
  type CompiledPattern,
} from './fnmatch';
import type { CodeOwnersEntry, CodeOwnersFile } from './parseCodeOwners';

interface IndexedEntry {
  readonly entry: CodeOwnersEntry;
  readonly sectionIndex: number;
  readonly pattern: CompiledPattern;
}

export interface CodeOwnersMatcher {
  /**
   * The entries that own `path`, at most one per section, in section order: in each section the
   * latest line whose pattern matches, unless a matching `!` exclusion takes the path out of
   * that section.
   */
  entriesForPath(path: string): CodeOwnersEntry[];
}

/**
 * Compiles every pattern once and indexes it by something a matching path must contain, so a
 * path is only tried against the few patterns that can match it:
 * - a segment written literally (`docs`, `README.md`) must be one of the path's directories or
 *   its file name: the least common such segment is the key;
 * - otherwise the literal end of the last segment (`*.rb` -> `.rb`) must end the file name, or
 *   its literal start (`Makefile*`) must start it;
 * - patterns with none of these (`*`, `/**\/?`) are tried for every path.
 */
export function createCodeOwnersMatcher(file: CodeOwnersFile): CodeOwnersMatcher {
  const indexed: IndexedEntry[] = [];
  file.sections.forEach((section, sectionIndex) => {
    for (const entry of section.entries) {
      indexed.push({ entry, sectionIndex, pattern: compilePattern(entry.normalizedPattern) });
    }
  });
  const index = buildIndex(indexed);
  const sectionCount = file.sections.length;

  return {
    entriesForPath(path) {
      const segments = pathSegments(path);
      const best: (IndexedEntry | undefined)[] = new Array<IndexedEntry | undefined>(sectionCount);
      const excluded: boolean[] = new Array<boolean>(sectionCount).fill(false);
      const consider = (candidate: IndexedEntry) => {
        const section = candidate.sectionIndex;
        if (excluded[section]) return;
        const current = best[section];
        if (!candidate.entry.exclusion && current && current.entry.lineNumber >= candidate.entry.lineNumber)
          return;
        if (!matchPath(candidate.pattern, segments)) return;
        if (candidate.entry.exclusion) excluded[section] = true;
        else best[section] = candidate;
      };
      forEachCandidate(index, segments, consider);
      const result: CodeOwnersEntry[] = [];
      best.forEach((candidate, section) => {
        if (candidate && !excluded[section]) result.push(candidate.entry);
      });
      return result;
    },
  };
}

interface PatternIndex {
  readonly bySegment: Map<string, IndexedEntry[]>;
  readonly bySuffix: Map<string, IndexedEntry[]>;
  readonly byPrefix: Map<string, IndexedEntry[]>;
  readonly maxSuffix: number;
  readonly maxPrefix: number;
  readonly always: IndexedEntry[];
}

function buildIndex(indexed: readonly IndexedEntry[]): PatternIndex {
  const literals = indexed.map(({ pattern }) => [
    ...new Set(pattern.segments.map(literalText).filter((text): text is string => text !== null)),
  ]);
  const frequency = new Map<string, number>();
  for (const texts of literals) for (const text of texts) frequency.set(text, (frequency.get(text) ?? 0) + 1);

  const index: PatternIndex = {
    bySegment: new Map(),
    bySuffix: new Map(),
    byPrefix: new Map(),
    maxSuffix: 0,
    maxPrefix: 0,
    always: [],
  };
  const add = (map: Map<string, IndexedEntry[]>, key: string, item: IndexedEntry) => {
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  };
  let maxSuffix = 0;
  let maxPrefix = 0;
  indexed.forEach((item, position) => {
    if (item.pattern.never) return;
    const texts = literals[position]!;
    if (texts.length > 0) {
      const rarest = texts.reduce((a, b) => {
        const byCount = frequency.get(a)! - frequency.get(b)!;
        return byCount < 0 || (byCount === 0 && a.length >= b.length) ? a : b;
      });
      add(index.bySegment, rarest, item);
      return;
    }
    const last = item.pattern.segments.at(-1)!;
    const suffix = literalSuffix(last);
    const prefix = literalPrefix(last);
    if (suffix !== '') {
      add(index.bySuffix, suffix, item);
      maxSuffix = Math.max(maxSuffix, suffix.length);
    } else if (prefix !== '') {
      add(index.byPrefix, prefix, item);
      maxPrefix = Math.max(maxPrefix, prefix.length);
    } else {
      index.always.push(item);
    }
  });
  return { ...index, maxSuffix, maxPrefix };
}

function forEachCandidate(
  index: PatternIndex,
  segments: readonly string[],
  visit: (item: IndexedEntry) => void,
): void {
  for (const item of index.always) visit(item);
  const seen = new Set<string>();
  for (const segment of segments) {
    if (seen.has(segment)) continue;
    seen.add(segment);
    const items = index.bySegment.get(segment);
    if (items) for (const item of items) visit(item);
  }
  const name = segments.at(-1)!;
  for (let length = 1; length <= Math.min(index.maxSuffix, name.length); length += 1) {
    const items = index.bySuffix.get(name.slice(name.length - length));
    if (items) for (const item of items) visit(item);
  }
  for (let length = 1; length <= Math.min(index.maxPrefix, name.length); length += 1) {
    const items = index.byPrefix.get(name.slice(0, length));
    if (items) for (const item of items) visit(item);
  }
}
