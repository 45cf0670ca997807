import { describe, expect, it } from 'vitest';
import { pingDatabase } from '../db.js';
import { ConflictError } from '../errors.js';
import { uniqueConflict } from '../writing/unique.js';
import { SemesterModel, SubjectModel } from '../models.js';
import { useTestDatabase } from '../test-support/database.js';
import { mongoose } from '../db.js';

useTestDatabase();

// Through the models on purpose: these check the model layer and its 11000 mapping, below any service.
describe('database', () => {
  it('when a document is saved, then it reads back with its fields and timestamps', async () => {
    const created = await SubjectModel.create({ name: 'Data Structures', slug: 'data-structures' });
    const found = await SubjectModel.findById(created._id).lean();
    expect(found?.name).toBe('Data Structures');
    expect(found?.createdAt).toBeInstanceOf(Date);
    expect(found).not.toHaveProperty('__v');
  });

  it('when a unique slug is inserted twice, then the second insert maps to a 409 naming slug', async () => {
    await SubjectModel.create({ name: 'Algebra', slug: 'algebra' });
    const error = await SubjectModel.create({ name: 'Algebra 2', slug: 'algebra' }).catch((e) => e);
    expect(error.code).toBe(11000);
    const mapped = await uniqueConflict(SubjectModel, { slug: 'algebra' }, error);
    expect(mapped).toBeInstanceOf(ConflictError);
    expect((mapped as ConflictError).details).toEqual([
      { path: 'slug', message: 'must be unique' },
    ]);
  });

  it('when a compound unique key repeats, then the error names every field of it', async () => {
    const branchId = new mongoose.Types.ObjectId();
    await SemesterModel.create({ branchId, universityId: branchId, number: 1 });
    const error = await SemesterModel.create({ branchId, universityId: branchId, number: 1 }).catch(
      (e) => e,
    );
    const mapped = await uniqueConflict(SemesterModel, { branchId, number: 1 }, error);
    expect(mapped.status).toBe(409);
    expect(mapped.details?.map((d) => d.path)).toEqual(['branchId', 'number']);
  });

  it('when the database is connected, then a ping reports its latency', async () => {
    const { latencyMs } = await pingDatabase();
    expect(latencyMs).toBeGreaterThanOrEqual(0);
  });
});
