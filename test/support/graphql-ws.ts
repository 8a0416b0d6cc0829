import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

/**
 * A graphql-ws client of `/api/graphql` whose WebSocket upgrade carries the user's token, as a
 * script or bot would (anonymous without one). It connects on its first subscription.
 */
export function subscriptionClient(url: string, token?: string): Client {
  class AuthenticatedWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, token ? { headers: { 'private-token': token } } : {});
    }
  }
  return createClient({
    url: url.replace('http', 'ws') + '/api/graphql',
    webSocketImpl: AuthenticatedWebSocket,
  });
}
