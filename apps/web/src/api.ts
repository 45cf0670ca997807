// The one way this page reaches the API: @qpc/client's GraphQL client.
import { createGraphQLClient } from '@qpc/client/graphql';
import { session } from './session.js';

/** The endpoint named in the page's `<meta name="qpc-graphql-url">`, else its own `/graphql`. */
function endpoint(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="qpc-graphql-url"]');
  return new URL(meta?.content || '/graphql', location.href).toString();
}

export const api = createGraphQLClient({ url: endpoint(), token: () => session.token });
