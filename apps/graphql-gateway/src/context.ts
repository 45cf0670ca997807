import { callerFor } from '@qpc/domain';
import type { Actor, RequestCaller } from '@qpc/domain';
import { createLoaders } from './loaders.js';
import type { Loaders } from './loaders.js';

/** What every resolver receives. */
export interface GatewayContext {
  /**
   * The caller (the verified actor, or null for an anonymous request) and what it may see, read
   * once for the whole request: the resolvers pass it to the services and the loaders share it.
   */
  caller: RequestCaller;
  requestId: string;
  /** This request's DataLoaders (never shared with another request). */
  loaders: Loaders;
  /** Set when a create mutation replayed an earlier answer: the response says so in `extensions`. */
  replay: { isReplayed: boolean };
}

/** The context of one request: its caller and fresh loaders bound to it. */
export function createContext(actor: Actor | null, requestId: string): GatewayContext {
  const caller = callerFor(actor);
  return { caller, requestId, loaders: createLoaders(caller), replay: { isReplayed: false } };
}
