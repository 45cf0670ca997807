import { describe, expect, it } from 'vitest';
import { QuestionModel } from '../models.js';
import { createQuestion, deleteQuestion, updateQuestion } from '../question/service.js';
import { getSubjectOfferingCoverage } from '../subject-offering/coverage.js';
import { makeOffering, makePaper, makeQuestion } from '../test-support/content-fixtures.js';
import { useTestActors } from '../test-support/database.js';
import { reindexSimilar } from './backfill.js';
import { SIMILAR_BAND_FIELDS } from './plugin.js';
import { listSimilarQuestions } from './service.js';
import { bandKeys, isNearIdentical, jaccard, shinglesOf } from './signature.js';

const { actors } = useTestActors();

const STACK = 'Explain how a stack differs from a queue, with one use of each.';

describe('near-identical texts', () => {
  it('when texts differ in case, accents, punctuation, numbers, stop words and word endings, then their shingles agree', () => {
    expect([...shinglesOf('Define the STACKS (5 marks)!')]).toEqual(['defin stack', 'stack mark']);
    expect(jaccard(shinglesOf('Define stacks, 2023.'), shinglesOf('define a stack'))).toBe(1);
    expect(jaccard(shinglesOf('Explain paging'), shinglesOf('Explain segmentation'))).toBe(0);
  });

  it('when two texts share exactly half their shingles, then they are not near-identical; above half they are', () => {
    expect(isNearIdentical(0.5)).toBe(false);
    expect(isNearIdentical(5 / 9)).toBe(true);
    expect(isNearIdentical(1)).toBe(true);
  });
});

