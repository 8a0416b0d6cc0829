import type { RouteObject } from 'react-router';
import { lazyComponent } from '../../components/lazyComponent';

const SignInPage = lazyComponent(() => import('./SignInPage').then((m) => m.SignInPage));
const SignUpPage = lazyComponent(() => import('./SignUpPage').then((m) => m.SignUpPage));

export const sessionPages: RouteObject[] = [
  { path: '/users/sign_in', element: <SignInPage /> },
  { path: '/users/sign_up', element: <SignUpPage /> },
];
