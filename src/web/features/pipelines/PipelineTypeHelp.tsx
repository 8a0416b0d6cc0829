import { QuestionIcon } from '@primer/octicons-react';
import { AnchoredOverlay, IconButton } from '@primer/react';
import { useRef, useState } from 'react';
import type { PipelineTypePopover } from '../../../shared/ci/views/pipelineTypes';
import './pipeline-type.css';

/**
 * The explanatory popover of a merge request pipeline's type (spec 000 section 9, 002 section 2):
 * what it ran on. The widget opens it from a help icon beside its sentence; the list and the
 * pipeline page from the type's label itself (`asLabel`).
 */
export function PipelineTypeHelp({
  popover,
  asLabel = false,
}: {
  popover: PipelineTypePopover;
  asLabel?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  const toggle = { 'aria-expanded': open, onClick: () => setOpen((was) => !was) };
  return (
    <>
      {asLabel ? (
        <button ref={anchor} type="button" className="ci-type-label" aria-haspopup="dialog" {...toggle}>
          {popover.title}
        </button>
      ) : (
        <IconButton
          ref={anchor}
          icon={QuestionIcon}
          size="small"
          variant="invisible"
          aria-label={`What is a ${popover.title.toLowerCase()}?`}
          className="ci-type-help"
          {...toggle}
        />
      )}
      {open && (
        <AnchoredOverlay
          open
          renderAnchor={null}
          anchorRef={anchor}
          onClose={() => setOpen(false)}
          overlayProps={{ role: 'dialog', 'aria-label': popover.title }}
          focusZoneSettings={{ disabled: true }}
        >
          <div className="ci-type-popover">
            <p className="ci-type-popover__title">{popover.title}</p>
            <p>{popover.body}</p>
          </div>
        </AnchoredOverlay>
      )}
    </>
  );
}
