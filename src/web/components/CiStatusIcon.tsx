import type { ReactNode } from 'react';
import './ci-status.css';

/** The glyph inside the ring of each of GitLab's status icons (14 px grid). */
const GLYPHS: Record<string, ReactNode> = {
  status_success: <path d="M4.4 7.3l1.8 1.8 3.5-3.7" fill="none" />,
  status_failed: <path d="M5 5l4 4M9 5l-4 4" fill="none" />,
  status_warning: (
    <>
      <path d="M7 4v3.4" fill="none" />
      <circle cx="7" cy="9.6" r="0.6" />
    </>
  ),
  status_running: <path d="M7 3.6a3.4 3.4 0 0 1 0 6.8z" stroke="none" />,
  status_pending: <path d="M5.6 4.8v4.4M8.4 4.8v4.4" fill="none" />,
  status_preparing: (
    <>
      <circle cx="4.6" cy="7" r="0.7" />
      <circle cx="7" cy="7" r="0.7" />
      <circle cx="9.4" cy="7" r="0.7" />
    </>
  ),
  status_canceled: <path d="M4.7 9.3l4.6-4.6" fill="none" />,
  status_skipped: <path d="M4.4 4.8L6.6 7 4.4 9.2M7.4 4.8L9.6 7 7.4 9.2" fill="none" />,
  status_manual: (
    <>
      <circle cx="7" cy="7" r="1.6" fill="none" />
      <path
        d="M7 3.8v1.2M7 9v1.2M3.8 7H5M9 7h1.2M4.7 4.7l.9.9M8.4 8.4l.9.9M4.7 9.3l.9-.9M8.4 5.6l.9-.9"
        fill="none"
      />
    </>
  ),
  status_created: <circle cx="7" cy="7" r="2" stroke="none" />,
  status_scheduled: <path d="M7 4.4V7l1.8 1.3" fill="none" />,
};

type CiStatusIconProps = {
  /** GitLab's icon name (`status_success`...). */
  icon: string;
  /** Read by screen readers; none when text beside the icon says the status already. */
  label?: string;
  size?: number;
};

/** One of GitLab's CI status icons: a coloured ring with the status's glyph. */
export function CiStatusIcon({ icon, label, size = 16 }: CiStatusIconProps) {
  const name = icon in GLYPHS ? icon : 'status_created';
  return (
    <svg
      className={`ci-icon ci-icon--${name.replace('status_', '')}`}
      width={size}
      height={size}
      viewBox="0 0 14 14"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <circle className="ci-icon__ring" cx="7" cy="7" r="6.25" />
      <g className="ci-icon__glyph">{GLYPHS[name]}</g>
    </svg>
  );
}
