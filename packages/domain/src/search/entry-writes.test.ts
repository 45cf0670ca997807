// The search entries (entries.ts) follow every write made through the services: after each kind
// of write, every entry equals entryOf of its stored document, and no entry outlives its
// document. Group keys follow the rule of group-key.ts. A refused entry write is repaired from
// the journal (decision 9), with a real fault injected by a PostgreSQL trigger.
import type {} from '@qpc/ferretdb/vitest-global-setup';
import { describe, expect, inject, it } from 'vitest';
import { explainFind, withPostgres } from '@qpc/ferretdb';
import { mongoose } from '../db.js';
import { PaperModel } from '../paper/model.js';
import { setPaperStatus, updatePaper, deletePaper } from '../paper/service.js';
import { QuestionModel } from '../question/model.js';
import { createQuestion, deleteQuestion, updateQuestion } from '../question/service.js';
import { repairHalfWrites } from '../storage/repairs.js';
import { SubjectModel } from '../subject/model.js';
import { updateSubject } from '../subject/service.js';
import { deleteTopic, updateTopic } from '../syllabus/service.js';
import { TopicModel } from '../syllabus/model.js';
import { useTestActors } from '../test-support/database.js';
import { beforeEachWrite, refuseWrites } from '../test-support/faults.js';
import {
  makeOffering,
  makePaper,
  makeQuestion,
  makeSyllabus,
} from '../test-support/service-fixtures.js';
import { contentSweepsSettled } from '../university/content-sweep.js';
import { deleteUniversity, updateUniversity } from '../university/service.js';
import { PENDING_WRITES_COLLECTION } from '../writing/pending-writes.js';
import { reindexSearch } from './backfill.js';
import { NEWEST_CREATES } from './create-sweep.js';
import { ENTRY_SOURCE_PROJECTION, entryOf, SEARCH_ENTRIES_COLLECTION } from './entries.js';
import type { EntrySource } from './entries.js';
import { settleEntryJournal } from './journal-retirement.js';
import type { SearchType } from './schema.js';
import { SEARCH_TERMS_COLLECTION } from './terms.js';

const { actors } = useTestActors();
const postgresUrl = inject('postgresUrl');
const admin = () => actors.admin;

const SOURCES: [SearchType, { collection: { find: unknown; collectionName: string } }][] = [
  ['question', QuestionModel],
  ['paper', PaperModel],
  ['subject', SubjectModel],
  ['topic', TopicModel],
];
const db = () => mongoose.connection.db!;

