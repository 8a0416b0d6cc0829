import { XIcon } from '@primer/octicons-react';
import { Flash, IconButton } from '@primer/react';
import type { ReactNode } from 'react';
import './dismissible-flash.css';

type Props = {
  variant: 'danger' | 'success' | 'warning' | 'default';
  onDismiss: () => void;
  children: ReactNode;
};

/** A message the reader may close once read; errors are announced as alerts, the rest as status. */
export function DismissibleFlash({ variant, onDismiss, children }: Props) {
  return (
    <Flash variant={variant} role={variant === 'danger' ? 'alert' : 'status'} className="dismissible-flash">
      <div>{children}</div>
      <IconButton icon={XIcon} variant="invisible" size="small" aria-label="Dismiss" onClick={onDismiss} />
    </Flash>
  );
}
