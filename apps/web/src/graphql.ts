// The page's GraphQL client: urql, fed by @qpc/client's typed documents, with the caller's token.
// Reads are persisted queries by GET (APQ): a short URL naming the document's hash, which the
// browser, and for anonymous visitors a shared cache, may keep and revalidate (a 304 is not
// counted against the rate limit). urql's document cache answers a screen seen before (Back,
// Forward, a revisit) without asking again: cache-first, the client's default.
import { persistedExchange } from '@urql/exchange-persisted';
import { ApiError, networkError, retryAfterOf, statusOfGraphQLError } from '@qpc/client/graphql';
import type { TypedDocumentString } from '@qpc/client/graphql';
import { Client, cacheExchange, fetchExchange, ssrExchange, useMutation, useQuery } from 'urql';
import type { AnyVariables, CombinedError, SSRData, UseQueryArgs } from 'urql';
import { graphqlUrl } from './page-config.js';

/** Where the token of each request comes from: the token box or Clerk's session. */
export type TokenSource = () => Promise<string | undefined> | string | undefined;
let tokenSource: TokenSource = () => undefined;

export function setTokenSource(source: TokenSource): void {
  tokenSource = source;
}

/** The caller's token, for requests made outside GraphQL (the paper's PDF). */
export async function currentToken(): Promise<string | undefined> {
  return tokenSource();
}

/**
 * A client with an empty cache: one per sign-in, so no answer meant for another caller is reused.
 * Its requests carry the token `source` gives (the session's by default). `firstData`: answers the
 * server sent with the page (anonymous ones: only for a client without a token), replayed once.
 */
export function createClient(
  source: TokenSource = () => tokenSource(),
  firstData?: SSRData,
): Client {
  const replay = firstData ? [ssrExchange({ isClient: true, initialState: firstData })] : [];
  return new Client({
    url: graphqlUrl(),
    exchanges: [
      cacheExchange,
      ...replay,
      persistedExchange({ preferGetForPersistedQueries: 'within-url-limit' }),
      fetchExchange,
    ],
    // Mutations are never persisted: they go by POST, as before.
    preferGetMethod: false,
    fetch: async (input, init) => {
      const token = await source();
      const headers = new Headers(init?.headers);
      if (token) headers.set('authorization', `Bearer ${token}`);
      // Apollo's CSRF prevention lets a GET through only with a header no simple cross-site
      // request may carry; Content-Type is one that CORS_ORIGINS' preflight already allows.
      if ((init?.method ?? 'GET') === 'GET') headers.set('content-type', 'application/json');
      // The browser keeps each answer with its ETag but asks every time (`no-cache`): its copy
      // would otherwise be served stale for minutes after a change (stale-while-revalidate is
      // meant for shared caches), or an anonymous copy stand in for the signed-in caller's own
      // answer at the same URL. Unchanged, the gateway answers 304, which is not counted.
      return fetch(input, { ...init, headers, cache: 'no-cache' });
    },
  });
}

/** urql's error as the ApiError @qpc/client raises, so every screen explains errors one way. */
export function toApiError(error: CombinedError): ApiError {
  const response = error.response as Response | undefined;
  const first = error.graphQLErrors[0];
  if (!first) {
    if (!response) return networkError(error.networkError ?? error.message);
    return new ApiError({
      status: response.status || 502,
      code: 'UNEXPECTED_RESPONSE',
      message: error.networkError?.message ?? error.message,
      requestId: response.headers.get('x-request-id') ?? undefined,
      retryAfterSeconds: retryAfterOf(response),
    });
  }
  const extensions = first.extensions as ApiError['graphQLErrors'][number]['extensions'];
  const httpStatus = response?.status ?? 200;
  return new ApiError({
    status: statusOfGraphQLError(extensions?.code, httpStatus),
    httpStatus,
    code: extensions?.code ?? 'INTERNAL_SERVER_ERROR',
    message: first.message,
    requestId: extensions?.requestId ?? response?.headers.get('x-request-id') ?? undefined,
    details: extensions?.details,
    retryAfterSeconds: response ? retryAfterOf(response) : undefined,
  });
}

type Options = Omit<UseQueryArgs<AnyVariables>, 'query' | 'variables'>;

/** `useQuery` with a typed document: data and variables typed by the generated document. */
export function useTypedQuery<TResult, TVariables extends AnyVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  options: Options = {},
) {
  const [result, reexecute] = useQuery<TResult, TVariables>({
    query: document.toString(),
    variables,
    ...options,
  } as UseQueryArgs<TVariables, TResult>);
  const error = result.error ? toApiError(result.error) : undefined;
  return { data: result.data, fetching: result.fetching, error, reexecute };
}

/** `useMutation` with a typed document; `run` resolves with the data or rejects with an ApiError. */
export function useTypedMutation<TResult, TVariables extends AnyVariables>(
  document: TypedDocumentString<TResult, TVariables>,
) {
  const [state, execute] = useMutation<TResult, TVariables>(document.toString());
  const run = async (variables: TVariables): Promise<TResult> => {
    const result = await execute(variables);
    if (result.error) throw toApiError(result.error);
    return result.data!;
  };
  return { run, fetching: state.fetching };
}

/** One request outside React (sign-in checks): the data, or an ApiError. */
export async function queryOnce<TResult, TVariables extends AnyVariables>(
  client: Client,
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
): Promise<TResult> {
  const result = await client
    .query<TResult, TVariables>(document.toString(), variables, { requestPolicy: 'network-only' })
    .toPromise();
  if (result.error) throw toApiError(result.error);
  return result.data!;
}
