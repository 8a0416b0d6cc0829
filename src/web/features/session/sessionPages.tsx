import type { RouteObject } from 'react-router';
import { SignInPage } from './SignInPage';
import { SignUpPage } from './SignUpPage';

export const sessionPages: RouteObject[] = [
  { path: '/users/sign_in', element: <SignInPage /> },
  { path: '/users/sign_up', element: <SignUpPage /> },
];
