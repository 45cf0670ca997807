// HTTP caching of the graph (the contract's "HTTP caching"): an anonymous GET of a persisted
// query (Apollo's APQ, `extensions.persistedQuery`) is shared under the surrogate keys of the
// records its resolvers read; signed-in answers are the caller's own; errors are kept by nobody.
// The rule of keys is the domain's (recordKeys, listKey) and the headers server-kit's, as REST has
// them; this plugin only collects the records the execution touched.
import type { ApolloServerPlugin } from '@apollo/server';
import { listKey, recordKeys } from '@qpc/domain';
import {
  ERROR_CACHE_CONTROL,
  isKeptShared,
  publicCacheControl,
  SIGNED_IN_CACHE_CONTROL,
  UNKEYED_CACHE_CONTROL,
} from '@qpc/server-kit';
import { getNamedType, isObjectType } from 'graphql';
import type { GraphQLOutputType } from 'graphql';
import type { GatewayContext } from './context.js';

/** The item kind of a root list field (`papers: PaperPage!` -> `Paper`), or undefined. */
function listKindOf(returnType: GraphQLOutputType): string | undefined {
  const named = getNamedType(returnType);
  if (!isObjectType(named)) return undefined;
  const items = named.getFields().items;
  return items ? getNamedType(items.type).name : undefined;
}

/** Collects every record the resolvers read and sets the answer's caching headers. */
export function httpCachePlugin(options: { sMaxAge: number }): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      const keys = new Set<string>();
      const seen = new WeakSet<object>();
      return {
        async executionDidStart() {
          return {
            // Every field's parent object is a service's record (a DTO with its id and the
            // ids it references), whatever fields the query picked from it.
            willResolveField({ source, info }) {
              if (source && typeof source === 'object' && !seen.has(source)) {
                seen.add(source);
                if ('id' in source) recordKeys(source, keys);
              }
              if (info.parentType.name === 'Query') {
                const kind = listKindOf(info.returnType);
                if (kind) keys.add(listKey(kind));
              }
            },
          };
        },
        async willSendResponse({ request, response, contextValue }) {
          const headers = response.http.headers;
          const hasErrors =
            response.body.kind !== 'single' || (response.body.singleResult.errors?.length ?? 0) > 0;
          if (hasErrors) {
            headers.set('cache-control', ERROR_CACHE_CONTROL);
            return;
          }
          if (contextValue.caller.actor !== null) {
            headers.set('cache-control', SIGNED_IN_CACHE_CONTROL);
            return;
          }
          const isPersistedGet =
            request.http?.method === 'GET' && request.extensions?.persistedQuery !== undefined;
          if (!isPersistedGet || !isKeptShared(keys.size, options.sMaxAge)) {
            headers.set('cache-control', UNKEYED_CACHE_CONTROL);
            return;
          }
          headers.set('cache-control', publicCacheControl(options.sMaxAge));
          headers.set('surrogate-key', [...keys].join(' '));
        },
      };
    },
  };
}
