import type { Actor } from '@qpc/domain';

/** What every resolver receives. */
export interface GatewayContext {
  actor: Actor | null;
  requestId: string;
}
