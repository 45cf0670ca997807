// Every list order of the services, explained by the embedded engine on a large catalog: each
// sorted page must be answered by an index scan, not a sort of the whole collection. Runs on the
// embedded PostgreSQL engine only: MongoDB and FerretDB's SQLite backend return no PostgreSQL plan.
import type {} from '@qpc/ferretdb/vitest-global-setup';
import {
  analyzeDatabase,
  explainAggregate,
  explainFind,
  isCountedInPostgres,
  isIndexedPage,
  nodeTypesOf,
} from '@qpc/ferretdb';
import { Types } from 'mongoose';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { mongoose } from '../db.js';
import { SORT_FIELDS } from './list-query.js';
import { orderOf } from './pagination.js';
import { PAPER_ORDER, PaperModel } from '../paper/model.js';
import { QUESTION_ORDER, QuestionModel } from '../question/model.js';
import { QUESTION_TYPES } from '../question/schema.js';
import { SUBJECT_ORDER, SubjectModel } from '../subject/model.js';
import { UNIVERSITY_ORDER, UniversityModel } from '../university/model.js';
import { USER_ORDER, UserModel } from '../user/model.js';
import type { AnyModel } from '../storage/model-helpers.js';
import { useTestDatabase } from '../test-support/database.js';
import { seedLargeCatalog as largeCatalog } from '../test-support/large-catalog.js';

const postgresUrl = inject('postgresUrl');
const { uri } = useTestDatabase();

const collection = (model: AnyModel) => model.collection.collectionName;

/**
 * `n` documents of a small list (users, subjects, universities), inserted straight into the
 * collections: the plans are what this file is about, and thousands of rows through the services
 * would take minutes (the test-support README's rules 2 and 3).
 */
async function seedSmallLists(n: number): Promise<void> {
  const db = mongoose.connection.db!;
  const now = Date.now();
  const at = (i: number) => new Date(now - i * 1_000);
  const rows = (make: (i: number) => Record<string, unknown>) =>
    Array.from({ length: n }, (_, i) => ({ _id: new Types.ObjectId(), ...make(i) }));
  await db.collection(collection(UserModel)).insertMany(
    rows((i) => ({
      externalId: `user_${i}`,
      role: ['normal', 'editor', 'admin'][i % 3],
      isActive: i % 10 !== 0,
      name: `User ${(i * 7919) % n}`,
      email: null,
      createdAt: at(i),
      updatedAt: at(i),
    })),
  );
  await db.collection(collection(SubjectModel)).insertMany(
    rows((i) => ({
      name: `Subject ${(i * 7919) % n}`,
      slug: `subject-${i}`,
      createdAt: at(i),
      updatedAt: at(i),
    })),
  );
  await db.collection(collection(UniversityModel)).insertMany(
    rows((i) => ({
      name: `University ${(i * 7919) % n}`,
      shortName: `U${i}`,
      slug: `university-${i}`,
      isActive: true,
      deletedAt: null,
      contentSweep: null,
      createdAt: at(i),
      updatedAt: at(i),
    })),
  );
}

describe.skipIf(!postgresUrl)('every list order on the embedded PostgreSQL engine', () => {
  beforeAll(async () => {
    await largeCatalog();
    await seedSmallLists(3_000);
    await analyzeDatabase(postgresUrl, new URL(uri()).pathname.slice(1));
  }, 180_000);

  // [model, sortable fields, default order, visibility filters the list is read with]
  const lists: [AnyModel, readonly string[], Record<string, 1 | -1>, Record<string, unknown>[]][] =
    [
      [QuestionModel, SORT_FIELDS.questions, QUESTION_ORDER, [{ visible: true }, {}]],
      [PaperModel, SORT_FIELDS.papers, PAPER_ORDER, [{ visible: true }, {}]],
      [UserModel, SORT_FIELDS.users, USER_ORDER, [{}]],
      [SubjectModel, SORT_FIELDS.subjects, SUBJECT_ORDER, [{}]],
      [UniversityModel, SORT_FIELDS.universities, UNIVERSITY_ORDER, [{ isActive: true }]],
    ];

  it('when any list is read in its default order or by any sortable field either way, then PostgreSQL answers its page from an index under a LIMIT', async () => {
    const db = mongoose.connection.db!;
    const failures: string[] = [];
    for (const [model, fields, defaultOrder, filters] of lists) {
      const sorts = [
        undefined,
        ...fields.flatMap((field) => [{ [field]: 1 as const }, { [field]: -1 as const }]),
      ];
      for (const filter of filters) {
        for (const sort of sorts) {
          const order = orderOf({ sort }, defaultOrder) as Record<string, 1 | -1>;
          const explained = await explainFind(db, collection(model), filter, {
            sort: order,
            skip: 40,
            limit: 21,
          });
          if (!isIndexedPage(explained)) {
            failures.push(
              `${model.modelName} ${JSON.stringify(filter)} ${JSON.stringify(order)}: ${nodeTypesOf(explained.plan).join(' > ')}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('when a public list counts its total, then PostgreSQL counts it (count(*)), not FerretDB document by document', async () => {
    const db = mongoose.connection.db!;
    for (const model of [QuestionModel, PaperModel]) {
      const explained = await explainAggregate(db, collection(model), [
        { $match: { visible: true } },
        { $group: { _id: 1, n: { $sum: 1 } } },
      ]);
      expect(isCountedInPostgres(explained)).toBe(true);
    }
  });

  it("when a public question list filtered by type counts its total, then PostgreSQL counts it from that type's partial index alone", async () => {
    const db = mongoose.connection.db!;
    // Index-only scans skip the table for pages the visibility map marks all-visible.
    await analyzeDatabase(postgresUrl, new URL(uri()).pathname.slice(1), { vacuum: true });
    const failures: string[] = [];
    for (const type of QUESTION_TYPES) {
      const explained = await explainAggregate(db, collection(QuestionModel), [
        { $match: { visible: true, type } },
        { $group: { _id: 1, n: { $sum: 1 } } },
      ]);
      // Only an index whose predicate implies every clause of the count (the type's partial
      // index) lets PostgreSQL count without reading the table: the clauses read the document.
      if (!nodeTypesOf(explained.plan).includes('Index Only Scan'))
        failures.push(`${type}: ${nodeTypesOf(explained.plan).join(' > ')}`);
    }
    expect(failures).toEqual([]);
    // The index's count is the count: the same filter with a clause FerretDB checks itself.
    const long = { visible: true, type: 'long' as const };
    const counted = await QuestionModel.countDocuments(long);
    expect(counted).toBeGreaterThan(0);
    expect(counted).toBe(await QuestionModel.countDocuments({ ...long, text: { $exists: true } }));
  });
});
