import { LABEL_REFERENCE_PATTERN, labelRefOf, type LabelRef } from '../labels/labels';

/**
 * GitLab's reference syntax: `#12` (an issue), `!3` (a merge request), `@name` (a user or a
 * group), and the cross-project forms `group/project#12` and `group/project!3`. Finding one says
 * nothing about whether what it names exists, or who may see it: the server decides that per
 * reader.
 */
export type Reference =
  | { type: 'issue' | 'merge_request'; project: string | null; iid: number; original: string }
  | { type: 'user'; path: string; original: string }
  /** `~bug`, `~"needs review"`, `~12`: a label of the text's project or its groups. */
  | { type: 'label'; label: LabelRef; original: string };

export type ReferenceMatch = { start: number; end: number; reference: Reference };

/** One path segment of a user, group or project: GitLab's rule (starts and ends with a letter, digit or `_`). */
const SEGMENT = String.raw`[A-Za-z0-9_](?:[A-Za-z0-9_.\-]*[A-Za-z0-9_])?`;

/**
 * A reference must not continue a word or a path (`C#1`, `a/b/c#1` read from `b`, `bob@example.com`),
 * and an iid must not run into a word (`#1a`). Project paths have at least one `/`.
 */
const PATTERN = new RegExp(
  String.raw`(?<![\w/.\-@!#])(?:(?<project>${SEGMENT}(?:/${SEGMENT})+)?(?<sigil>[#!])(?<iid>\d{1,10})(?![\w])|@(?<path>${SEGMENT}(?:/${SEGMENT})*))`,
  'g',
);

/** PostgreSQL's integer: an iid beyond it cannot exist, so it is no reference. */
const MAX_IID = 2_147_483_647;

function referenceOf(groups: Record<string, string | undefined>, original: string): Reference | null {
  if (groups.path !== undefined) return { type: 'user', path: groups.path, original };
  const iid = Number(groups.iid);
  if (!Number.isSafeInteger(iid) || iid < 1 || iid > MAX_IID) return null;
  const type = groups.sigil === '!' ? 'merge_request' : 'issue';
  return { type, project: groups.project ?? null, iid, original };
}

/** Every reference in a piece of plain text (no markup), in order. */
export function findReferences(text: string): ReferenceMatch[] {
  const found: ReferenceMatch[] = [];
  for (const match of text.matchAll(PATTERN)) {
    const reference = referenceOf(match.groups ?? {}, match[0]);
    if (reference) found.push({ start: match.index, end: match.index + match[0].length, reference });
  }
  if (!text.includes('~')) return found;
  for (const match of text.matchAll(LABEL_REFERENCE_PATTERN)) {
    const reference = { type: 'label' as const, label: labelRefOf(match), original: match[0] };
    found.push({ start: match.index, end: match.index + match[0].length, reference });
  }
  // The two patterns cannot overlap in one place (`~` is in neither of the other sigils' words).
  return found.sort((a, b) => a.start - b.start);
}
