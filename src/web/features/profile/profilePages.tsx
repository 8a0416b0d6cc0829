import type { RouteObject } from 'react-router';
import { PersonalAccessTokensPage } from './PersonalAccessTokensPage';

export const profilePages: RouteObject[] = [
  { path: '/-/user_settings/personal_access_tokens', element: <PersonalAccessTokensPage /> },
];
