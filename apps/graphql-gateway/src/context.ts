import { sharedViewer } from '@qpc/domain';
import type { Actor, SharedViewer } from '@qpc/domain';
import { createLoaders } from './loaders.js';
import type { Loaders } from './loaders.js';

/** What every resolver receives. */
export interface GatewayContext {
  /** The verified caller, or null for an anonymous request. */
  actor: Actor | null;
  requestId: string;
  /**
   * What the caller may see, read once for the whole request: the services the resolvers call
   * and the loaders share it.
   */
  viewer: SharedViewer;
  /** This request's DataLoaders (never shared with another request). */
  loaders: Loaders;
}

/** The context of one request: the caller, its viewer and fresh loaders bound to both. */
export function createContext(actor: Actor | null, requestId: string): GatewayContext {
  const viewer = sharedViewer(actor);
  return { actor, requestId, viewer, loaders: createLoaders(viewer) };
}
