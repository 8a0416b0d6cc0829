import { Button, Checkbox, Flash, FormControl, Heading, Link, TextInput } from '@primer/react';
import { useState, type FormEvent } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useSignIn } from './mutations';
import { safeRedirectPath, sessionPageUrl } from './redirectTarget';
import { useSession } from '../../lib/useSession';
import './session.css';

/** `/users/sign_in`: username or e-mail and password; back to `redirect_to` afterwards. */
export function SignInPage() {
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirectPath(searchParams.get('redirect_to'));
  const session = useSession();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);

  if (session.data?.user && !signIn.isPending) return <Navigate to={redirectTo} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate(
      { login: login.trim(), password, remember_me: rememberMe },
      { onSuccess: () => void navigate(redirectTo, { replace: true }) },
    );
  };

  return (
    <div className="session-page">
      <Heading as="h1" className="session-page__title">
        Sign in to Mergeway
      </Heading>
      {signIn.isError && <Flash variant="danger">{signIn.error.message}</Flash>}
      <form className="box session-card" onSubmit={submit}>
        <FormControl>
          <FormControl.Label>Username or primary email</FormControl.Label>
          <TextInput
            block
            required
            autoFocus
            autoComplete="username"
            value={login}
            onChange={(event) => setLogin(event.target.value)}
          />
        </FormControl>
        <FormControl>
          <FormControl.Label>Password</FormControl.Label>
          <TextInput
            block
            required
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </FormControl>
        <FormControl>
          <Checkbox checked={rememberMe} onChange={(event) => setRememberMe(event.target.checked)} />
          <FormControl.Label>Remember me</FormControl.Label>
        </FormControl>
        <Button type="submit" variant="primary" block loading={signIn.isPending}>
          Sign in
        </Button>
      </form>
      <p className="box session-page__switch">
        Don&apos;t have an account yet?{' '}
        <Link as={RouterLink} to={sessionPageUrl('sign_up', redirectTo)}>
          Register now
        </Link>
      </p>
    </div>
  );
}
