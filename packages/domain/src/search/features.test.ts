import { beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../errors.js';
import { mongoose } from '../db.js';
import { PaperModel, QuestionModel, TopicModel } from '../models.js';
import { createSubject } from '../subject/service.js';
import { makeOffering, makePaper, makeQuestion } from '../test-support/content-fixtures.js';
import type { OfferingFixture } from '../test-support/content-fixtures.js';
import { useTestActors } from '../test-support/database.js';
import { contentSweepsSettled } from '../university/content-sweep.js';
import { deleteUniversity } from '../university/service.js';
import { searchCatalog } from './service.js';
import { suggestSearch } from './suggest.js';

const { actors } = useTestActors();

const search = (query: Record<string, unknown>, actor = null as (typeof actors)['admin'] | null) =>
  searchCatalog({ actor, query });
const suggest = (q: string, actor = null as (typeof actors)['admin'] | null) =>
  suggestSearch({ actor, query: { q } });

/** Renames the first topic of the offering's first module. */
async function titleTopic(offering: OfferingFixture, title: string): Promise<string> {
  const id = offering.modules[0]!.topics[0]!;
  await TopicModel.findOneAndUpdate({ _id: id }, { $set: { title } });
  return id;
}

describe('topic hits', () => {
  it('when a word matches a syllabus topic title, then the topic is a hit with its module, subject and askedInLast', async () => {
    const offering = await makeOffering('Quokka Structures');
    const topicId = await titleTopic(offering, 'Quokkaheaps and priority queues');
    const older = await makePaper(offering.offeringId, { examYear: 2021 });
    const newer = await makePaper(offering.offeringId, { examYear: 2022 });
    await makePaper(offering.offeringId, { examYear: 2023 });
    await makeQuestion(older.id, { topicId, moduleId: offering.modules[0]!.id });
    await makeQuestion(newer.id, { topicId, moduleId: offering.modules[0]!.id });

    const result = await search({ q: 'quokkaheap' });
    const hit = result.items.find((h) => h.type === 'topic');
    expect(hit).toMatchObject({ id: topicId, title: 'Quokkaheaps and priority queues' });
    expect(hit!.context).toMatchObject({
      topic: { id: topicId, title: 'Quokkaheaps and priority queues' },
      module: { id: offering.modules[0]!.id, title: 'Module 1' },
      subject: { name: 'Quokka Structures' },
      university: { id: offering.universityId },
      askedInLast: { asked: 2, of: 3 },
    });
    expect(result.facets.type.topic).toBe(1);
    expect((await search({ q: 'quokkaheap', type: 'topic' })).items.map((h) => h.id)).toEqual([
      topicId,
    ]);
    expect((await search({ q: 'quokkaheap', examYear: 2022 })).facets.type.topic).toBe(0);
  });

  it('when topics of two offerings are hits, then each gets the sittings of its own offering the caller may see, from one read of papers and one of questions', async () => {
    const [first, second] = [await makeOffering(), await makeOffering()];
    const [firstTopic, secondTopic] = [
      await titleTopic(first, 'Echidnasort basics'),
      await titleTopic(second, 'Echidnasort advanced'),
    ];
    const on = (offering: OfferingFixture, topicId: string) => ({
      topicId,
      moduleId: offering.modules[0]!.id,
    });
    const old = await makePaper(first.offeringId, { examYear: 2020 });
    await makePaper(first.offeringId, { examYear: 2021 });
    const pending = await makePaper(first.offeringId, { examYear: 2022, status: 'pending' });
    await makeQuestion(old.id, on(first, firstTopic));
    await makeQuestion(pending.id, on(first, firstTopic));
    const other = await makePaper(second.offeringId, { examYear: 2023 });
    await makeQuestion(other.id, on(second, secondTopic));

    const sent: { collection: string; filter: Record<string, unknown> }[] = [];
    mongoose.set('debug', (collection: string, _method: string, filter: unknown) => {
      sent.push({ collection, filter: (filter ?? {}) as Record<string, unknown> });
    });
    const asked = async (actor: (typeof actors)['admin'] | null) => {
      const { items } = await search({ q: 'echidnasort', type: 'topic' }, actor);
      return Object.fromEntries(items.map((hit) => [hit.id, hit.context.askedInLast]));
    };
    try {
      expect(await asked(null)).toEqual({
        [firstTopic]: { asked: 1, of: 2 },
        [secondTopic]: { asked: 1, of: 1 },
      });
    } finally {
      mongoose.set('debug', false);
    }
    const reads = (model: { collection: { collectionName: string } }, field: string) =>
      sent.filter((c) => c.collection === model.collection.collectionName && field in c.filter);
    expect(reads(PaperModel, 'subjectOfferingId')).toHaveLength(1);
    expect(reads(QuestionModel, 'topicId')).toHaveLength(1);
    expect((await asked(actors.editor))[firstTopic]).toEqual({ asked: 2, of: 3 });
  });

  it('when a topic belongs to an inactive university, then anonymous callers do not find it and editors do', async () => {
    const offering = await makeOffering();
    await titleTopic(offering, 'Wombatsort networks');
    await deleteUniversity({ actor: actors.admin, id: offering.universityId });
    await contentSweepsSettled();
    expect((await search({ q: 'wombatsort' })).pagination.total).toBe(0);
    expect((await search({ q: 'wombatsort' }, actors.editor)).facets.type.topic).toBe(1);
  });
});

describe('context of question and paper hits', () => {
  it('when a question is found, then its paper, year, university, subject, topic and marks come with it', async () => {
    const offering = await makeOffering('Numbat Theory');
    const topicId = await titleTopic(offering, 'Modular arithmetic');
    const paper = await makePaper(offering.offeringId, {
      examYear: 2024,
      examType: 'mid-term',
      title: 'Numbat mid-term 2024',
    });
    await makeQuestion(paper.id, {
      text: 'Prove the numbatian lemma for primes.',
      marks: 7,
      topicId,
      moduleId: offering.modules[0]!.id,
    });
    const [question, paperHit] = [
      (await search({ q: 'numbatian', type: 'question' })).items[0]!,
      (await search({ q: 'numbat', type: 'paper' })).items[0]!,
    ];
    expect(question.context).toEqual({
      paper: {
        id: paper.id,
        slug: paper.slug,
        title: 'Numbat mid-term 2024',
        examYear: 2024,
        examType: 'mid-term',
      },
      university: {
        id: offering.universityId,
        slug: expect.any(String),
        shortName: expect.any(String),
      },
      subject: { id: expect.any(String), slug: expect.any(String), name: 'Numbat Theory' },
      subjectOfferingId: offering.offeringId,
      module: { id: offering.modules[0]!.id, title: 'Module 1' },
      topic: { id: topicId, title: 'Modular arithmetic' },
      marks: 7,
      askedInLast: null,
      alsoAsked: [],
    });
    expect(paperHit.context).toMatchObject({
      paper: { id: paper.id, examYear: 2024 },
      subject: { name: 'Numbat Theory' },
      university: { id: offering.universityId },
    });
  });
});

describe('near-identical questions as one hit', () => {
  let offering: OfferingFixture;
  beforeAll(async () => {
    offering = await makeOffering();
  });

  it('when the same question was set in three sittings, then it is one hit, the newest, with the others in alsoAsked, and totals count it once', async () => {
    const years = [2021, 2023, 2022];
    const made: { id: string; year: number; slug: string }[] = [];
    for (const examYear of years) {
      const paper = await makePaper(offering.offeringId, { examYear });
      const q = await makeQuestion(paper.id, {
        text: `Explain the dingo rebalancing of an AVL tree after insertion (${examYear}).`,
      });
      made.push({ id: q.id, year: examYear, slug: paper.slug });
    }
    const other = await makePaper(offering.offeringId, { examYear: 2020 });
    await makeQuestion(other.id, { text: 'Compare dingo hashing with chaining.' });

    const result = await search({ q: 'dingo' });
    expect(result.pagination.total).toBe(2);
    expect(result.facets.type.question).toBe(2);
    expect(result.facets.examYear).toEqual({ '2023': 1, '2020': 1 });
    const grouped = result.items.find((h) => h.id === made[1]!.id)!;
    expect(grouped.context.alsoAsked.map((a) => a.examYear)).toEqual([2022, 2021]);
    expect(grouped.context.alsoAsked[0]).toMatchObject({
      questionId: made[2]!.id,
      paperSlug: made[2]!.slug,
      examType: 'end-term',
      universityShortName: expect.any(String),
    });
  });

  it('when two alike questions sit in one paper, then they stay two hits', async () => {
    const paper = await makePaper(offering.offeringId);
    await makeQuestion(paper.id, { text: 'Trace the jerboa recursion of exercise 1.' });
    await makeQuestion(paper.id, { text: 'Trace the jerboa recursion of exercise 2.' });
    const result = await search({ q: 'jerboa' });
    expect(result.pagination.total).toBe(2);
    expect(result.items.every((h) => h.context.alsoAsked.length === 0)).toBe(true);
  });

  it('when a repeat sits in a paper the caller may not see, then it is neither a hit nor in alsoAsked', async () => {
    const shown = await makePaper(offering.offeringId, { examYear: 2019 });
    const pending = await makePaper(offering.offeringId, { examYear: 2024, status: 'pending' });
    const text = 'Describe the bilby spanning tree algorithm step by step.';
    const visible = await makeQuestion(shown.id, { text });
    await makeQuestion(pending.id, { text });
    const result = await search({ q: 'bilby' });
    expect(result.items.map((h) => h.id)).toEqual([visible.id]);
    expect(result.items[0]!.context.alsoAsked).toEqual([]);
    expect((await search({ q: 'bilby' }, actors.editor)).items[0]!.context.alsoAsked).toHaveLength(
      1,
    );
  });
});

describe('typo corrections', () => {
  it('when a word of 5 or more letters matches nothing, then the catalog word one edit away is searched and named in corrected', async () => {
    const offering = await makeOffering();
    const paper = await makePaper(offering.offeringId);
    const q = await makeQuestion(paper.id, { text: 'Insert into a platypusary search tree.' });
    const result = await search({ q: 'platypusery tree' });
    expect(result.corrected).toBe('platypusary tree');
    expect(result.items.map((h) => h.id)).toEqual([q.id]);
    const swapped = await search({ q: 'tree platpyusary' });
    expect(swapped.corrected).toBe('tree platypusary');
  });

  it('when a word is spelt as a catalog word holds it, then it is searched as typed and nothing is corrected', async () => {
    const offering = await makeOffering();
    const paper = await makePaper(offering.offeringId);
    const typo = await makeQuestion(paper.id, { text: 'Sort the echidnaes by weight.' });
    await makeQuestion(paper.id, { text: 'Sort the echidnas by height.' });
    const result = await search({ q: 'echidnaes' });
    expect(result.corrected).toBeNull();
    expect(result.items.map((h) => h.id)).toContain(typo.id);
  });

  it('when a short word or a far word matches nothing, then nothing is corrected', async () => {
    const offering = await makeOffering();
    const paper = await makePaper(offering.offeringId);
    await makeQuestion(paper.id, { text: 'Quoll graphs and quoll trees.' });
    expect((await search({ q: 'qoll' })).corrected).toBeNull();
    expect((await search({ q: 'qxxll' })).corrected).toBeNull();
  });

  it('when the only near word sits under an inactive university, then it is never offered as a correction', async () => {
    const hidden = await makeOffering();
    const paper = await makePaper(hidden.offeringId);
    await makeQuestion(paper.id, { text: 'Explain the zyxomorphic lemma.' });
    await deleteUniversity({ actor: actors.admin, id: hidden.universityId });
    await contentSweepsSettled();
    const result = await search({ q: 'zyxomorphik' });
    expect(result.corrected).toBeNull();
    expect(result.pagination.total).toBe(0);
    expect((await search({ q: 'zyxomorphik' }, actors.editor)).corrected).toBe('zyxomorphic');
  });
});

describe('suggestSearch', () => {
  it('when the last word starts a subject, a topic and question words, then they are suggested in that order', async () => {
    const offering = await makeOffering();
    await createSubject({ actor: actors.admin, input: { name: 'Kookaburra Networks' } });
    const topicId = await titleTopic(offering, 'Kookaburra routing');
    const paper = await makePaper(offering.offeringId);
    await makeQuestion(paper.id, { text: 'Why do kookaburras laugh at kookaburra routing?' });
    await makeQuestion(paper.id, { text: 'Count the kookaburras.' });
    const { items } = await suggest('draw kookab');
    expect(items.slice(0, 2)).toEqual([
      {
        type: 'subject',
        text: 'Kookaburra Networks',
        id: expect.any(String),
        slug: 'kookaburra-networks',
      },
      { type: 'topic', text: 'Kookaburra routing', id: topicId },
    ]);
    expect(items.filter((i) => i.type === 'term').map((i) => i.text)).toEqual([
      'draw kookaburras',
      'draw kookaburra',
    ]);
    expect(items.length).toBeLessThanOrEqual(10);
  });

  it('when the words sit under an inactive university or a pending paper, then they are never suggested', async () => {
    const hidden = await makeOffering();
    await titleTopic(hidden, 'Cassowary kinematics');
    const paper = await makePaper(hidden.offeringId);
    await makeQuestion(paper.id, { text: 'Cassowaryx speeds.' });
    const open = await makeOffering();
    const pending = await makePaper(open.offeringId, { status: 'pending' });
    await makeQuestion(pending.id, { text: 'Cassowaryz pending words.' });
    await deleteUniversity({ actor: actors.admin, id: hidden.universityId });
    await contentSweepsSettled();
    expect((await suggest('cassow')).items).toEqual([]);
    expect((await suggest('cassow', actors.editor)).items.length).toBeGreaterThan(0);
  });

  it('when q is empty, too long or its last word is under 4 letters, then it is refused or answers nothing', async () => {
    expect((await suggest('kan')).items).toEqual([]);
    for (const q of ['', 'a'.repeat(51)]) {
      expect(await suggest(q).catch((e: unknown) => e)).toBeInstanceOf(ValidationError);
    }
  });
});
