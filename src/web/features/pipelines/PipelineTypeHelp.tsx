import { QuestionIcon } from '@primer/octicons-react';
import { AnchoredOverlay, IconButton } from '@primer/react';
import { useRef, useState } from 'react';
import type { PipelineTypePopover } from '../../../shared/ci/views/pipelineTypes';

/** The help popover beside a merge request pipeline's type (spec 000 section 9): what it ran on. */
export function PipelineTypeHelp({ popover }: { popover: PipelineTypePopover }) {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  return (
    <>
      <IconButton
        ref={anchor}
        icon={QuestionIcon}
        size="small"
        variant="invisible"
        aria-label={`What is a ${popover.title.toLowerCase()}?`}
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
        className="mw-pipeline__help"
      />
      {open && (
        <AnchoredOverlay
          open
          renderAnchor={null}
          anchorRef={anchor}
          onClose={() => setOpen(false)}
          overlayProps={{ role: 'dialog', 'aria-label': popover.title }}
          focusZoneSettings={{ disabled: true }}
        >
          <div className="mw-popover">
            <p className="mw-popover__title">{popover.title}</p>
            <p>{popover.body}</p>
          </div>
        </AnchoredOverlay>
      )}
    </>
  );
}
