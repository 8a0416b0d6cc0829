import { SmileyIcon } from '@primer/octicons-react';
import { AnchoredOverlay, Spinner } from '@primer/react';
import { Suspense, useRef, useState } from 'react';
import { lazyComponent } from '../../components/lazyComponent';
import { maskIcon } from '../../components/maskIcon';
import { ThreadIconButton } from './ThreadIconButton';

const REACTION_ICON = maskIcon(SmileyIcon);

const EmojiPickerBody = lazyComponent(() => import('./EmojiPickerBody').then((m) => m.EmojiPickerBody));

/**
 * The reaction picker. Every note has one, so until it is opened it is only its button: the
 * overlay (and its listeners) is mounted while it is open, and the emoji list loads then.
 */
export function EmojiPicker({ onPick }: { onPick: (name: string) => void }) {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  return (
    <>
      <ThreadIconButton
        ref={anchor}
        icon={REACTION_ICON}
        aria-label="Add reaction"
        aria-haspopup="dialog"
        aria-expanded={open}
        variant="invisible"
        onClick={() => setOpen(!open)}
      />
      {open && (
        <AnchoredOverlay
          open
          renderAnchor={null}
          anchorRef={anchor}
          onClose={() => setOpen(false)}
          overlayProps={{ role: 'dialog', 'aria-label': 'Emoji picker' }}
          focusZoneSettings={{ disabled: true }}
        >
          <Suspense fallback={<Spinner size="small" />}>
            <EmojiPickerBody
              onPick={(name) => {
                setOpen(false);
                onPick(name);
              }}
            />
          </Suspense>
        </AnchoredOverlay>
      )}
    </>
  );
}
