import { describe, expect, it } from 'vitest';
import { autosaveKey, type AutosaveTarget } from './autosaveKey';

describe('autosave key (spec 001 §2.4)', () => {
  it.each<[AutosaveTarget, string]>([
    [{ kind: 'new', noteableType: 'MergeRequest', noteableId: 7 }, 'note/MergeRequest/7'],
    [{ kind: 'new', noteableType: 'Issue', noteableId: 3 }, 'note/Issue/3'],
    [{ kind: 'reply', discussionId: 'abc' }, 'note/Discussion/abc'],
    [{ kind: 'edit', noteId: 12 }, 'note/Note/12'],
  ])('%o is stored under %s', (target, key) => {
    expect(autosaveKey(target)).toBe(key);
  });
});
