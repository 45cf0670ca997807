import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mongoose } from '../db.js';
import { ValidationError } from '../errors.js';
import { PaperModel, QuestionModel, SubjectModel, TopicModel } from '../models.js';
import { createSubject } from '../subject/service.js';
import { makeOffering, makePaper, makeQuestion } from '../test-support/content-fixtures.js';
import type { OfferingFixture } from '../test-support/content-fixtures.js';
import { useTestActors } from '../test-support/database.js';
import { contentSweepsSettled } from '../university/content-sweep.js';
import { deleteUniversity } from '../university/service.js';
import { searchCatalog, searchPageBy } from './service.js';
import { fieldOf } from './tokens.js';
import type { SearchResult } from './service.js';

const { actors } = useTestActors();

let offering: OfferingFixture;
let paperId: string;
beforeAll(async () => {
  offering = await makeOffering();
  paperId = (await makePaper(offering.offeringId, { title: 'Plain paper' })).id;
});

const search = (
  query: Record<string, unknown>,
  actor = null as Parameters<typeof searchCatalog>[0]['actor'],
) => searchCatalog({ actor, query });
const slugs = (result: SearchResult) => result.items.map((hit) => hit.slug);

describe('searchCatalog ranking', () => {
  it('when one question has the word in its slug and another in its text, then the title hit ranks first', async () => {
    await makeQuestion(paperId, {
      slug: 'quicksort-partition-scheme',
      text: 'Describe the partition scheme.',
    });
    await makeQuestion(paperId, {
      slug: 'describe-pivot-choice',
      text: 'Describe the pivot choice in Quicksort.',
    });
    const result = await search({ q: 'quicksort' });
    expect(slugs(result)).toEqual(['quicksort-partition-scheme', 'describe-pivot-choice']);
    expect(result.items[0]!.score).toBeGreaterThan(result.items[1]!.score);
  });

  it('when a rare word and a common word are both asked, then the title hit of the rare word ranks first', async () => {
    const older = await makeQuestion(paperId, {
      slug: 'lambda-calculus-basics',
      text: 'Reduce the omega combinator.',
    });
    for (let i = 0; i < 6; i += 1) {
      await makeQuestion(paperId, { slug: `filler-${i}`, text: `Omega filler number ${i}.` });
    }
    const newer = await makeQuestion(paperId, {
      slug: 'omega-notation-bounds',
      text: 'Bound it with lambda terms.',
    });
    const result = await search({ q: 'lambda omega' });
    expect(slugs(result)).toEqual([older.slug, newer.slug]);
  });

  it('when two hits score the same, then the newest comes first', async () => {
    const first = await makeQuestion(paperId, { slug: 'tie-one', text: 'A kappa question.' });
    const second = await makeQuestion(paperId, { slug: 'tie-two', text: 'A kappa question.' });
    const result = await search({ q: 'kappa' });
    expect(result.items[0]!.score).toBe(result.items[1]!.score);
    expect(slugs(result)).toEqual([second.slug, first.slug]);
  });

  it('when a word only starts a word of the text, then it matches below a same-stem match', async () => {
    await makeQuestion(paperId, { slug: 'exact-hit', text: 'Draw the graphs below.' });
    await makeQuestion(paperId, { slug: 'prefix-hit', text: 'Explain graphical methods.' });
    expect(slugs(await search({ q: 'graph' }))).toEqual(['exact-hit', 'prefix-hit']);
    expect(slugs(await search({ q: 'graphi' }))).toEqual(['prefix-hit']);
  });

  it('when a query is the start of a word, then documents with the whole word are found', async () => {
    await makeQuestion(paperId, {
      slug: 'dijkstra-question',
      text: "State Dijkstra's shortest path algorithm.",
    });
    const result = await search({ q: 'algo' });
    expect(slugs(result)).toEqual(['dijkstra-question']);
    expect(result.items[0]!.snippet).toContain('algorithm');
  });

  it('when accents differ, then they match both ways', async () => {
    await makeQuestion(paperId, { slug: 'write-cv', text: 'Write a résumé for a job.' });
    await makeQuestion(paperId, {
      slug: 'write-cv-plain',
      text: 'Write a RESUME for an internship.',
    });
    expect(slugs(await search({ q: 'resume' })).sort()).toEqual(['write-cv', 'write-cv-plain']);
    expect(slugs(await search({ q: 'Résumé' })).sort()).toEqual(['write-cv', 'write-cv-plain']);
  });

  it('when several words are asked, then every one must match', async () => {
    await makeQuestion(paperId, { slug: 'both-words', text: 'Balance a treap with rotations.' });
    await makeQuestion(paperId, { slug: 'one-word', text: 'Insert into a treap.' });
    expect(slugs(await search({ q: 'treap rotation' }))).toEqual(['both-words']);
    expect(slugs(await search({ q: 'treap' })).sort()).toEqual(['both-words', 'one-word']);
  });

  it('when one word is held by no document, then nothing is found', async () => {
    await makeQuestion(paperId, { slug: 'treap-again', text: 'Split a treap.' });
    const result = await search({ q: 'treap xylophonic' });
    expect(result.pagination.total).toBe(0);
    expect(result.facets.type).toEqual({ question: 0, paper: 0, subject: 0, topic: 0 });
  });

  it('when a hit is returned, then it carries the contract fields', async () => {
    const question = await makeQuestion(paperId, {
      slug: 'heapify-shape',
      text: 'Heapify the array.',
    });
    const [hit] = (await search({ q: 'heapify' })).items;
    expect(hit).toEqual({
      type: 'question',
      id: question.id,
      slug: 'heapify-shape',
      title: 'Heapify the array.',
      snippet: 'Heapify the array.',
      score: expect.any(Number),
      context: expect.objectContaining({ marks: null, alsoAsked: [] }),
    });
  });
});

