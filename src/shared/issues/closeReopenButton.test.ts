import { describe, expect, it } from 'vitest';
import { closeReopenButton, type CloseReopenInput } from './closeReopenButton';

const base: CloseReopenInput = {
  kind: 'issue',
  state: 'opened',
  discussionLocked: false,
  canUpdate: true,
  toggling: false,
};

describe('the close/reopen button (spec 001 section 4)', () => {
  it.each<[string, Partial<CloseReopenInput>, { toggle: string; label: string; disabled: boolean }]>([
    ['an open issue', {}, { toggle: 'close', label: 'Close issue', disabled: false }],
    ['a reopened issue', { state: 'reopened' }, { toggle: 'close', label: 'Close issue', disabled: false }],
    ['a closed issue', { state: 'closed' }, { toggle: 'reopen', label: 'Reopen issue', disabled: false }],
    [
      'a closed and locked issue',
      { state: 'closed', discussionLocked: true },
      { toggle: 'reopen', label: 'Reopen issue', disabled: true },
    ],
    [
      'an open and locked issue',
      { discussionLocked: true },
      { toggle: 'close', label: 'Close issue', disabled: false },
    ],
    ['an open incident', { kind: 'incident' }, { toggle: 'close', label: 'Close incident', disabled: false }],
    [
      'a closed incident',
      { kind: 'incident', state: 'closed' },
      { toggle: 'reopen', label: 'Reopen incident', disabled: false },
    ],
    [
      'an open merge request',
      { kind: 'merge_request' },
      { toggle: 'close', label: 'Close merge request', disabled: false },
    ],
    [
      'a merged merge request',
      { kind: 'merge_request', state: 'merged' },
      { toggle: 'close', label: 'Close merge request', disabled: true },
    ],
    [
      'an open issue with a comment typed',
      { hasNoteText: true },
      { toggle: 'close', label: 'Comment & close issue', disabled: false },
    ],
    [
      'a closed issue with a comment typed',
      { state: 'closed', hasNoteText: true },
      { toggle: 'reopen', label: 'Comment & reopen issue', disabled: false },
    ],
  ])('%s', (_, input, expected) => {
    expect(closeReopenButton({ ...base, ...input })).toMatchObject({ shown: true, ...expected });
  });

  it('is not shown to those who may not update the noteable', () => {
    expect(closeReopenButton({ ...base, canUpdate: false })).toEqual({ shown: false });
  });

  it('shows its loading state while the call runs', () => {
    expect(closeReopenButton({ ...base, toggling: true })).toMatchObject({ loading: true });
    expect(closeReopenButton(base)).toMatchObject({ loading: false });
  });

  it.each<[Partial<CloseReopenInput>, object]>([
    [{}, { via: 'event', stateEvent: 'close' }],
    [{ state: 'closed' }, { via: 'event', stateEvent: 'reopen' }],
    [{ kind: 'incident' }, { via: 'event', stateEvent: 'close' }],
    [{ kind: 'merge_request' }, { via: 'action', action: 'close' }],
    [
      { kind: 'merge_request', state: 'closed' },
      { via: 'action', action: 'reopen' },
    ],
  ])('issues toggle through an event, other types call an action: %j', (input, call) => {
    expect(closeReopenButton({ ...base, ...input })).toMatchObject({ call });
  });
});
