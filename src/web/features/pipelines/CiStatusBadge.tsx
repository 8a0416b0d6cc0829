import { Link as RouterLink } from 'react-router';
import { CiStatusIcon } from '../../components/CiStatusIcon';
import type { StatusLook } from '../../components/ciStatusLook';

/** GitLab's status badge: icon and text in the status's colour, a link to the details when given. */
export function CiStatusBadge({ look, to }: { look: StatusLook; to?: string }) {
  const className = `ci-badge ci-badge--${look.icon.replace('status_', '')}`;
  const body = (
    <>
      <CiStatusIcon icon={look.icon} />
      <span>{look.text}</span>
    </>
  );
  return to ? (
    <RouterLink to={to} className={className} title={look.label}>
      {body}
    </RouterLink>
  ) : (
    <span className={className} title={look.label}>
      {body}
    </span>
  );
}
