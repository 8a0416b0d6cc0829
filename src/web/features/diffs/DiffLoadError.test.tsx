import { describe, expect, it } from 'vitest';
import { latestVersionSearch } from './DiffLoadError';

describe('the way back to the latest version', () => {
  it.each([
    ['?diff_id=999999', ''],
    [`?diff_id=3&start_sha=${'a'.repeat(40)}&view=parallel`, '?view=parallel'],
    [`?commit_id=${'b'.repeat(40)}`, ''],
    ['?diff_head=true&only_context_commits=true&view=inline', '?view=inline'],
  ])('goes from %s back to the latest version at "%s"', (search, latest) => {
    expect(latestVersionSearch(new URLSearchParams(search))).toBe(latest);
  });
});
