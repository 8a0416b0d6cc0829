/**
 * What the widget's pipeline section shows (spec 000 §2): the pipeline when CI exists; when
 * pipeline-must-succeed applies and there is no CI, the requirement itself ('A CI/CD pipeline
 * must run and be successful before merge.'); otherwise nothing (`null`).
 */
export function pipelineSection(facts: {
  hasCi: boolean;
  pipelineMustSucceed: boolean;
}): 'pipeline' | 'pipelineMustRun' | null {
  if (facts.hasCi) return 'pipeline';
  return facts.pipelineMustSucceed ? 'pipelineMustRun' : null;
}
