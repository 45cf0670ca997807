import type { ApolloServerPlugin } from '@apollo/server';
import type { GatewayContext } from './context.js';

/**
 * Marks a response whose create mutation replayed an earlier answer (the same idempotency key):
 * `extensions.idempotentReplayed: true`, GraphQL's twin of REST's `Idempotent-Replayed` header.
 */
export function replayMarkPlugin(): ApolloServerPlugin<GatewayContext> {
  return {
    requestDidStart: async () => ({
      willSendResponse: async ({ contextValue, response }) => {
        if (!contextValue?.replay?.isReplayed || response.body.kind !== 'single') return;
        const result = response.body.singleResult;
        result.extensions = { ...result.extensions, idempotentReplayed: true };
      },
    }),
  };
}