describe('searchCatalog facets and filters', () => {
  let a: OfferingFixture;
  let b: OfferingFixture;
  beforeAll(async () => {
    a = await makeOffering();
    b = await makeOffering();
    const old = await makePaper(a.offeringId, { examYear: 2020 });
    const recent = await makePaper(b.offeringId, { examYear: 2022, title: 'Sigma end-term paper' });
    await makeQuestion(old.id, { text: 'Sigma algebra one.' });
    await makeQuestion(old.id, { text: 'Sigma algebra two.' });
    await makeQuestion(recent.id, { text: 'Sigma fields.' });
    await createSubject({ actor: actors.admin, input: { name: 'Sigma methods' } });
  });

  it('when hits span several pages, then facets count all of them, equal to the hits themselves', async () => {
    const pages: SearchResult[] = [];
    for (let page = 1; page <= 3; page += 1)
      pages.push(await search({ q: 'sigma', limit: 2, page }));
    const hits = pages.flatMap((p) => p.items);
    expect(pages[0]!.pagination).toMatchObject({ total: 5, totalPages: 3, hasNextPage: true });
    expect(new Set(hits.map((h) => h.id)).size).toBe(5);
    const byType = (type: string) => hits.filter((h) => h.type === type).length;
    expect(pages[0]!.facets.type).toEqual({
      question: byType('question'),
      paper: byType('paper'),
      subject: byType('subject'),
      topic: 0,
    });
    expect(pages[0]!.facets.type).toEqual({ question: 3, paper: 1, subject: 1, topic: 0 });
    expect(pages[0]!.facets.examYear).toEqual({ '2020': 2, '2022': 2 });
    expect(pages[0]!.facets.universityId).toEqual({ [a.universityId]: 2, [b.universityId]: 2 });
  });

  it('when filtered by type, then only that kind is found and counted', async () => {
    const result = await search({ q: 'sigma', type: 'paper' });
    expect(result.items.map((h) => h.type)).toEqual(['paper']);
    expect(result.facets.type).toEqual({ question: 0, paper: 1, subject: 0, topic: 0 });
  });

  it('when filtered by university, offering or year, then subjects drop out and the rest is narrowed', async () => {
    expect((await search({ q: 'sigma', universityId: a.universityId })).facets.type).toEqual({
      question: 2,
      paper: 0,
      subject: 0,
      topic: 0,
    });
    expect((await search({ q: 'sigma', subjectOfferingId: b.offeringId })).pagination.total).toBe(
      2,
    );
    const year = await search({ q: 'sigma', examYear: 2022 });
    expect(year.facets.type).toEqual({ question: 1, paper: 1, subject: 0, topic: 0 });
    expect(year.facets.examYear).toEqual({ '2022': 2 });
  });
});

describe('searchCatalog visibility', () => {
  let visible: OfferingFixture;
  let inactive: OfferingFixture;
  beforeAll(async () => {
    visible = await makeOffering();
    inactive = await makeOffering();
    const shown = await makePaper(visible.offeringId);
    const pending = await makePaper(visible.offeringId, {
      status: 'pending',
      title: 'Upsilon draft paper',
    });
    const underInactive = await makePaper(inactive.offeringId, { examYear: 2015 });
    await makeQuestion(shown.id, { text: 'Upsilon shown.' });
    await makeQuestion(pending.id, { text: 'Upsilon pending.' });
    await makeQuestion(underInactive.id, { text: 'Upsilon under an inactive university.' });
    await deleteUniversity({ actor: actors.admin, id: inactive.universityId });
    await contentSweepsSettled();
  });

  it.each(['anonymous', 'normal'] as const)(
    'when a %s caller searches, then pending papers, their questions and inactive universities are absent, facets included',
    async (who) => {
      const result = await search({ q: 'upsilon' }, who === 'anonymous' ? null : actors.normal);
      expect(result.items.map((h) => h.snippet)).toEqual(['Upsilon shown.']);
      expect(result.facets).toEqual({
        type: { question: 1, paper: 0, subject: 0, topic: 0 },
        examYear: { '2023': 1 },
        universityId: { [visible.universityId]: 1 },
      });
      const scoped = await search({ q: 'upsilon', universityId: inactive.universityId }, null);
      expect(scoped.pagination.total).toBe(0);
    },
  );

  it('when an editor searches, then everything is found', async () => {
    const result = await search({ q: 'upsilon' }, actors.editor);
    expect(result.facets.type).toEqual({ question: 3, paper: 1, subject: 0, topic: 0 });
    expect(result.facets.universityId[inactive.universityId]).toBe(1);
  });
});

