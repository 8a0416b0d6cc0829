import type { NewPersonalAccessToken, PersonalAccessToken } from '../../../shared/api/accessTokens';
import type { TokenRow } from './access-tokens.repo';

/** GitLab's personal access token fields; `today` decides whether a dated token is still active. */
export function presentPersonalAccessToken(row: TokenRow, today: string): PersonalAccessToken {
  return {
    id: row.id,
    name: row.name,
    revoked: row.revoked,
    created_at: row.createdAt.toISOString(),
    scopes: row.scopes,
    user_id: row.userId,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    active: !row.revoked && (row.expiresAt === null || row.expiresAt > today),
    expires_at: row.expiresAt,
  };
}

/** The create response, the only one that carries the secret. */
export function presentNewPersonalAccessToken(
  row: TokenRow,
  token: string,
  today: string,
): NewPersonalAccessToken {
  return { ...presentPersonalAccessToken(row, today), token };
}
