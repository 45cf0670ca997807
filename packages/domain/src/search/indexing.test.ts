import { beforeAll, describe, expect, it } from 'vitest';
import { makeOffering, makePaper } from '../test-support/content-fixtures.js';
import type { OfferingFixture } from '../test-support/content-fixtures.js';
import { useTestActors } from '../test-support/database.js';
import { PaperModel } from '../paper/model.js';
import { createPaper, updatePaper } from '../paper/service.js';
import {
  createQuestion,
  deleteQuestion,
  listQuestions,
  updateQuestion,
} from '../question/service.js';
import { QuestionModel } from '../question/model.js';
import { createSubject, deleteSubject, updateSubject } from '../subject/service.js';
import { SubjectModel } from '../subject/model.js';
import { TopicModel } from '../syllabus/model.js';
import { backfillSearch, reindexSearch } from './backfill.js';
import { searchCatalog } from './service.js';
import { DOCUMENTS_KEY, readTermCounts, SEARCH_TERMS_COLLECTION } from './terms.js';
import { SEARCH_KEY_FIELDS } from './tokens.js';
import { mongoose } from '../db.js';

const { actors } = useTestActors();

let fixture: OfferingFixture;
let paperId: string;
beforeAll(async () => {
  fixture = await makeOffering();
  paperId = (await makePaper(fixture.offeringId, { examYear: 2021 })).id;
});

// Words no other test uses (so their counts are this test's alone), each its own stem (no
// vowels), with distinct 5-character prefixes.
const CONSONANTS = 'bcdfghjklmnpqrstvwz';
let words = 0;
const word = () => {
  const n = words++;
  const letter = (i: number) =>
    CONSONANTS[Math.floor(n / CONSONANTS.length ** i) % CONSONANTS.length];
  return `z${letter(3)}${letter(2)}${letter(1)}${letter(0)}x`;
};
const count = async (key: string) => (await readTermCounts([key])).get(key);
const keysOf = async (model: typeof QuestionModel | typeof SubjectModel, id: string) => {
  const projection = Object.fromEntries(SEARCH_KEY_FIELDS.map((f) => [f, 1]));
  const doc = await (model as typeof QuestionModel)
    .findById(id, projection)
    .lean<Record<string, string[] | undefined>>();
  return SEARCH_KEY_FIELDS.flatMap((field) => doc?.[field] ?? []);
};

