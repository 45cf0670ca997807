// @qpc/client: typed clients of the catalog. `@qpc/client/graphql` and `@qpc/client/rest` load
// one transport only (a page that uses GraphQL does not bundle the REST client).
export {
  ApiError,
  createGraphQLClient,
  type GraphQLClient,
  type GraphQLClientOptions,
  type RequestOptions,
  type TypedDocument,
} from './graphql.js';
export * from './generated/graphql/graphql.js';
export { createRestClient, unwrap, type RestClient, type RestClientOptions } from './rest.js';
export type { paths, components, operations } from './generated/rest.js';
export type { ErrorDetail, GraphQLErrorEntry } from './errors.js';
export type { TokenSource } from './token.js';
export type { RetryOptions } from './retries.js';
