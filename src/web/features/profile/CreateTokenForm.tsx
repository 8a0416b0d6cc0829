import { Button, Checkbox, CheckboxGroup, Flash, FormControl, TextInput } from '@primer/react';
import { useState, type FormEvent } from 'react';
import type { NewPersonalAccessToken } from '../../../shared/api/accessTokens';
import { TOKEN_SCOPE_DESCRIPTIONS, TOKEN_SCOPES, type TokenScope } from '../../../shared/access/credentials';
import { useCreateAccessToken } from './mutations';

const DAY_MS = 24 * 60 * 60 * 1000;
const tomorrow = () => new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);

type Problems = { name?: string; scopes?: string };

/** Name, optional expiry date and scopes of a new personal access token. */
export function CreateTokenForm({ onCreated }: { onCreated: (token: NewPersonalAccessToken) => void }) {
  const create = useCreateAccessToken();
  const [name, setName] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>([]);
  const [problems, setProblems] = useState<Problems>({});

  const toggle = (scope: TokenScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Problems = {
      ...(name.trim() ? {} : { name: 'Token name is required.' }),
      ...(scopes.length > 0 ? {} : { scopes: 'Select at least one scope.' }),
    };
    setProblems(found);
    if (found.name || found.scopes) return;
    create.mutate(
      {
        name: name.trim(),
        scopes: TOKEN_SCOPES.filter((s) => scopes.includes(s)),
        expires_at: expiresAt || null,
      },
      {
        onSuccess: (token) => {
          setName('');
          setExpiresAt('');
          setScopes([]);
          onCreated(token);
        },
      },
    );
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      {create.isError && <Flash variant="danger">{create.error.message}</Flash>}
      <div className="tokens-form__row">
        <FormControl>
          <FormControl.Label>Token name</FormControl.Label>
          <TextInput
            block
            value={name}
            maxLength={255}
            placeholder="For example, the application using the token"
            validationStatus={problems.name ? 'error' : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          {problems.name && <FormControl.Validation variant="error">{problems.name}</FormControl.Validation>}
        </FormControl>
        <FormControl>
          <FormControl.Label>Expiration date</FormControl.Label>
          <TextInput
            block
            type="date"
            min={tomorrow()}
            value={expiresAt}
            onChange={(event) => setExpiresAt(event.target.value)}
          />
          <FormControl.Caption>Leave empty for a token that does not expire.</FormControl.Caption>
        </FormControl>
      </div>
      <CheckboxGroup>
        <CheckboxGroup.Label>Select scopes</CheckboxGroup.Label>
        <CheckboxGroup.Caption>Scopes set the permission levels granted to the token.</CheckboxGroup.Caption>
        {TOKEN_SCOPES.map((scope) => (
          <FormControl key={scope}>
            <Checkbox
              value={scope}
              checked={scopes.includes(scope)}
              onChange={(event) => toggle(scope, event.target.checked)}
            />
            <FormControl.Label>{scope}</FormControl.Label>
            <FormControl.Caption>{TOKEN_SCOPE_DESCRIPTIONS[scope]}</FormControl.Caption>
          </FormControl>
        ))}
        {problems.scopes && (
          <CheckboxGroup.Validation variant="error">{problems.scopes}</CheckboxGroup.Validation>
        )}
      </CheckboxGroup>
      <div>
        <Button type="submit" variant="primary" loading={create.isPending}>
          Create personal access token
        </Button>
      </div>
    </form>
  );
}
