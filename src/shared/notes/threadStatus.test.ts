import { describe, expect, it } from 'vitest';
import {
  draftChangesThread,
  draftResolveDiscussion,
  resolveChangeAfterSave,
  threadStatusMessage,
} from './threadStatus';

describe('thread status (spec 001 §4)', () => {
  it.each([
    [true, false, 'Thread stays resolved', null],
    [true, true, 'Thread will be open', 'unresolve'],
    [false, true, 'Thread will be resolved', 'resolve'],
    [false, false, 'Thread stays open', null],
  ] as const)('resolved %s, checkbox %s: "%s", then %s', (resolved, checked, message, change) => {
    expect(threadStatusMessage(resolved, checked)).toBe(message);
    expect(resolveChangeAfterSave(resolved, checked)).toBe(change);
  });
});

describe('a pending reply’s resolve status (spec 001 §4, GitLab’s resolve_discussion)', () => {
  it.each([
    [true, false, true, 'Thread stays resolved'],
    [true, true, false, 'Thread will be open'],
    [false, true, true, 'Thread will be resolved'],
    [false, false, false, 'Thread stays open'],
  ] as const)('resolved %s, checkbox %s: flag %s, "%s"', (resolved, checked, flag, message) => {
    expect(draftResolveDiscussion(resolved, checked)).toBe(flag);
    expect(draftChangesThread(resolved, flag)).toBe(checked);
    expect(threadStatusMessage(resolved, draftChangesThread(resolved, flag))).toBe(message);
  });
});
