import { Gitlab } from '@gitbeaker/rest';

/** A real GitLab REST client (@gitbeaker/rest) pointed at our server, as a user's token. */
export function gitlabClient(host: string, token?: string): InstanceType<typeof Gitlab> {
  return new Gitlab({ host, ...(token ? { token } : {}) });
}
