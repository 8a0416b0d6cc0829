import { Button, Flash, FormControl, Heading, Link, TextInput } from '@primer/react';
import { useState, type FormEvent } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { SignUpRequest } from '../../../shared/api/session';
import { MIN_PASSWORD_LENGTH } from '../../../shared/access/credentials';
import { useSignUp } from './mutations';
import { safeRedirectPath, sessionPageUrl } from './redirectTarget';
import { useSession } from '../../lib/useSession';
import './session.css';

type Field = keyof SignUpRequest;
type Problems = Partial<Record<Field, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the form can tell before asking the server; taken names and the like come back from it. */
function problemsOf(fields: SignUpRequest): Problems {
  const problems: Problems = {};
  if (!fields.name.trim()) problems.name = 'Full name is required.';
  if (!fields.username.trim()) problems.username = 'Username is required.';
  if (!EMAIL.test(fields.email.trim())) problems.email = 'Enter a valid email address.';
  if (fields.password.length < MIN_PASSWORD_LENGTH)
    problems.password = `Password is too short (minimum is ${MIN_PASSWORD_LENGTH} characters).`;
  return problems;
}

const LABELS: Record<Field, string> = {
  name: 'Full name',
  username: 'Username',
  email: 'Email',
  password: 'Password',
};
const AUTOCOMPLETE: Record<Field, string> = {
  name: 'name',
  username: 'username',
  email: 'email',
  password: 'new-password',
};

/** `/users/sign_up`: creates the account and signs it in. */
export function SignUpPage() {
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirectPath(searchParams.get('redirect_to'));
  const session = useSession();
  const signUp = useSignUp();
  const navigate = useNavigate();
  const [fields, setFields] = useState<SignUpRequest>({ name: '', username: '', email: '', password: '' });
  const [problems, setProblems] = useState<Problems>({});

  if (session.data?.user && !signUp.isPending) return <Navigate to={redirectTo} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf(fields);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    signUp.mutate(
      { ...fields, name: fields.name.trim(), username: fields.username.trim(), email: fields.email.trim() },
      { onSuccess: () => void navigate(redirectTo, { replace: true }) },
    );
  };

  const input = (field: Field, caption?: string) => (
    <FormControl key={field}>
      <FormControl.Label>{LABELS[field]}</FormControl.Label>
      <TextInput
        block
        type={field === 'password' ? 'password' : field === 'email' ? 'email' : 'text'}
        autoComplete={AUTOCOMPLETE[field]}
        autoFocus={field === 'name'}
        value={fields[field]}
        validationStatus={problems[field] ? 'error' : undefined}
        onChange={(event) => setFields({ ...fields, [field]: event.target.value })}
      />
      {problems[field] ? (
        <FormControl.Validation variant="error">{problems[field]}</FormControl.Validation>
      ) : (
        caption && <FormControl.Caption>{caption}</FormControl.Caption>
      )}
    </FormControl>
  );

  return (
    <div className="session-page">
      <Heading as="h1" className="session-page__title">
        Create an account
      </Heading>
      <p className="session-page__lead">Host your code, review merge requests and run pipelines.</p>
      {signUp.isError && <Flash variant="danger">{signUp.error.message}</Flash>}
      <form className="box session-card" onSubmit={submit} noValidate>
        {input('name')}
        {input('username', 'Your projects will live under this name.')}
        {input('email')}
        {input('password', `Minimum length is ${MIN_PASSWORD_LENGTH} characters.`)}
        <Button type="submit" variant="primary" block loading={signUp.isPending}>
          Register
        </Button>
      </form>
      <p className="box session-page__switch">
        Already have an account?{' '}
        <Link as={RouterLink} to={sessionPageUrl('sign_in', redirectTo)}>
          Sign in
        </Link>
      </p>
    </div>
  );
}
