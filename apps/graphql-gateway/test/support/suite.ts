import { afterAll, beforeAll } from 'vitest';
import type { Actor } from '@qpc/domain';
import { actorOf, makeActor, makeCallers, makeCatalog } from '@qpc/domain/testing';
import type { Catalog, TestCallers as Callers } from '@qpc/domain/testing';
import { startGateway } from './harness.js';
import type { RunningGateway } from './harness.js';

/**
 * What `useGateway` gives a test file. The objects are filled in place before the file's first
 * test, so a file may destructure them at its top.
 */
export interface GatewaySession {
  gw: RunningGateway;
  /** One caller of each kind. */
  callers: Callers;
  /** The admin caller's Actor, for arranging data through the domain. */
  admin: Actor;
  /** A normal user's Actor, the author of content (only with `withAuthor`). */
  author: Actor;
}

/**
 * For a test file: a gateway on a database of its own and one caller of each kind, ready before
 * the file's tests and closed after them.
 */
export function useGateway(
  options: { withAuthor?: boolean; env?: Record<string, string> } = {},
): GatewaySession {
  const session = { gw: {}, callers: {}, admin: {}, author: {} } as GatewaySession;
  beforeAll(async () => {
    Object.assign(session.gw, await startGateway(options.env));
    Object.assign(session.callers, await makeCallers());
    Object.assign(session.admin, await actorOf(session.callers.sub('admin')));
    if (options.withAuthor) Object.assign(session.author, await makeActor('normal'));
  });
  afterAll(async () => session.gw.close?.());
  return session;
}

/** What `gatewayWithCatalog` gives a test file, filled in before its first test. */
export interface CatalogSuite {
  gw: RunningGateway;
  callers: Callers;
  catalog: Catalog;
}

/**
 * For a test file: a gateway, one caller of each role and a catalog an admin made, ready before
 * the file's tests and closed after them.
 */
export function gatewayWithCatalog(): CatalogSuite {
  const { gw, callers, admin } = useGateway();
  const suite: CatalogSuite = { gw, callers, catalog: {} as Catalog };
  beforeAll(async () => {
    suite.catalog = await makeCatalog(admin);
  });
  return suite;
}
