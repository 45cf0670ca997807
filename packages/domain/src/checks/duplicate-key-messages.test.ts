// Conflicts in plain words: a duplicate key names its field, and when the engine does not say
// which index refused it (FerretDB on PostgreSQL reports the backend's SQLSTATE), the message
// still reads as a sentence.
import { describe, expect, it } from 'vitest';
import { ConflictError, mapDatabaseError } from '../errors.js';

describe('duplicate key messages', () => {
  it('when the index is named, then the 409 names its field', () => {
    const error = mapDatabaseError({
      code: 11000,
      message: 'E11000 duplicate key error collection: x index: slug_1',
    });
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).message).toBe('A resource with the same slug already exists');
  });

  it('when FerretDB reports only the SQLSTATE, then the 409 is a sentence without a field', () => {
    const error = mapDatabaseError({
      name: 'MongoServerError',
      message: 'ERROR: duplicate key value violates unique constraint (SQLSTATE 23505)',
    });
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).message).toBe(
      'A resource with the same unique value already exists',
    );
    expect((error as ConflictError).details).toEqual([]);
  });
});