describe('searchCatalog input', () => {
  it.each([
    ['missing', {}, 'q is required'],
    ['empty', { q: '' }, 'q must not be empty'],
    ['over 100 characters', { q: 'a'.repeat(101) }, 'q must be at most 100 characters'],
    ['a null byte', { q: 'a\u0000b' }, 'null bytes'],
  ])('when q is %s, then it is refused naming q', async (_label, query, message) => {
    const error = await search(query).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    const details = (error as ValidationError).details ?? [];
    expect(details[0]?.path).toBe('q');
    expect(details[0]?.message).toContain(message);
  });

  it.each([
    ['only stop words', { q: 'the of and' }, 'common words'],
    ['only punctuation', { q: '?!... --' }, 'letters or digits'],
    ['only spaces', { q: '   ' }, 'letters or digits'],
    ['an emoji', { q: '😀' }, 'letters or digits'],
    ['one letter', { q: 'e' }, 'at least 2 letters'],
  ])('when q is %s, then it answers no hits and a plain hint', async (_label, query, words) => {
    const result = await search(query);
    expect(result.items).toEqual([]);
    expect(result.pagination.total).toBe(0);
    expect(result.hint).toContain(words);
    expect(result.hint).not.toMatch(/\bq\b/);
    expect(result.corrected).toBeNull();
  });

  it.each([
    ['type', { q: 'x', type: 'solution' }],
    ['universityId', { q: 'x', universityId: 'nope' }],
    ['subjectOfferingId', { q: 'x', subjectOfferingId: '123' }],
    ['examYear', { q: 'x', examYear: 'soon' }],
    ['limit', { q: 'x', limit: '0' }],
    ['sort', { q: 'x', sort: 'score' }],
  ])('when %s is malformed or unknown, then it is refused', async (path, query) => {
    const error = await search(query).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(JSON.stringify((error as ValidationError).details)).toContain(path);
  });

  it('when q has exactly 100 characters, then it is accepted', async () => {
    const result = await search({ q: `${'word '.repeat(19)}words` });
    expect(result.pagination.page).toBe(1);
  });
});

describe('searchCatalog queries', () => {
  const sent: { collection: string; method: string; filter: unknown }[] = [];
  afterEach(() => {
    mongoose.set('debug', false);
  });

  it('when a two-word query runs in process, then each collection is asked for the rarest word by one equality', async () => {
    await makeQuestion(paperId, { text: 'Rare zygote and common psi.' });
    for (let i = 0; i < 3; i += 1) await makeQuestion(paperId, { text: `Common psi ${i}.` });
    mongoose.set('debug', (collection: string, method: string, filter: unknown) => {
      sent.push({ collection, method, filter });
    });
    await searchPageBy('in-process', { actor: null, query: { q: 'psi zygote' } });
    const searched = [QuestionModel, PaperModel, SubjectModel, TopicModel].map(
      (m) => m.collection.collectionName,
    );
    const finds = sent.filter(
      (c) =>
        searched.includes(c.collection) &&
        Object.keys(c.filter as object).some((f) => f.startsWith('searchKeys')),
    );
    expect(finds.map((c) => c.collection).sort()).toEqual([...searched].sort());
    for (const { method, filter } of finds) {
      expect(method).toBe('find');
      const keys = Object.entries(filter as Record<string, unknown>).filter(([f]) =>
        f.startsWith('searchKeys'),
      );
      // The rarest word always, each key field at most once, every value a plain string.
      expect(keys).toContainEqual([fieldOf('zygot'), 'zygot']);
      expect(keys.every(([, value]) => typeof value === 'string')).toBe(true);
    }
  });

  it('when the engine answers a query, then the searched collections are read only by the ids of the page', async () => {
    const hit = await makeQuestion(paperId, { text: 'Rare quokka and common psi.' });
    sent.length = 0;
    mongoose.set('debug', (collection: string, method: string, filter: unknown) => {
      sent.push({ collection, method, filter });
    });
    // The page's documents are read as one `find` command (storage/find-command.ts), which the
    // debug hook does not see.
    const db = mongoose.connection.db!;
    const command = db.command.bind(db);
    const spy = vi.spyOn(db, 'command').mockImplementation(((
      ...args: Parameters<typeof command>
    ) => {
      const [body] = args;
      if (typeof body.find === 'string') {
        sent.push({ collection: body.find, method: 'find', filter: body.filter });
      }
      return command(...args);
    }) as never);
    const result = await search({ q: 'psi quokka' }).finally(() => spy.mockRestore());
    expect(result.items.map((item) => item.id)).toEqual([hit.id]);
    const searched = [QuestionModel, PaperModel, SubjectModel, TopicModel].map(
      (m) => m.collection.collectionName,
    );
    const reads = sent.filter((c) => searched.includes(c.collection) && c.method === 'find');
    expect(reads.length).toBeGreaterThan(0);
    for (const { filter } of reads) expect(Object.keys(filter as object)).toEqual(['_id']);
  });
});
