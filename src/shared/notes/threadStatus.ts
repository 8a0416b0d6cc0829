/** Spec 001 section 4: what saving the reply will do to its thread, said under the resolve checkbox. */
export type ThreadStatusMessage =
  'Thread stays resolved' | 'Thread will be resolved' | 'Thread will be open' | 'Thread stays open';

/**
 * `checked` is the checkbox: on an open thread it reads "Resolve thread", on a resolved one "Reopen
 * thread" (so checked means "change the state").
 */
export function threadStatusMessage(resolved: boolean, checked: boolean): ThreadStatusMessage {
  if (resolved) return checked ? 'Thread will be open' : 'Thread stays resolved';
  return checked ? 'Thread will be resolved' : 'Thread stays open';
}

export function resolveCheckboxLabel(resolved: boolean): string {
  return resolved ? 'Reopen thread' : 'Resolve thread';
}

/** The resolve call after saving: only an open thread being resolved, or a resolved one being reopened. */
export function resolveChangeAfterSave(resolved: boolean, checked: boolean): 'resolve' | 'unresolve' | null {
  if (!checked) return null;
  return resolved ? 'unresolve' : 'resolve';
}

/**
 * A pending reply's `resolve_discussion` is the state its thread is left in once the review is
 * submitted (GitLab's rule): resolved, unless the checkbox changes a resolved thread or leaves an
 * open one open.
 */
export function draftResolveDiscussion(resolved: boolean, checked: boolean): boolean {
  return resolved !== checked;
}

/** The other way round: whether a pending reply's flag changes its thread (its checkbox is ticked). */
export function draftChangesThread(resolved: boolean, resolveDiscussion: boolean): boolean {
  return resolved !== resolveDiscussion;
}
