import { afterAll, beforeAll } from 'vitest';
import { actorOf, makeCallers, makeCatalog } from '@qpc/domain/testing';
import type { Catalog, TestCallers as Callers } from '@qpc/domain/testing';
import { startGateway } from './harness.js';
import type { RunningGateway } from './harness.js';

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
  const suite = {} as CatalogSuite;
  beforeAll(async () => {
    suite.gw = await startGateway();
    suite.callers = await makeCallers();
    suite.catalog = await makeCatalog(await actorOf(suite.callers.sub('admin')));
  });
  afterAll(async () => suite.gw.close());
  return suite;
}
