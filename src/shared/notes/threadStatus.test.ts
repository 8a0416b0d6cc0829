import { describe, expect, it } from 'vitest';
import { resolveChangeAfterSave, threadStatusMessage } from './threadStatus';

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
