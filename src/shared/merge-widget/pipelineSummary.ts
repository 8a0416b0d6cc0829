/** The parts of the widget's pipeline sentence, in its order: "Pipeline #12 passed for 1a2b3c4d on feature". */
export type PipelineSummary = { type: string; id: string; status: string; commit: string; branch: string };

/**
 * The pipeline section's sentence (spec 000 section 2: event type name, id, status label, commit
 * short id, source branch), in parts so the page can link the id, commit and branch.
 */
export function pipelineSummary(pipeline: {
  id: number;
  details: { event_type_name: string; status: { label: string } };
  commit: { short_id: string };
  ref: { branch: string };
}): PipelineSummary {
  return {
    type: pipeline.details.event_type_name,
    id: `#${pipeline.id}`,
    status: pipeline.details.status.label,
    commit: pipeline.commit.short_id,
    branch: pipeline.ref.branch,
  };
}

/** The sentence as one text (for screen readers and tests). */
export const pipelineSentence = (summary: PipelineSummary): string =>
  `${summary.type} ${summary.id} ${summary.status} for ${summary.commit} on ${summary.branch}`;
