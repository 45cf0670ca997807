import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../access.js';
import { mongoose } from '../db.js';
import { PaperModel, SubjectModel, SubjectOfferingModel } from '../models.js';
import { backfillAncestorKeys } from '../storage/migrations.js';
import { BACKFILL_MARKERS } from '../storage/backfill-markers.js';
import { updateSubject } from '../subject/service.js';
import { updateModule, updateTopic } from '../syllabus/service.js';
import { makeActor } from '../test-support/callers.js';
import { makeOffering, makePaper, makeQuestion } from '../test-support/content-fixtures.js';
import { useTestDatabase } from '../test-support/database.js';
import { updateUniversity } from '../university/service.js';
import { forgetContextRows } from './context-cache.js';
import { GENERATION_KEYS, generationKey } from './context-generations.js';
import { searchCatalog } from './service.js';

useTestDatabase();

const KEPT = ['papers', 'topics', 'modules', 'subjects', 'universities'];

/** The stored generation of every kept collection, by `searchterms` key. */
async function generations(): Promise<Record<string, string>> {
  const rows = await mongoose.connection
    .db!.collection<{ _id: string; g?: unknown }>('searchterms')
    .find({ _id: { $in: [...GENERATION_KEYS] } })
    .toArray();
  return Object.fromEntries(rows.map((row) => [row._id, String(row.g)]));
}

/** The catalog collections read by `_id` `$in` while `run` runs. */
async function commandsOf(run: () => Promise<unknown>) {
  const seen = { idReads: [] as string[] };
  mongoose.set('debug', (collection: string, method: string, filter: unknown) => {
    const ids = (filter as { _id?: { $in?: unknown[] } } | undefined)?._id?.$in;
    if (method === 'find' && ids) seen.idReads.push(collection);
  });
  try {
    await run();
  } finally {
    mongoose.set('debug', false);
  }
  return seen;
}

let admin: Actor;
beforeAll(async () => {
  admin = await makeActor('admin');
});

afterEach(() => forgetContextRows());

async function questionHit(subject: string, word: string) {
  const offering = await makeOffering(subject);
  const paper = await makePaper(offering.offeringId);
  const [module] = offering.modules;
  await makeQuestion(paper.id, {
    text: `Explain the ${word} of it.`,
    moduleId: module!.id,
    topicId: module!.topics[0]!,
  });
  const search = async () => {
    const { items } = await searchCatalog({ actor: null, query: { q: word, type: 'question' } });
    expect(items).toHaveLength(1);
    return items[0]!.context;
  };
  return { offering, paper, module: module!, search };
}

