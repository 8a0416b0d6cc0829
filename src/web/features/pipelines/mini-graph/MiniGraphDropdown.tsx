import { AnchoredOverlay } from '@primer/react';
import { useRef, useState, type ReactNode } from 'react';
import { CiStatusIcon } from '../../../components/CiStatusIcon';

type Props = {
  /** The status icon the toggle shows. */
  icon: string;
  /** The toggle's tooltip. */
  title: string;
  /** What a screen reader says of the toggle. */
  label: string;
  /** The open list's name. */
  listLabel: string;
  /** The list, rendered (and so read and polled) only while open. */
  children: ReactNode;
};

/**
 * A mini graph dropdown (a stage's or a downstream pipeline's): a status icon that opens a list
 * anchored to it. What the list reads is mounted only while open, so closing it stops its polling
 * and clears its search (spec 002 section 2).
 */
export function MiniGraphDropdown({ icon, title, label, listLabel, children }: Props) {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={anchor}
        type="button"
        className="ci-mini-graph__stage"
        title={title}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
      >
        <CiStatusIcon icon={icon} size={20} />
      </button>
      {open && (
        <AnchoredOverlay
          open
          renderAnchor={null}
          anchorRef={anchor}
          onClose={() => setOpen(false)}
          overlayProps={{ role: 'dialog', 'aria-label': listLabel }}
          focusZoneSettings={{ disabled: true }}
        >
          {children}
        </AnchoredOverlay>
      )}
    </>
  );
}
