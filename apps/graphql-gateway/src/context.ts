import type { Actor } from '@qpc/domain';
import { createLoaders } from './loaders.js';
import type { Loaders } from './loaders.js';

/** What every resolver receives. */
export interface GatewayContext {
  /** The verified caller, or null for an anonymous request. */
  actor: Actor | null;
  requestId: string;
  /** This request's DataLoaders (never shared with another request). */
  loaders: Loaders;
}

/** The context of one request: the caller and fresh loaders bound to that caller. */
export function createContext(actor: Actor | null, requestId: string): GatewayContext {
  return { actor, requestId, loaders: createLoaders(actor) };
}