describe('the context records kept per process', () => {
  it('when the same page is searched twice, then the second reads none of the context records and answers the same', async () => {
    const { search } = await questionHit('Numbat Acoustics', 'numbatic');
    const first = await search();
    let second: typeof first | undefined;
    const warm = await commandsOf(async () => (second = await search()));

    expect(first.subject).toMatchObject({ name: 'Numbat Acoustics' });
    expect(second).toEqual(first);
    expect(warm.idReads.filter((c) => KEPT.includes(c))).toEqual([]);
  });

  it('when a subject, topic, module and university are renamed through the services, then the next search shows the new names', async () => {
    const { offering, module, search } = await questionHit('Potoroo Geometry', 'potoroic');
    const before = await search();
    await updateSubject({ actor: admin, id: before.subject!.id, input: { name: 'Potoroo Logic' } });
    await updateTopic({ actor: admin, id: module.topics[0]!, input: { title: 'Renamed topic' } });
    await updateModule({ actor: admin, id: module.id, input: { title: 'Renamed module' } });
    const shortName = `PU${Date.now() % 100_000}`;
    await updateUniversity({ actor: admin, id: offering.universityId, input: { shortName } });

    const after = await search();

    expect(before.topic).toMatchObject({ title: 'Topic 1.1' });
    expect(after.subject).toMatchObject({ name: 'Potoroo Logic' });
    expect(after.topic).toMatchObject({ title: 'Renamed topic' });
    expect(after.module).toMatchObject({ title: 'Renamed module' });
    expect(after.university).toMatchObject({ shortName });
  });

  it('when a rename bumps the generation, then the next search reads that collection again and keeps the rest', async () => {
    const { search } = await questionHit('Quokka Topology', 'quokkic');
    const before = await search();
    const stored = await generations();
    await updateSubject({
      actor: admin,
      id: before.subject!.id,
      input: { name: 'Quokka Algebra' },
    });
    const bumped = await generations();
    const next = await commandsOf(() => search());

    const subjects = generationKey('Subject');
    expect(bumped[subjects]).toBeDefined();
    expect(bumped[subjects]).not.toBe(stored[subjects]);
    expect({ ...bumped, [subjects]: '' }).toEqual({ ...stored, [subjects]: '' });
    expect(next.idReads.filter((c) => KEPT.includes(c))).toEqual(['subjects']);
  });

  it('when a question is created, then no generation is written (no command more)', async () => {
    const offering = await makeOffering('Bandicoot Graphs');
    const paper = await makePaper(offering.offeringId);
    await searchCatalog({ actor: null, query: { q: 'bandicoot' } });
    const stored = await generations();

    await makeQuestion(paper.id, { text: 'Bound the bandicoot.' });

    expect(Object.keys(stored)).toHaveLength(GENERATION_KEYS.length);
    expect(await generations()).toEqual(stored);
  });

  it('when the generations are gone (a recount) and a name changed by a raw write, then the next search shows it and keeps rows under fresh generations', async () => {
    const { search } = await questionHit('Bettong Mechanics', 'bettongic');
    const before = await search();
    const stored = await generations();
    const terms = mongoose.connection.db!.collection<{ _id: string }>('searchterms');
    await terms.deleteMany({ _id: { $in: [...GENERATION_KEYS] } });
    // No hook runs: only the missing generations can tell that the kept rows may be stale.
    await SubjectModel.collection.updateOne(
      { _id: new mongoose.Types.ObjectId(before.subject!.id) },
      { $set: { name: 'Bettong Kinematics' } },
    );

    const after = await search();
    const fresh = await generations();
    const again = await commandsOf(() => search());

    expect(after.subject).toMatchObject({ name: 'Bettong Kinematics' });
    expect(Object.keys(fresh).sort()).toEqual([...GENERATION_KEYS].sort());
    for (const key of GENERATION_KEYS) expect(fresh[key]).not.toBe(stored[key]);
    expect(again.idReads.filter((c) => KEPT.includes(c))).toEqual([]);
  });

  it('when the ancestor-key backfill rewrites a paper subject by a raw write, then the next search shows the new subject', async () => {
    const { paper, search } = await questionHit('Dunnart Calculus', 'dunnartic');
    const other = await makeOffering('Dunnart Statistics');
    const before = await search();
    const moved = (await SubjectOfferingModel.findById(other.offeringId).lean())!.subjectId;
    const db = mongoose.connection.db!;
    // A paper written before it copied its subject, whose offering now teaches another subject
    // (raw writes: what an older version left behind, no hook runs).
    await PaperModel.collection.updateOne(
      { _id: new mongoose.Types.ObjectId(paper.id) },
      { $unset: { subjectId: 1 } },
    );
    const offeringOfPaper = (await PaperModel.findById(paper.id).lean())!.subjectOfferingId;
    await SubjectOfferingModel.collection.updateOne(
      { _id: offeringOfPaper },
      { $set: { subjectId: moved } },
    );
    await db.collection<{ _id: string }>('migrations').deleteOne(BACKFILL_MARKERS.ancestorKeys);

    await backfillAncestorKeys();
    const after = await search();

    expect(before.subject).toMatchObject({ name: 'Dunnart Calculus' });
    expect(after.subject).toMatchObject({ id: String(moved), name: 'Dunnart Statistics' });
    expect(await SubjectModel.countDocuments({ _id: moved })).toBe(1);
  });
});
