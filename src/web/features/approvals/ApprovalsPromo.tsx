import { XIcon } from '@primer/octicons-react';
import { IconButton, Link } from '@primer/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { MR_APPROVALS_PROMO_DISMISSED } from '../../../shared/approvals';

const dismissedBefore = () => {
  try {
    return window.localStorage.getItem(MR_APPROVALS_PROMO_DISMISSED) === 'true';
  } catch {
    return false;
  }
};

/**
 * For those who may set approval rules, on a request nobody has to approve: where rules are set.
 * Dismissed for good in this browser, under `mr_approvals_promo.dismissed` (002 §2).
 */
export function ApprovalsPromo({ settingsPath }: { settingsPath: string }) {
  const [dismissed, setDismissed] = useState(dismissedBefore);
  if (dismissed) return null;
  const dismiss = () => {
    setDismissed(true);
    try {
      window.localStorage.setItem(MR_APPROVALS_PROMO_DISMISSED, 'true');
    } catch {
      // A browser that keeps nothing shows the card again next time.
    }
  };
  return (
    <div className="approvals-promo" role="region" aria-label="Approval rules">
      <p>
        Ask for the right reviews before merging:{' '}
        <Link as={RouterLink} to={settingsPath}>
          add approval rules
        </Link>{' '}
        to this project.
      </p>
      <IconButton icon={XIcon} aria-label="Dismiss" variant="invisible" size="small" onClick={dismiss} />
    </div>
  );
}
