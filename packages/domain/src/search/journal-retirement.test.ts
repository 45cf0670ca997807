// A stop right after a whole write: disconnectDatabase removes the journal rows still waiting for
// their deferred removal, so the next start's repair finds none to rebuild.
import type {} from '@qpc/ferretdb/vitest-global-setup';
import { randomUUID } from 'node:crypto';
import type { mongo } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, disconnectDatabase, mongoose } from '../db.js';
import { prepareDatabase } from '../storage/prepare.js';
import { SubjectModel } from '../subject/model.js';
import { PENDING_WRITES_COLLECTION } from '../writing/pending-writes.js';
import { SEARCH_ENTRIES_COLLECTION } from './entries.js';

/** What another process (the next start) reads: its own client, not the closed connection. */
async function withOwnClient<T>(uri: string, read: (db: mongo.Db) => Promise<T>) {
  const client = await new mongoose.mongo.MongoClient(uri).connect();
  try {
    return await read(client.db());
  } finally {
    await client.close();
  }
}

describe('journal rows at a stop', () => {
  const uri = `${inject('mongoUri')}t_${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    await connectDatabase({ uri });
    await prepareDatabase();
  });
  afterAll(async () => {
    await withOwnClient(uri, (db) => db.dropDatabase());
  });

  it('when the connection is closed right after a journalled write, then its journal row is gone', async () => {
    const subject = await SubjectModel.create({ name: 'Stopping wombats', slug: 'stop-wombats' });
    await SubjectModel.updateOne({ _id: subject._id }, { $set: { name: 'Stopped wombats' } });
    // No await in between: the removal's 250 ms timer cannot have fired since the write answered.
    await disconnectDatabase();
    const rows = await withOwnClient(uri, (db) =>
      db.collection(PENDING_WRITES_COLLECTION).find({}).toArray(),
    );
    expect(rows).toEqual([]);
    const entry = await withOwnClient(uri, (db) =>
      db.collection(SEARCH_ENTRIES_COLLECTION).findOne({ _id: subject._id }),
    );
    expect(entry).not.toBeNull();
  });
});
