/** The pipeline suggestion card's text (spec 000 section 2). */
export const PIPELINE_SUGGESTION_TEXT = "Looks like there's no pipeline here.";

/**
 * Spec 000 section 2: the card shows when there is no CI, a path for adding a CI configuration
 * exists (the server gives one only to those who may commit it), and the card was not dismissed.
 */
export function showPipelineSuggestion(facts: {
  hasCi: boolean;
  addCiConfigPath: string | null;
  dismissed: boolean;
}): boolean {
  return !facts.hasCi && facts.addCiConfigPath !== null && !facts.dismissed;
}
