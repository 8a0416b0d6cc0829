import { CheckIcon, CopyIcon } from '@primer/octicons-react';
import { IconButton, TextInput } from '@primer/react';
import { useId, useState } from 'react';

type Props = {
  label: string;
  value: string;
  /** The copy button's name for assistive technology. */
  copyLabel: string;
  /** Lays out the label, the field and the button (its direct children). */
  className: string;
  labelClassName?: string;
};

/** A read-only value to copy: selected on focus, with a copy button that says when it copied. */
export function CopyField({ label, value, copyLabel, className, labelClassName }: Props) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <TextInput id={id} block readOnly value={value} onFocus={(event) => event.target.select()} />
      <IconButton
        icon={copied ? CheckIcon : CopyIcon}
        aria-label={copied ? 'Copied' : copyLabel}
        onClick={copy}
      />
    </div>
  );
}
