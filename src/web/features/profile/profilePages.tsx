import type { RouteObject } from 'react-router';
import { lazyComponent } from '../../components/lazyComponent';

const PersonalAccessTokensPage = lazyComponent(() =>
  import('./PersonalAccessTokensPage').then((m) => m.PersonalAccessTokensPage),
);

export const profilePages: RouteObject[] = [
  { path: '/-/user_settings/personal_access_tokens', element: <PersonalAccessTokensPage /> },
];
