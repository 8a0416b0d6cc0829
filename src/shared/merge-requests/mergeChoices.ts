import type { SquashOption } from '../api/projects';
import { mergeBlockerMessage, type MergeBlocker } from './mergeBlockers';
import { squashOnMerge } from './squashOption';

/** What a merge asks besides "merge it": the head the merger saw and their squash choice. */
export type MergeAsk = {
  /** The source head the merger saw; a different head is refused. */
  sha?: string;
  squash?: boolean;
};

/** Why a merge, now or set for later, is refused before anything is written. */
export type MergeRefusal =
  /** A merge check fails (GitLab's 405): the spec's blocker text. */
  | { kind: 'not_mergeable'; message: string }
  /** The client saw another head than the request's (GitLab's 409). */
  | { kind: 'sha_mismatch'; headSha: string | null }
  /** The request contradicts the project's squash option. */
  | { kind: 'refused'; message: string };

/** The request facts the choice reads. */
export type MergeChoiceFacts = {
  mergeRequest: { sourceBranch: string; targetBranch: string; headSha: string | null; squash: boolean };
  sourceBranchExists: boolean;
  settings: { squashOption: SquashOption };
};

/**
 * The rule "the client's sha is the head": a merge that names no sha takes whatever head the
 * request has; one that names a sha merges only that head.
 */
export const shaIsHead = (asked: string | undefined, headSha: string | null): boolean =>
  asked === undefined || asked === headSha;

/** GitLab's 409 when the client's sha is not the head (REST merge and merge train calls). */
export const shaMismatchText = (headSha: string | null) =>
  `SHA does not match HEAD of source branch: ${headSha ?? ''}`;

/**
 * Whether a merge may go on, in the order GitLab answers: a failing check first, then a stale
 * sha, then a squash choice the project refuses. On success, whether the merge squashes.
 */
export function mergeChoice(
  facts: MergeChoiceFacts,
  blocker: MergeBlocker | null,
  ask: MergeAsk,
): { ok: true; squash: boolean } | { ok: false; refusal: MergeRefusal } {
  const mr = facts.mergeRequest;
  if (blocker !== null)
    return {
      ok: false,
      refusal: {
        kind: 'not_mergeable',
        message: mergeBlockerMessage(blocker, { ...mr, sourceBranchExists: facts.sourceBranchExists }),
      },
    };
  if (!shaIsHead(ask.sha, mr.headSha))
    return { ok: false, refusal: { kind: 'sha_mismatch', headSha: mr.headSha } };
  const squash = squashOnMerge(facts.settings.squashOption, ask.squash, mr.squash);
  if (!squash.ok) return { ok: false, refusal: { kind: 'refused', message: squash.message } };
  return { ok: true, squash: squash.squash };
}
