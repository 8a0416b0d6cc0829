import { Label, Tooltip } from '@primer/react';

/** A badge whose explanation shows on hover and keyboard focus (a tooltip needs a focusable element). */
export function BadgeWithTooltip({ label, tooltip }: { label: string; tooltip: string }) {
  return (
    <Tooltip text={tooltip} direction="n" type="description">
      <button type="button" className="note-badge-button">
        <Label variant="attention" className="note-badge">
          {label}
        </Label>
      </button>
    </Tooltip>
  );
}
