import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { mongoose } from '../db.js';
import { QuestionModel } from '../question/model.js';
import { backfillSimilar } from '../similar/backfill.js';
import { SIMILAR_BAND_FIELDS } from '../similar/plugin.js';
import { useTestDatabase } from '../test-support/database.js';
import { BACKFILL_MARKERS, recordBackfillsDone } from './backfill-markers.js';

useTestDatabase();

describe('recordBackfillsDone', () => {
  it('when the backfills are recorded as done, then every one is marked and a start skips its scan', async () => {
    const migrations = mongoose.connection.db!.collection<{ _id: string }>('migrations');
    await migrations.deleteMany({});
    const _id = new Types.ObjectId();
    await QuestionModel.collection.insertOne({ _id, paperId: new Types.ObjectId(), text: 'x' });

    await recordBackfillsDone();

    const ids = (await migrations.find({}).toArray()).map((m) => m._id).sort();
    expect(ids).toEqual(
      Object.values(BACKFILL_MARKERS)
        .map((m) => m._id)
        .sort(),
    );
    expect(await backfillSimilar()).toEqual({ updated: 0 });
    const stored = await QuestionModel.collection.findOne({ _id });
    expect(stored).not.toHaveProperty(SIMILAR_BAND_FIELDS[0]!);

    await migrations.deleteOne(BACKFILL_MARKERS.similar);
    expect(await backfillSimilar()).toEqual({ updated: 1 });
  });
});