describe('listSimilarQuestions', () => {
  it('when questions of other papers of the subject are near-identical, then they are listed by similarity, then year', async () => {
    const offering = await makeOffering();
    const other = await makeOffering(offering.subjectName);
    const papers = {
      base: await makePaper(offering.offeringId, { examYear: 2024 }),
      old: await makePaper(offering.offeringId, { examYear: 2019 }),
      recent: await makePaper(offering.offeringId, { examYear: 2022 }),
      unrelatedSubject: await makePaper(other.offeringId, { examYear: 2023 }),
    };
    const base = await createQuestion({
      actor: actors.editor,
      input: { paperId: papers.base.id, text: STACK, type: 'short', difficulty: 'easy' },
    });
    const same = await makeQuestion(papers.old.id, {
      text: 'EXPLAIN how a Stack differs from a Queue: with one use of each (2019)',
    });
    const close = await makeQuestion(papers.recent.id, {
      text: 'Explain how a stack differs from a queue, with one use of each, and draw both.',
    });
    await makeQuestion(papers.recent.id, { text: 'Explain how a heap differs from a tree.' });
    await makeQuestion(papers.base.id, { text: STACK });
    await makeQuestion(papers.unrelatedSubject.id, { text: STACK });

    const similar = await listSimilarQuestions({ actor: null, id: base.id });
    expect(similar.map((s) => [s.question.id, s.paper.examYear])).toEqual([
      [same.id, 2019],
      [close.id, 2022],
    ]);
    expect(similar[0]).toMatchObject({
      similarity: 1,
      paper: { id: papers.old.id, slug: papers.old.slug, examType: 'end-term' },
    });
    expect(similar[1]!.similarity).toBeGreaterThan(0.5);
    expect(similar[1]!.similarity).toBeLessThan(1);
    expect(similar[0]!.question).not.toHaveProperty('similarBand0');
  });

  it('when two questions are opposites at exactly 0.5 (first-in, first-out against last-in, first-out), then neither lists the other', async () => {
    const offering = await makeOffering();
    const [a, b, c] = [
      await makePaper(offering.offeringId, { examYear: 2021 }),
      await makePaper(offering.offeringId, { examYear: 2022 }),
      await makePaper(offering.offeringId, { examYear: 2023 }),
    ];
    const fifoText = 'Explain the first-in, first-out order of queue scheduling.';
    const lifoText = 'Explain the last-in, first-out order of queue scheduling.';
    expect(jaccard(shinglesOf(fifoText), shinglesOf(lifoText))).toBe(0.5);
    // They meet in a band, so the lookup compares them: the threshold alone keeps them apart.
    const fifoKeys = new Set(bandKeys('subject', fifoText));
    expect(bandKeys('subject', lifoText).some((key) => fifoKeys.has(key))).toBe(true);
    const fifo = await makeQuestion(a.id, { text: fifoText });
    const lifo = await makeQuestion(b.id, { text: lifoText });
    const again = await makeQuestion(c.id, { text: `${fifoText} (2023)` });

    const ofFifo = await listSimilarQuestions({ actor: null, id: fifo.id });
    expect(ofFifo.map((s) => s.question.id)).toEqual([again.id]);
    const ofLifo = await listSimilarQuestions({ actor: null, id: lifo.id });
    expect(ofLifo).toEqual([]);
  });

  it('when a similar question is on a paper the caller may not see, then only editors and admins get it', async () => {
    const offering = await makeOffering();
    const shown = await makePaper(offering.offeringId);
    const pending = await makePaper(offering.offeringId, { status: 'pending' });
    const base = await makeQuestion(shown.id, { text: STACK });
    const hidden = await makeQuestion(pending.id, { text: STACK });
    expect(await listSimilarQuestions({ actor: actors.normal, id: base.id })).toEqual([]);
    expect(
      (await listSimilarQuestions({ actor: actors.editor, id: base.id })).map((s) => s.question.id),
    ).toEqual([hidden.id]);
    await expect(listSimilarQuestions({ actor: null, id: hidden.id })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('when a question is edited or deleted, then its keys follow and lookups see the change', async () => {
    const offering = await makeOffering();
    const [a, b] = [await makePaper(offering.offeringId), await makePaper(offering.offeringId)];
    const base = await makeQuestion(a.id, { text: STACK });
    const other = await makeQuestion(b.id, { text: 'Describe paging with a page table.' });
    expect(await listSimilarQuestions({ actor: null, id: base.id })).toEqual([]);
    await updateQuestion({ actor: actors.editor, id: other.id, input: { text: STACK } });
    expect(
      (await listSimilarQuestions({ actor: null, id: base.id })).map((s) => s.question.id),
    ).toEqual([other.id]);
    await deleteQuestion({ actor: actors.admin, id: other.id });
    expect(await listSimilarQuestions({ actor: null, id: base.id })).toEqual([]);
  });

  it('when questions were written without keys, then the backfill computes them', async () => {
    const offering = await makeOffering();
    const [a, b] = [await makePaper(offering.offeringId), await makePaper(offering.offeringId)];
    const base = await makeQuestion(a.id, { text: STACK });
    const copy = await makeQuestion(b.id, { text: STACK });
    await QuestionModel.collection.updateMany(
      {},
      { $unset: Object.fromEntries(SIMILAR_BAND_FIELDS.map((field) => [field, ''])) },
    );
    expect(await listSimilarQuestions({ actor: null, id: base.id })).toEqual([]);
    expect(await reindexSimilar()).toBeGreaterThanOrEqual(2);
    expect(
      (await listSimilarQuestions({ actor: null, id: base.id })).map((s) => s.question.id),
    ).toEqual([copy.id]);
  });
});

describe('coverage: repeated', () => {
  it('when a question was also asked in another sitting of the offering, then its module and topic count it as repeated', async () => {
    const offering = await makeOffering();
    const [module] = offering.modules;
    const topicId = module!.topics[0]!;
    const y2022 = await makePaper(offering.offeringId, { examYear: 2022 });
    const y2023 = await makePaper(offering.offeringId, { examYear: 2023 });
    await makeQuestion(y2022.id, { text: STACK, moduleId: module!.id, topicId });
    await makeQuestion(y2023.id, { text: STACK, moduleId: module!.id, topicId });
    await makeQuestion(y2023.id, { text: 'Define a heap.', moduleId: module!.id });
    await makeQuestion(y2022.id, { text: 'Describe paging.' });
    await makeQuestion(y2023.id, { text: 'Describe segmentation with frames.' });
    const coverage = await getSubjectOfferingCoverage({ actor: null, id: offering.offeringId });
    expect(coverage.modules[0]).toMatchObject({ questionCount: 3, repeated: 2 });
    expect(coverage.modules[0]!.topics[0]).toMatchObject({ questionCount: 2, repeated: 2 });
    expect(coverage.modules[1]).toMatchObject({ repeated: 0 });
    expect(coverage.unassigned).toMatchObject({ questionCount: 2, repeated: 0 });
  });
});
