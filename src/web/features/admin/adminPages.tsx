import type { RouteObject } from 'react-router';
import { lazyComponent } from '../../components/lazyComponent';

const AbuseReportsPage = lazyComponent(() => import('./AbuseReportsPage').then((m) => m.AbuseReportsPage));
const PushRulesPage = lazyComponent(() => import('./PushRulesPage').then((m) => m.PushRulesPage));

/** The admin area (`/admin/...`), for administrators. */
export const adminPages: RouteObject[] = [
  { path: '/admin/abuse_reports', element: <AbuseReportsPage /> },
  { path: '/admin/push_rule', element: <PushRulesPage /> },
];
