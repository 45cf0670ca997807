import { Types } from 'mongoose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mongoose } from '../db.js';
import { useTestDatabase } from '../test-support/database.js';
import { beginFileOperation, settleAbandonedOperations } from './operations.js';
import { PAPER_FILE_BUCKET } from './storage.js';

useTestDatabase();

const pending = () => mongoose.connection.db!.collection(`${PAPER_FILE_BUCKET}.pending`);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('beginFileOperation', () => {
  it("when another upload's sweep reads an operation's record as soon as it is written, then the operation is not taken for over", async () => {
    // The sweep every upload runs first, run in the gap between the record's insert and the
    // moment its operation's caller goes on: what two uploads at the same moment can meet.
    const insertOne = mongoose.mongo.Collection.prototype.insertOne;
    const settledInGap: number[] = [];
    vi.spyOn(mongoose.mongo.Collection.prototype, 'insertOne').mockImplementation(async function (
      this: InstanceType<typeof mongoose.mongo.Collection>,
      ...args
    ) {
      const result = await insertOne.apply(this, args as Parameters<typeof insertOne>);
      if (this.collectionName === `${PAPER_FILE_BUCKET}.pending`) {
        settledInGap.push(await settleAbandonedOperations());
      }
      return result;
    });
    const op = await beginFileOperation(new Types.ObjectId(), [new Types.ObjectId()]);
    vi.restoreAllMocks();

    expect(settledInGap).toEqual([0]);
    expect(await pending().countDocuments({ _id: op.id })).toBe(1);
    await op.finish();
    expect(await pending().countDocuments({ _id: op.id })).toBe(0);
  });
});