describe('search keys', () => {
  it('when a question is created, then its keys are stored and each key counts it once', async () => {
    const w = word();
    const before = await count(DOCUMENTS_KEY);
    const question = await createQuestion({
      actor: actors.editor,
      input: { paperId, text: `Explain ${w} and ${w} again`, type: 'short', difficulty: 'easy' },
    });
    const keys = await keysOf(QuestionModel, question.id);
    expect(keys).toEqual(expect.arrayContaining([w.slice(0, 4), w.slice(0, 5), 'expl', 'again']));
    expect(await count(`=${w}`)).toBe(1);
    // Prefixes are stored on the document, never counted.
    expect(await count(w.slice(0, 5))).toBe(0);
    expect(await count(DOCUMENTS_KEY)).toBe((before ?? 0) + 1);
  });

  it('when a question has more words than one counter command takes, then every word is counted', async () => {
    // 60 short words (no vowels: each is its own stem), under the per-document key bound.
    const letters = 'bcdfghjkmnprtvwz';
    const words = Array.from(
      { length: 60 },
      (_, i) => `qx${letters[i % 16]}${letters[Math.floor(i / 16)]}`,
    );
    await createQuestion({
      actor: actors.editor,
      input: { paperId, text: words.join(' '), type: 'long', difficulty: 'hard' },
    });
    const counts = await readTermCounts(words.map((w) => `=${w}`));
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it('when a question is read or listed, then no search field leaves the domain', async () => {
    const question = await createQuestion({
      actor: actors.editor,
      input: { paperId, text: `List ${word()}`, type: 'short', difficulty: 'easy' },
    });
    const internal = [...SEARCH_KEY_FIELDS, 'examYear'];
    expect(Object.keys(question).filter((k) => internal.includes(k))).toEqual([]);
    const page = await listQuestions({ actor: null, query: { paperId } });
    for (const item of page.items) {
      expect(Object.keys(item).filter((k) => internal.includes(k))).toEqual([]);
    }
    const raw = await QuestionModel.find({ paperId }).lean<Record<string, unknown>[]>();
    expect(raw.length).toBeGreaterThan(0);
    expect(raw.every((doc) => SEARCH_KEY_FIELDS.every((f) => doc[f] === undefined))).toBe(true);
    // A single read does not fetch them either; asked for, they are there.
    const one = await QuestionModel.findById(question.id).lean<Record<string, unknown>>();
    expect(one?.text).toBe(question.text);
    expect(SEARCH_KEY_FIELDS.filter((f) => one?.[f] !== undefined)).toEqual([]);
    expect((await keysOf(QuestionModel, question.id)).length).toBeGreaterThan(0);
  });

  it('when a question text is updated, then old words stop counting and new words count', async () => {
    const [kept, dropped, added] = [word(), word(), word()];
    const question = await createQuestion({
      actor: actors.editor,
      input: {
        paperId,
        text: `${kept} ${dropped}`,
        slug: `text-update-${kept}`,
        type: 'short',
        difficulty: 'easy',
      },
    });
    await updateQuestion({
      actor: actors.editor,
      id: question.id,
      input: { text: `${kept} ${added}` },
    });
    const keys = await keysOf(QuestionModel, question.id);
    expect(keys).toContain(added.slice(0, 5));
    expect(keys).not.toContain(dropped.slice(0, 5));
    expect(await count(`=${kept}`)).toBe(1);
    expect(await count(`=${dropped}`)).toBe(0);
    expect(await count(`=${added}`)).toBe(1);
  });

  it('when a question slug is updated, then its keys and counts follow the slug', async () => {
    const [before, after] = [word(), word()];
    const question = await createQuestion({
      actor: actors.editor,
      input: { paperId, text: 'Body words only', slug: before, type: 'short', difficulty: 'easy' },
    });
    await updateQuestion({ actor: actors.editor, id: question.id, input: { slug: after } });
    const keys = await keysOf(QuestionModel, question.id);
    expect(keys).toContain(after.slice(0, 5));
    expect(keys).not.toContain(before.slice(0, 5));
    expect(await count(`=${before}`)).toBe(0);
    expect(await count(`=${after}`)).toBe(1);
  });

  it('when a question is deleted, then its keys stop counting', async () => {
    const w = word();
    const question = await createQuestion({
      actor: actors.editor,
      input: { paperId, text: `Gone ${w}`, type: 'short', difficulty: 'easy' },
    });
    const before = await count(DOCUMENTS_KEY);
    await deleteQuestion({ actor: actors.admin, id: question.id });
    expect(await count(`=${w}`)).toBe(0);
    expect(await count(DOCUMENTS_KEY)).toBe((before ?? 0) - 1);
  });

  it('when a subject is created, renamed and deleted, then its counts follow', async () => {
    const [name, renamed, described] = [word(), word(), word()];
    const subject = await createSubject({
      actor: actors.editor,
      input: { name, code: 'CS101', description: `About ${described}` },
    });
    expect(await count(`=${name}`)).toBe(1);
    expect(await keysOf(SubjectModel, subject.id)).toContain('cs101');
    await updateSubject({ actor: actors.editor, id: subject.id, input: { name: renamed } });
    expect(await count(`=${name}`)).toBe(0);
    expect(await count(`=${renamed}`)).toBe(1);
    expect(await count(`=${described}`)).toBe(1);
    await deleteSubject({ actor: actors.admin, id: subject.id });
    expect(await count(`=${renamed}`)).toBe(0);
    expect(await count(`=${described}`)).toBe(0);
  });

  it("when a paper's exam year changes, then its questions carry the new year", async () => {
    const paper = await createPaper({
      actor: actors.editor,
      input: { subjectOfferingId: fixture.offeringId, examYear: 2019, examType: 'quiz' },
    });
    const question = await createQuestion({
      actor: actors.editor,
      input: { paperId: paper.id, text: `Year ${word()}`, type: 'short', difficulty: 'easy' },
    });
    expect((await QuestionModel.findById(question.id).lean())?.examYear).toBe(2019);
    await updatePaper({ actor: actors.editor, id: paper.id, input: { examYear: 2020 } });
    expect((await QuestionModel.findById(question.id).lean())?.examYear).toBe(2020);
  });

  it('when many questions would change their searched text at once, then the update is refused', async () => {
    await expect(
      QuestionModel.updateMany({ paperId }, { $set: { text: 'Same for all' } }),
    ).rejects.toThrow(/one document at a time/);
  });

  it('when keys and counts were lost, then reindexing rebuilds them from the documents', async () => {
    const w = word();
    const question = await createQuestion({
      actor: actors.editor,
      input: { paperId, text: `Rebuilt ${w}`, type: 'short', difficulty: 'easy' },
    });
    await QuestionModel.collection.updateOne(
      { _id: new mongoose.Types.ObjectId(question.id) },
      { $unset: { ...Object.fromEntries(SEARCH_KEY_FIELDS.map((f) => [f, 1])), examYear: 1 } },
    );
    await mongoose.connection.db!.collection(SEARCH_TERMS_COLLECTION).deleteMany({});
    await reindexSearch({ all: false });
    expect(await keysOf(QuestionModel, question.id)).toContain(w.slice(0, 5));
    expect((await QuestionModel.findById(question.id).lean())?.examYear).toBe(2021);
    expect(await count(`=${w}`)).toBe(1);
    const documents =
      (await QuestionModel.countDocuments()) +
      (await SubjectModel.countDocuments()) +
      (await PaperModel.countDocuments()) +
      (await TopicModel.countDocuments());
    expect(await count(DOCUMENTS_KEY)).toBe(documents);
  });

  it('when a question still has the one-array keys of search-1, then the search backfill replaces them and search finds it', async () => {
    const w = word();
    const question = await createQuestion({
      actor: actors.admin,
      input: { paperId, text: `Legacy ${w}`, type: 'short', difficulty: 'easy' },
    });
    const _id = new mongoose.Types.ObjectId(question.id);
    await QuestionModel.collection.updateOne(
      { _id },
      {
        $unset: Object.fromEntries(SEARCH_KEY_FIELDS.map((f) => [f, 1])),
        $set: { searchKeys: [`=${w}`, w], searchTitleKeys: [] },
      },
    );
    await mongoose.connection.db!.collection('migrations').deleteOne({ _id: 'search-3' as never });

    await backfillSearch();

    const stored = await QuestionModel.collection.findOne({ _id });
    expect(stored).not.toHaveProperty('searchKeys');
    expect(stored).not.toHaveProperty('searchTitleKeys');
    expect(await keysOf(QuestionModel, question.id)).toContain(w.slice(0, 5));
    const found = await searchCatalog({ actor: actors.admin, query: { q: w, type: 'question' } });
    expect(found.items.map((hit) => hit.id)).toEqual([question.id]);
  });
});
