import type { ReactNode } from 'react';

/** One row of the widget box: a status icon, what it says, and its actions on the right. */
export function WidgetRow({
  icon,
  children,
  actions,
  label,
}: {
  icon: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  label?: string;
}) {
  return (
    <div className="box__row mw-row" aria-label={label}>
      <span className="mw-row__icon" aria-hidden="true">
        {icon}
      </span>
      <div className="mw-row__body">{children}</div>
      {actions && <div className="mw-row__actions">{actions}</div>}
    </div>
  );
}
