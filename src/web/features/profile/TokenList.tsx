import {
  Button,
  ConfirmationDialog,
  CounterLabel,
  Flash,
  Label,
  Pagination,
  RelativeTime,
  Spinner,
  VisuallyHidden,
} from '@primer/react';
import { useState } from 'react';
import type { PersonalAccessToken } from '../../../shared/api/accessTokens';
import { useRevokeAccessToken } from './mutations';
import { useActiveAccessTokens } from './queries';

const formatDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** The user's active tokens, a page at a time, each with a Revoke button that asks first. */
export function TokenList({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const tokens = useActiveAccessTokens(userId, page);
  const revoke = useRevokeAccessToken();
  const [revoking, setRevoking] = useState<PersonalAccessToken | null>(null);

  const closeDialog = (gesture: 'confirm' | 'close-button' | 'cancel' | 'escape') => {
    if (gesture === 'confirm' && revoking) revoke.mutate(revoking.id, { onSettled: () => setRevoking(null) });
    else setRevoking(null);
  };

  return (
    <section className="box tokens-section" aria-labelledby="active-tokens-title">
      <h2 id="active-tokens-title" className="tokens-section__title">
        Active personal access tokens{' '}
        {tokens.status === 'success' && <CounterLabel>{tokens.data.total}</CounterLabel>}
      </h2>
      {revoke.isError && <Flash variant="danger">{revoke.error.message}</Flash>}
      <TokenTable state={tokens} onRevoke={setRevoking} />
      {tokens.status === 'success' && tokens.data.totalPages > 1 && (
        <Pagination
          pageCount={tokens.data.totalPages}
          currentPage={page}
          onPageChange={(event, next) => {
            event.preventDefault();
            setPage(next);
          }}
        />
      )}
      {revoking && (
        <ConfirmationDialog
          title="Revoke personal access token?"
          confirmButtonContent="Revoke"
          confirmButtonType="danger"
          confirmButtonLoading={revoke.isPending}
          onClose={closeDialog}
        >
          Are you sure you want to revoke the token “{revoking.name}”? Anything using it will lose access.
          This action cannot be undone.
        </ConfirmationDialog>
      )}
    </section>
  );
}

function TokenTable({
  state,
  onRevoke,
}: {
  state: ReturnType<typeof useActiveAccessTokens>;
  onRevoke: (token: PersonalAccessToken) => void;
}) {
  switch (state.status) {
    case 'pending':
      return <Spinner size="medium" srText="Loading tokens" />;
    case 'error':
      return <Flash variant="danger">{state.error.message}</Flash>;
    case 'success':
      if (state.data.items.length === 0)
        return <p className="blankslate">This user has no active personal access tokens.</p>;
      return (
        <table className="tokens-table">
          <thead>
            <tr>
              <th scope="col">Token name</th>
              <th scope="col">Scopes</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Expires</th>
              <th scope="col">
                <VisuallyHidden>Action</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {state.data.items.map((token) => (
              <tr key={token.id}>
                <td>{token.name}</td>
                <td>
                  <span className="tokens-table__scopes">
                    {token.scopes.map((scope) => (
                      <Label key={scope}>{scope}</Label>
                    ))}
                  </span>
                </td>
                <td>
                  <RelativeTime date={new Date(token.created_at)} />
                </td>
                <td>{token.last_used_at ? <RelativeTime date={new Date(token.last_used_at)} /> : 'Never'}</td>
                <td>{token.expires_at ? formatDay(token.expires_at) : 'Never'}</td>
                <td>
                  <Button
                    size="small"
                    variant="danger"
                    aria-label={`Revoke ${token.name}`}
                    onClick={() => onRevoke(token)}
                  >
                    Revoke
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      );
  }
}