/** Every stored entry equals entryOf of its stored document, and every document has its entry. */
async function expectEntriesOfStoredDocuments(): Promise<number> {
  const expected = new Map<string, unknown>();
  for (const [type, model] of SOURCES) {
    const docs = await db()
      .collection(model.collection.collectionName)
      .find({}, { projection: ENTRY_SOURCE_PROJECTION[type] })
      .toArray();
    for (const doc of docs) expected.set(String(doc._id), entryOf(type, doc as EntrySource));
  }
  const entries = await db().collection(SEARCH_ENTRIES_COLLECTION).find({}).toArray();
  const stored = new Map(entries.map((entry) => [String(entry._id), entry]));
  expect([...stored.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [id, entry] of expected) expect(stored.get(id), id).toEqual(entry);
  return expected.size;
}

/** The journal rows left once the rows of whole writes have been removed. */
const journalRows = async () => {
  await settleEntryJournal();
  return db().collection(PENDING_WRITES_COLLECTION).countDocuments();
};
/** Every term count that is not 0 (a create undone leaves its new keys at 0). */
const termCounts = async () =>
  Object.fromEntries(
    (await db().collection<{ _id: string; n: number }>(SEARCH_TERMS_COLLECTION).find({}).toArray())
      .filter((row) => row.n !== 0)
      .map((row) => [row._id, row.n]),
  );
const groupOf = async (id: string) =>
  (await QuestionModel.collection.findOne({ _id: new mongoose.Types.ObjectId(id) }))
    ?.searchGroup as string | undefined;

describe('search entries kept on writes', () => {
  it('when each kind of write is made through the services, then every entry equals entryOf of its stored document', async () => {
    const { university, subject, offering } = await makeOffering(admin(), {
      name: 'Entry Structures',
      code: 'ES-1',
    });
    const { topic } = await makeSyllabus(admin(), offering.id);
    const paper = await makePaper(admin(), offering.id, { status: 'pending', examYear: 2021 });
    const question = await makeQuestion(admin(), paper.id, { text: 'Explain entry lexemes.' });
    const other = await makeQuestion(admin(), paper.id, { text: 'Define a heap of entries.' });
    const writes: [string, () => Promise<unknown>][] = [
      ['create', async () => undefined],
      [
        'update a subject',
        () =>
          updateSubject({
            actor: admin(),
            id: subject.id,
            input: { description: 'Heaps and lexemes' },
          }),
      ],
      [
        'update a topic',
        () => updateTopic({ actor: admin(), id: topic.id, input: { title: 'Binary heaps' } }),
      ],
      [
        'approve a paper',
        () => setPaperStatus({ actor: admin(), id: paper.id, input: { status: 'approved' } }),
      ],
      [
        "change a paper's year and title",
        () =>
          updatePaper({
            actor: admin(),
            id: paper.id,
            input: { examYear: 2022, title: 'Entry finals' },
          }),
      ],
      [
        "change a question's text",
        () =>
          updateQuestion({
            actor: admin(),
            id: question.id,
            input: { text: 'Explain how entries are kept.' },
          }),
      ],
      [
        'soft-delete a university',
        async () => {
          await deleteUniversity({ actor: admin(), id: university.id });
          await contentSweepsSettled();
        },
      ],
      [
        'restore a university',
        async () => {
          await updateUniversity({ actor: admin(), id: university.id, input: { isActive: true } });
          await contentSweepsSettled();
        },
      ],
      ['delete a question', () => deleteQuestion({ actor: admin(), id: other.id })],
      ['delete a topic', () => deleteTopic({ actor: admin(), id: topic.id })],
    ];
    for (const [name, write] of writes) {
      await write();
      expect(await expectEntriesOfStoredDocuments(), name).toBeGreaterThan(0);
      expect(await journalRows(), name).toBe(0);
    }
    const stored = await db()
      .collection(SEARCH_ENTRIES_COLLECTION)
      .findOne({ _id: new mongoose.Types.ObjectId(question.id) });
    expect(stored).toMatchObject({ y: 'question', e: 2022, v: true, s: 'approved' });
    await deleteQuestion({ actor: admin(), id: question.id });
    await deletePaper({ actor: admin(), id: paper.id });
    await expectEntriesOfStoredDocuments();
  });

  it('when documents are inserted many at once, then each gets its entry', async () => {
    const tag = String(Date.now());
    const made = await SubjectModel.insertMany([
      { name: 'Bulk numbat theory', slug: `bulk-numbat-${tag}` },
      { name: 'Bulk quokka design', code: 'BQ-2', slug: `bulk-quokka-${tag}` },
    ]);
    expect(made).toHaveLength(2);
    await expectEntriesOfStoredDocuments();
    expect(await journalRows()).toBe(0);
  });
});

describe('group keys', () => {
  it("when a question is asked again in other papers, then they share the oldest one's key, one per paper, re-pointed on a text change and a delete", async () => {
    const { offering } = await makeOffering(admin());
    const text = 'Describe the quokka merge procedure of a balanced external sort.';
    const papers = [];
    for (const year of [2020, 2021, 2022])
      papers.push(await makePaper(admin(), offering.id, { examYear: year }));
    const first = await makeQuestion(admin(), papers[0]!.id, { text });
    const second = await makeQuestion(admin(), papers[1]!.id, { text });
    const third = await makeQuestion(admin(), papers[2]!.id, { text: `${text} Explain.` });
    // Alike again, but in the first paper: that group already holds a question of it.
    const again = await makeQuestion(admin(), papers[0]!.id, { text });
    const unlike = await makeQuestion(admin(), papers[1]!.id, { text: 'Prove the wombat lemma.' });
    expect(await groupOf(first.id)).toBe(first.id);
    expect(await groupOf(second.id)).toBe(first.id);
    expect(await groupOf(third.id)).toBe(first.id);
    expect(await groupOf(again.id)).toBe(again.id);
    expect(await groupOf(unlike.id)).toBe(unlike.id);

    await deleteQuestion({ actor: admin(), id: first.id });
    expect(await groupOf(second.id)).toBe(second.id);
    expect(await groupOf(third.id)).toBe(second.id);

    await updateQuestion({
      actor: admin(),
      id: second.id,
      input: { text: 'Prove that every heap of numbats is balanced.' },
    });
    expect(await groupOf(third.id)).toBe(third.id);
    expect(await groupOf(second.id)).toBe(second.id);
    await expectEntriesOfStoredDocuments();
  });
});

describe('entries rebuilt', () => {
  it('when entries and group keys are lost, then reindexSearch rebuilds them as the writes made them', async () => {
    const { offering } = await makeOffering(admin());
    const older = await makePaper(admin(), offering.id, { examYear: 2020 });
    const newer = await makePaper(admin(), offering.id, { examYear: 2021 });
    const text = 'Compare the bilby hashing schemes of open and closed addressing.';
    const first = await makeQuestion(admin(), older.id, { text });
    const second = await makeQuestion(admin(), newer.id, { text });
    expect(await groupOf(second.id)).toBe(first.id);
    await db().collection(SEARCH_ENTRIES_COLLECTION).deleteMany({});
    await QuestionModel.collection.updateMany({}, { $unset: { searchGroup: '' } });
    const { entries } = await reindexSearch();
    expect(entries).toBe(await expectEntriesOfStoredDocuments());
    expect(await groupOf(second.id)).toBe(first.id);
    expect(await groupOf(first.id)).toBe(first.id);
  });
});

describe.skipIf(!postgresUrl)('the sweep of creates', () => {
  it('when the repair reads the newest questions, then the engine sends their order and limit to PostgreSQL', async () => {
    const { filter, projection, sort } = NEWEST_CREATES;
    const explained = await explainFind(db(), QuestionModel.collection.collectionName, filter, {
      projection,
      sort,
      limit: 256,
    });
    expect(explained.sortPushdown).toBe(true);
    expect(explained.limitPushdown).toBe(true);
  });
});

describe.skipIf(!postgresUrl)('entry writes the engine refuses', () => {
  it('when an entry cannot be written, then the write rejects, stays journalled, and the repair writes the entry', async () => {
    const { offering } = await makeOffering(admin());
    const paper = await makePaper(admin(), offering.id, { status: 'pending' });
    const question = await makeQuestion(admin(), paper.id, { text: 'Explain the fault lexeme.' });
    const lift = await refuseWrites({
      postgresUrl: postgresUrl!,
      collection: SEARCH_ENTRIES_COLLECTION,
      operation: 'UPDATE',
    });
    try {
      await expect(
        setPaperStatus({ actor: admin(), id: paper.id, input: { status: 'approved' } }),
      ).rejects.toThrow(/refused by a test fault/);
    } finally {
      await lift();
    }
    const entry = () =>
      db()
        .collection(SEARCH_ENTRIES_COLLECTION)
        .findOne({ _id: new mongoose.Types.ObjectId(question.id) });
    expect(await journalRows()).toBeGreaterThan(0);
    // Younger than the periodic grace: left to a write that may still be under way.
    expect((await repairHalfWrites()).copies).toBe(0);
    expect((await repairHalfWrites(0)).copies).toBeGreaterThan(0);
    expect(await journalRows()).toBe(0);
    expect(await entry()).toMatchObject({ v: true, s: 'approved' });
    await expectEntriesOfStoredDocuments();
  });

  it("when a new question's entry cannot be written, then the create answers the error and leaves nothing behind, and a retry with its id creates it", async () => {
    const { offering } = await makeOffering(admin());
    const paper = await makePaper(admin(), offering.id);
    const input = {
      paperId: paper.id,
      text: 'Explain the undone quokka create.',
      type: 'long',
      difficulty: 'easy',
    };
    const id = new mongoose.Types.ObjectId().toHexString();
    const countsBefore = await termCounts();
    const lift = await refuseWrites({
      postgresUrl: postgresUrl!,
      collection: SEARCH_ENTRIES_COLLECTION,
      operation: 'INSERT',
    });
    try {
      await expect(createQuestion({ actor: admin(), input, id })).rejects.toThrow(
        /refused by a test fault/,
      );
    } finally {
      await lift();
    }
    expect(await QuestionModel.collection.findOne({ text: input.text })).toBeNull();
    expect(await termCounts()).toEqual(countsBefore);
    await expectEntriesOfStoredDocuments();
    // A question's create is not journalled; the undo's row was removed by its own repair.
    expect(await journalRows()).toBe(0);
    expect((await repairHalfWrites(0)).creates).toBe(0);
    await expectEntriesOfStoredDocuments();
    // What an Idempotency-Key retry does after the 5xx: the create runs afresh with the same id.
    const made = await createQuestion({ actor: admin(), input, id });
    expect(made.id).toBe(id);
    expect(await QuestionModel.countDocuments({ text: input.text })).toBe(1);
    await expectEntriesOfStoredDocuments();
  });

  it("when a question is stored and neither its entry nor its undo can be written (what a crash between them leaves), then no journal row is left and the repair's sweep of creates writes its entry", async () => {
    const { offering } = await makeOffering(admin());
    const paper = await makePaper(admin(), offering.id);
    const text = 'Explain the orphaned numbat entry.';
    await db()
      .createCollection(PENDING_WRITES_COLLECTION)
      .catch(() => undefined);
    // The entry refused, and its undo too: the delete cannot journal itself, so it never runs.
    const lifts = [
      await refuseWrites({
        postgresUrl: postgresUrl!,
        collection: SEARCH_ENTRIES_COLLECTION,
        operation: 'INSERT',
      }),
      await refuseWrites({
        postgresUrl: postgresUrl!,
        collection: PENDING_WRITES_COLLECTION,
        operation: 'INSERT',
      }),
    ];
    try {
      await expect(makeQuestion(admin(), paper.id, { text })).rejects.toThrow(
        /refused by a test fault/,
      );
    } finally {
      for (const lift of lifts) await lift();
    }
    const stored = await QuestionModel.collection.findOne({ text });
    expect(stored).not.toBeNull();
    expect(
      await db().collection(SEARCH_ENTRIES_COLLECTION).findOne({ _id: stored!._id }),
    ).toBeNull();
    expect(await journalRows()).toBe(0);
    // Younger than the periodic grace: left to a create that may still be under way.
    expect((await repairHalfWrites()).creates).toBe(0);
    expect((await repairHalfWrites(0)).creates).toBe(1);
    await expectEntriesOfStoredDocuments();
    // Swept once: the next pass starts after it.
    expect((await repairHalfWrites(0)).creates).toBe(0);
  });

  it("when a new question's entry is refused once, then the entry is rewritten at once and the create stands", async () => {
    const { offering } = await makeOffering(admin());
    const paper = await makePaper(admin(), offering.id);
    const sequence = `qpc_refusals_${new mongoose.Types.ObjectId().toHexString()}`;
    await withPostgres(postgresUrl!, (client) =>
      client.query(`CREATE SEQUENCE public.${sequence}`),
    );
    const lift = await beforeEachWrite({
      postgresUrl: postgresUrl!,
      collection: SEARCH_ENTRIES_COLLECTION,
      operation: 'INSERT',
      sql: `IF nextval('public.${sequence}') = 1 THEN RAISE EXCEPTION 'refused once by a test fault'; END IF`,
    });
    try {
      const question = await makeQuestion(admin(), paper.id, {
        text: 'Explain the retried wombat entry.',
      });
      const refusals = await withPostgres(postgresUrl!, (client) =>
        client.query<{ n: string }>(`SELECT last_value AS n FROM public.${sequence}`),
      );
      // The first insert was refused, the rewrite from the stored question was not.
      expect(Number(refusals.rows[0]!.n)).toBe(2);
      expect(await QuestionModel.exists({ _id: question.id })).not.toBeNull();
    } finally {
      await lift();
      await withPostgres(postgresUrl!, (client) =>
        client.query(`DROP SEQUENCE public.${sequence}`),
      );
    }
    expect(await journalRows()).toBe(0);
    await expectEntriesOfStoredDocuments();
  });
});
