/** Spec 3, the diff file's `viewer` flags that decide whether its body is shown. */
export type CollapseFlags = {
  automaticallyCollapsed: boolean;
  manuallyCollapsed: boolean | null;
  forceOpen: boolean;
};

/**
 * A file's flags when the page loads: collapsed automatically when the server says it is past the
 * collapse limits; a file the reader marked reviewed starts collapsed as by their own hand.
 */
export const initialFlags = (automaticallyCollapsed = false, reviewed = false): CollapseFlags => ({
  automaticallyCollapsed,
  manuallyCollapsed: reviewed ? true : null,
  forceOpen: false,
});

export type CollapseEvent =
  | { type: 'auto-collapse' }
  | { type: 'user-collapse' }
  | { type: 'user-expand' }
  | { type: 'expand-all' }
  | { type: 'collapse-all' }
  | { type: 'mark-reviewed' }
  | { type: 'unmark-reviewed' }
  | { type: 'force-open' };

/**
 * Spec section 4: auto collapse sets the automatic flag and clears the manual one; a user's
 * collapse does the reverse; expand all and collapse all set the manual flag on every file;
 * marking reviewed collapses and unmarking expands. A manual choice, once made, wins.
 */
export function applyCollapse(flags: CollapseFlags, event: CollapseEvent): CollapseFlags {
  switch (event.type) {
    case 'auto-collapse':
      return { ...flags, automaticallyCollapsed: true, manuallyCollapsed: null };
    case 'user-collapse':
    case 'collapse-all':
    case 'mark-reviewed':
      return { ...flags, automaticallyCollapsed: false, manuallyCollapsed: true, forceOpen: false };
    case 'user-expand':
    case 'expand-all':
    case 'unmark-reviewed':
      return { ...flags, automaticallyCollapsed: false, manuallyCollapsed: false };
    case 'force-open':
      return { ...flags, forceOpen: true };
  }
}

export function isCollapsed(flags: CollapseFlags): boolean {
  if (flags.forceOpen) return false;
  if (flags.manuallyCollapsed !== null) return flags.manuallyCollapsed;
  return flags.automaticallyCollapsed;
}

/**
 * Collapsed by the page rather than by the reader: the file says why ("Files with large changes
 * are collapsed by default.") and offers to expand it, where a file the reader collapsed shows
 * its header alone.
 */
export const isAutomaticallyCollapsed = (flags: CollapseFlags): boolean =>
  isCollapsed(flags) && flags.manuallyCollapsed === null;
