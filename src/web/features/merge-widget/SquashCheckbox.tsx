import { Checkbox, Tooltip } from '@primer/react';
import { useId } from 'react';

type Props = {
  checked: boolean;
  /** The project requires squashing: the box stays ticked, with `tooltip` saying why. */
  readonly: boolean;
  tooltip: string | null;
  onChange: (checked: boolean) => void;
};

/**
 * "Squash commits". Read-only, it is `aria-disabled` rather than disabled: a disabled input takes
 * neither focus nor hover, so its tooltip ('Required in this project.') would reach nobody; this
 * way keyboard users see it on focus, and screen readers read it as the box's description.
 */
export function SquashCheckbox({ checked, readonly, tooltip, onChange }: Props) {
  const id = useId();
  const box = (
    <Checkbox
      id={id}
      checked={checked}
      aria-disabled={readonly || undefined}
      onChange={(event) => {
        if (!readonly) onChange(event.target.checked);
      }}
    />
  );
  return (
    <div className={readonly ? 'mw-check mw-check--readonly' : 'mw-check'}>
      {tooltip ? (
        <Tooltip text={tooltip} direction="n">
          {box}
        </Tooltip>
      ) : (
        box
      )}
      <label htmlFor={id}>Squash commits</label>
    </div>
  );
}
