import type { RouteObject } from 'react-router';
import { AbuseReportsPage } from './AbuseReportsPage';

/** The admin area (`/admin/...`), for administrators. */
export const adminPages: RouteObject[] = [{ path: '/admin/abuse_reports', element: <AbuseReportsPage /> }];
