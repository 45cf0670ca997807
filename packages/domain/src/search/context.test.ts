import { afterEach, describe, expect, it } from 'vitest';
import { mongoose } from '../db.js';
import { ModuleModel, SubjectModel, SubjectOfferingModel } from '../models.js';
import { makeOffering, makePaper, makeQuestion } from '../test-support/content-fixtures.js';
import { useTestDatabase } from '../test-support/database.js';
import { forgetContextRows } from './context-cache.js';
import { forgetOfferingSubjects, rememberSubjectOf } from './offering-subjects.js';
import { searchCatalog } from './service.js';

useTestDatabase();

/** The `_id` lists of each read of `model` while `run` runs. */
async function readsOf(
  models: { collection: { collectionName: string } }[],
  run: () => Promise<unknown>,
): Promise<Record<string, string[][]>> {
  const reads: Record<string, string[][]> = {};
  mongoose.set('debug', (collection: string, method: string, filter: unknown) => {
    const ids = (filter as { _id?: { $in?: unknown[] } } | undefined)?._id?.$in;
    if (method === 'find' && ids) (reads[collection] ??= []).push(ids.map(String).sort());
  });
  try {
    await run();
  } finally {
    mongoose.set('debug', false);
  }
  return Object.fromEntries(
    models.map((m) => [m.collection.collectionName, reads[m.collection.collectionName] ?? []]),
  );
}

afterEach(() => {
  forgetOfferingSubjects();
});

/** The page searched with no record kept (context-cache.ts): what these tests count is the reads. */
const uncached =
  <T>(search: () => Promise<T>) =>
  () => {
    forgetContextRows();
    return search();
  };

describe('the context of a page, read ahead', () => {
  it('when the offering of a question hit is not yet known and then known, then its subject and module are read once each and the answers are the same', async () => {
    const offering = await makeOffering('Quoll Dynamics');
    const paper = await makePaper(offering.offeringId);
    const [module] = offering.modules;
    await makeQuestion(paper.id, {
      text: 'Derive the quollian flow.',
      moduleId: module!.id,
      topicId: module!.topics[0]!,
    });
    const search = uncached(() => searchCatalog({ actor: null, query: { q: 'quollian' } }));
    forgetOfferingSubjects();

    let first: Awaited<ReturnType<typeof search>> | undefined;
    let second: typeof first;
    const cold = await readsOf([SubjectModel, ModuleModel], async () => (first = await search()));
    const warm = await readsOf([SubjectModel, ModuleModel], async () => (second = await search()));

    expect(first!.items[0]!.context.subject).toMatchObject({ name: 'Quoll Dynamics' });
    expect(first!.items[0]!.context.module).toEqual({ id: module!.id, title: 'Module 1' });
    expect(second).toEqual(first);
    const subjectId = first!.items[0]!.context.subject!.id;
    expect(cold).toEqual({ subjects: [[subjectId]], modules: [[module!.id]] });
    expect(warm).toEqual(cold);
  });

  it("when an offering is remembered with another subject than its papers', then the hit shows its paper's subject, read after the wrong one", async () => {
    const [taught, other] = [await makeOffering('Bilby Optics'), await makeOffering()];
    const paper = await makePaper(taught.offeringId);
    await makeQuestion(paper.id, { text: 'Focus the bilbian lens.' });
    const search = uncached(() => searchCatalog({ actor: null, query: { q: 'bilbian' } }));
    const right = await search();
    const otherSubject = String(
      (await SubjectOfferingModel.findById(other.offeringId).lean())!.subjectId,
    );
    rememberSubjectOf(taught.offeringId, otherSubject);

    let answer: typeof right | undefined;
    const reads = await readsOf([SubjectModel], async () => (answer = await search()));

    expect(answer).toEqual(right);
    expect(answer!.items[0]!.context.subject).toMatchObject({ name: 'Bilby Optics' });
    expect(reads.subjects).toEqual([[otherSubject], [right.items[0]!.context.subject!.id]]);
  });
});
