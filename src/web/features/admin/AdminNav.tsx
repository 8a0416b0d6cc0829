import { UnderlineNav } from '@primer/react';
import { Link as RouterLink, useLocation } from 'react-router';

/** The admin area's pages, in GitLab's names. */
const ADMIN_PAGES = [
  { path: '/admin/abuse_reports', label: 'Abuse reports' },
  { path: '/admin/runners', label: 'Runners' },
  { path: '/admin/push_rule', label: 'Push rules' },
] as const;

/** The admin area's navigation, on its pages; they render it for administrators only. */
export function AdminNav() {
  const { pathname } = useLocation();
  return (
    <UnderlineNav aria-label="Admin area">
      {ADMIN_PAGES.map(({ path, label }) => (
        <UnderlineNav.Item
          key={path}
          as={RouterLink}
          to={path}
          aria-current={pathname === path ? 'page' : undefined}
        >
          {label}
        </UnderlineNav.Item>
      ))}
    </UnderlineNav>
  );
}
