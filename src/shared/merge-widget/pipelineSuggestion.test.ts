import { describe, expect, it } from 'vitest';
import { showPipelineSuggestion } from './pipelineSuggestion';

const path = '/group/app/-/new/feature?file_name=.gitlab-ci.yml';

describe('showPipelineSuggestion', () => {
  it.each<[string, boolean, string | null, boolean, boolean]>([
    ['§2: no CI, a path to add one, not dismissed: shown', false, path, false, true],
    ['§2: hidden once CI exists', true, path, false, false],
    ['§2: hidden without a path for adding a CI configuration', false, null, false, false],
    ['§2: hidden once dismissed', false, path, true, false],
  ])('%s', (_rule, hasCi, addCiConfigPath, dismissed, expected) => {
    expect(showPipelineSuggestion({ hasCi, addCiConfigPath, dismissed })).toBe(expected);
  });
});
