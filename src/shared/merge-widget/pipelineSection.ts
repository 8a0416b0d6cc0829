/**
 * What the widget's pipeline section shows (spec 000 §2): the pipeline when CI exists; when CI
 * exists but the pipeline's status cannot be read, 'Could not retrieve the pipeline status. For
 * troubleshooting steps, read the documentation.' (GitLab's widget: `hasCi && !ciStatus`); when
 * pipeline-must-succeed applies and there is no CI, the requirement itself ('A CI/CD pipeline must
 * run and be successful before merge.'); otherwise nothing (`null`).
 */
export function pipelineSection(facts: {
  hasCi: boolean;
  /** The head pipeline's status, null when none could be read. */
  pipelineStatus: string | null;
  pipelineMustSucceed: boolean;
}): 'pipeline' | 'pipelineStatusFailed' | 'pipelineMustRun' | null {
  if (facts.hasCi) return facts.pipelineStatus ? 'pipeline' : 'pipelineStatusFailed';
  return facts.pipelineMustSucceed ? 'pipelineMustRun' : null;
}
