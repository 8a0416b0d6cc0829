import type { SessionResponse } from '../../../shared/api/session';
import type { Config } from '../../config';

type SessionUserLike = { id: number; username: string; name: string; email: string; admin: boolean };

/** `GET /-/session` and the answer to sign-in and sign-up: who is signed in and the CSRF token to send. */
export function presentSession(
  user: SessionUserLike | null,
  csrfToken: string | null,
  config: Pick<Config, 'externalUrl'>,
): SessionResponse {
  return {
    user: user && {
      id: user.id,
      username: user.username,
      name: user.name,
      email: user.email,
      admin: user.admin,
      avatar_url: null,
      web_url: `${config.externalUrl}/${user.username}`,
    },
    csrf_token: csrfToken,
  };
}
