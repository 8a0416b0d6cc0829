/** GitLab's minimum password length. */
export const MIN_PASSWORD_LENGTH = 8;

/** The scopes a personal access token can carry, as GitLab names them. */
export const TOKEN_SCOPES = ['api', 'read_api', 'read_user', 'read_repository', 'write_repository'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** What each scope grants, in GitLab's words, for the token form. */
export const TOKEN_SCOPE_DESCRIPTIONS: Record<TokenScope, string> = {
  api: 'Grants complete read/write access to the API, including all groups and projects.',
  read_api: 'Grants read access to the API, including all groups and projects.',
  read_user: 'Grants read-only access to your profile through the /user API endpoint.',
  read_repository: 'Grants read-only access to repositories on private projects using Git-over-HTTP.',
  write_repository: 'Grants read-write access to repositories on private projects using Git-over-HTTP.',
};
