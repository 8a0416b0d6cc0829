import { encodePath } from '../../../shared/repository/blobPages';

export { encodePath };

/** `/-/tree/{ref}/{path}` and friends, relative to the project: `tree`, `blob`, `commits`. */
export function refPage(kind: 'tree' | 'blob' | 'commits', ref: string, path = ''): string {
  const refAndPath = path ? `${ref}/${path}` : ref;
  return `${kind}/${encodePath(refAndPath)}`;
}

/**
 * Splits `feature/x/src/app.ts` into a ref and a path. Branch names may hold slashes, so the
 * longest branch that prefixes the text wins (git never holds both `a` and `a/b` as branches);
 * otherwise the first segment is the ref (a tag, a commit sha or a branch without slashes).
 */
export function splitRefAndPath(text: string, branchNames: readonly string[]): { ref: string; path: string } {
  const candidates = branchNames
    .filter((name) => text === name || text.startsWith(`${name}/`))
    .sort((a, b) => b.length - a.length);
  const ref = candidates[0] ?? text.split('/')[0] ?? '';
  return { ref, path: text.slice(ref.length).replace(/^\/+/, '') };
}

/** The folders above a path, for breadcrumbs: `a/b/c` -> `a`, `a/b`, `a/b/c`. */
export function pathCrumbs(path: string): Array<{ name: string; path: string }> {
  const parts = path.split('/').filter(Boolean);
  return parts.map((name, index) => ({ name, path: parts.slice(0, index + 1).join('/') }));
}

/** Commits grouped by the calendar day (in the viewer's time zone) they were committed, newest first. */
export function groupByDay<T extends { committed_date: string }>(
  commits: readonly T[],
  dayOf: (date: Date) => string,
): Array<{ day: string; commits: T[] }> {
  const groups: Array<{ day: string; commits: T[] }> = [];
  for (const commit of commits) {
    const day = dayOf(new Date(commit.committed_date));
    const last = groups.at(-1);
    if (last?.day === day) last.commits.push(commit);
    else groups.push({ day, commits: [commit] });
  }
  return groups;
}

/** A README at the root of a tree, as GitLab picks it: `README.md` before other README files. */
export function findReadme<T extends { name: string; type: string }>(entries: readonly T[]): T | undefined {
  const readmes = entries.filter(
    (entry) => entry.type === 'blob' && /^readme(\.[a-z0-9]+)?$/i.test(entry.name),
  );
  return readmes.find((entry) => /\.(md|markdown)$/i.test(entry.name)) ?? readmes[0];
}

export const isMarkdown = (name: string): boolean => /\.(md|markdown)$/i.test(name);
