import { Heading } from '@primer/react';
import { useState } from 'react';
import type { NewPersonalAccessToken } from '../../../shared/api/accessTokens';
import { RequireSignIn } from '../session/RequireSignIn';
import { CreateTokenForm } from './CreateTokenForm';
import { NewTokenNotice } from './NewTokenNotice';
import { TokenList } from './TokenList';
import './profile.css';

/** `/-/user_settings/personal_access_tokens`: create, see once, list and revoke tokens. */
export function PersonalAccessTokensPage() {
  const [created, setCreated] = useState<NewPersonalAccessToken | null>(null);
  return (
    <RequireSignIn>
      {(user) => (
        <div className="stack tokens-page">
          <div>
            <Heading as="h1">Personal access tokens</Heading>
            <p className="tokens-page__intro">
              You can generate a personal access token for each application you use that needs access to the
              Mergeway API. You can also use personal access tokens to authenticate against Git over HTTP.
            </p>
          </div>
          {created && <NewTokenNotice key={created.id} token={created} />}
          <section className="box tokens-section" aria-labelledby="new-token-title">
            <h2 id="new-token-title" className="tokens-section__title">
              Add a new token
            </h2>
            <CreateTokenForm onCreated={setCreated} />
          </section>
          <TokenList userId={user.id} />
        </div>
      )}
    </RequireSignIn>
  );
}
