import type {} from '@qpc/ferretdb/vitest-global-setup';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { connectDatabase, disconnectDatabase, mongoose } from '../db.js';
import { prepareDatabase } from '../storage/prepare.js';

/** Connects this test file to a database of its own on the shared test server. */
export function useTestDatabase(): { uri: () => string } {
  let uri = '';
  beforeAll(async () => {
    uri = `${inject('mongoUri')}t_${randomUUID().slice(0, 8)}`;
    await connectDatabase({ uri });
    await prepareDatabase();
  });
  afterAll(async () => {
    await mongoose.connection.db?.dropDatabase().catch(() => undefined);
    await disconnectDatabase();
  });
  return { uri: () => uri };
}
