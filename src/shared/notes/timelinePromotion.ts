/** Spec 001 section 8: the outcome of "Add comment to incident timeline". */
export const PROMOTED_TO_TIMELINE = 'Comment added to the timeline.';
export const PROMOTE_TO_TIMELINE_FAILED = 'Something went wrong while promoting the note to timeline event.';

export type PromotionOutcome = { kind: 'success' | 'error'; text: string };

/** Spec 001 sections 5 and 8: errors the server returns are joined with ". "; a failed call is generic. */
export function promotionOutcome(answer: { errors: readonly string[] } | null): PromotionOutcome {
  if (!answer) return { kind: 'error', text: PROMOTE_TO_TIMELINE_FAILED };
  if (answer.errors.length > 0) {
    return { kind: 'error', text: `Error promoting the note to timeline event: ${answer.errors.join('. ')}` };
  }
  return { kind: 'success', text: PROMOTED_TO_TIMELINE };
}

/** Spec 001 section 6: only on an incident, for those who may add timeline events, never a system note. */
export function canPromoteToTimeline(
  targetType: string,
  canAddTimelineEvents: boolean,
  system: boolean,
): boolean {
  return targetType === 'incident' && canAddTimelineEvents && !system;
}
