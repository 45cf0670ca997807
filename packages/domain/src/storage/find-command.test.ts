import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { mongoose } from '../db.js';
import { UniversityModel } from '../university/model.js';
import { useTestDatabase } from '../test-support/database.js';
import { findAll, findAllOf } from './find-command.js';

useTestDatabase();

/** A collection of its own with `count` documents, each with a kept and a dropped field. */
async function collectionOf(count: number) {
  const name = `find_command_${randomUUID().slice(0, 8)}`;
  const db = mongoose.connection.db!;
  const docs = Array.from({ length: count }, (_, i) => ({
    _id: new Types.ObjectId(),
    n: i,
    label: `row ${i}`,
    secret: 'not projected',
  }));
  await db.collection(name).insertMany(docs);
  return { db, name, docs };
}

describe('findAll', () => {
  it('when the rows fit in the batch, then it answers what the driver cursor answers', async () => {
    const { db, name, docs } = await collectionOf(5);
    const ids = docs.slice(1, 4).map((doc) => doc._id);
    const filter = { _id: { $in: ids } };

    const rows = await findAll(db, name, filter, { n: 1, label: 1 }, ids.length + 1);

    const cursor = await db
      .collection(name)
      .find(filter, { projection: { n: 1, label: 1 }, batchSize: ids.length + 1 })
      .toArray();
    expect(rows).toEqual(cursor);
    expect(rows.map((row) => (row as { n: number }).n).sort()).toEqual([1, 2, 3]);
    expect(rows[0]).not.toHaveProperty('secret');
  });

  it('when the rows exceed the batch, then getMore reads the rest and none is lost or repeated', async () => {
    const { db, name, docs } = await collectionOf(7);

    const rows = await findAll<{ _id: Types.ObjectId }>(db, name, {}, { _id: 1 }, 2);

    expect(rows.map((row) => String(row._id)).sort()).toEqual(
      docs.map((doc) => String(doc._id)).sort(),
    );
  });

  it('when nothing matches, then it answers no rows', async () => {
    const { db, name } = await collectionOf(2);

    expect(await findAll(db, name, { n: 99 }, { n: 1 })).toEqual([]);
  });
});

describe('findAllOf', () => {
  it("when a model is given, then it reads the model's collection", async () => {
    const _id = new Types.ObjectId();
    await UniversityModel.collection.insertOne({ _id, name: 'Find Command U', inViewer: true });

    const rows = await findAllOf<{ _id: Types.ObjectId; name?: string }>(
      UniversityModel,
      { _id },
      { _id: 1 },
    );

    expect(rows).toEqual([{ _id }]);
  });
});
