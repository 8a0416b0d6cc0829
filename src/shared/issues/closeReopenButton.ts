import { assertNever } from '../lib/assertNever';

/** The states a noteable's button reads: `reopened` is an open issue that was closed once. */
export type NoteableState = 'opened' | 'reopened' | 'closed' | 'merged' | 'locked';

/** What the noteable is called in the button's text. */
export type NoteableKind = 'issue' | 'incident' | 'merge_request';

/** Issues change state through an update with `state_event`; other types call their close or reopen action. */
export type StateCall =
  { via: 'event'; stateEvent: 'close' | 'reopen' } | { via: 'action'; action: 'close' | 'reopen' };

export type CloseReopenButton =
  | { shown: false }
  | {
      shown: true;
      toggle: 'close' | 'reopen';
      label: string;
      disabled: boolean;
      loading: boolean;
      call: StateCall;
    };

export type CloseReopenInput = {
  kind: NoteableKind;
  state: NoteableState;
  discussionLocked: boolean;
  /** The viewer's `can_update` (spec 001 section 6: close/reopen needs it). */
  canUpdate: boolean;
  /** A state change is on its way: the button shows its loading state meanwhile. */
  toggling: boolean;
  /** With text in the comment form, the button also posts it: "Comment & close issue". */
  hasNoteText?: boolean;
};

const displayName = (kind: NoteableKind): string => {
  switch (kind) {
    case 'issue':
      return 'issue';
    case 'incident':
      return 'incident';
    case 'merge_request':
      return 'merge request';
    default:
      return assertNever(kind);
  }
};

/** Open, reopened and merged noteables offer to close; closed ones to reopen. */
const toggleOf = (state: NoteableState): 'close' | 'reopen' => {
  switch (state) {
    case 'opened':
    case 'reopened':
    case 'merged':
    case 'locked':
      return 'close';
    case 'closed':
      return 'reopen';
    default:
      return assertNever(state);
  }
};

/**
 * Spec 001 section 4: the close/reopen button toggles open, reopened and closed; it is disabled
 * when the noteable is merged, or closed with its discussion locked; it shows a loading state
 * while the call runs. Issues toggle through an event, other types call close or reopen.
 */
export function closeReopenButton(input: CloseReopenInput): CloseReopenButton {
  if (!input.canUpdate) return { shown: false };
  const toggle = toggleOf(input.state);
  const name = displayName(input.kind);
  const label = input.hasNoteText
    ? `Comment & ${toggle} ${name}`
    : `${toggle === 'close' ? 'Close' : 'Reopen'} ${name}`;
  const closedAndLocked = input.state === 'closed' && input.discussionLocked;
  const call: StateCall =
    input.kind === 'merge_request' ? { via: 'action', action: toggle } : { via: 'event', stateEvent: toggle };
  return {
    shown: true,
    toggle,
    label,
    disabled: input.state === 'merged' || closedAndLocked,
    loading: input.toggling,
    call,
  };
}
