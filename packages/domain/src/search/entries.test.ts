// Differential test of the search entries (decision 13): on random catalogs and queries, ranking
// from the entries' lexemes alone gives the hits, scores, order, totals and facets that rank.ts
// gives from the text (today's computation, grouping of near-identical questions and the title
// coverage factor, read from the entry's `n`, included).
import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { bandFields } from '../similar/plugin.js';
import { bandKeys } from '../similar/signature.js';
import { seeded } from '../test-support/labelled-set/random.js';
import type { Random } from '../test-support/labelled-set/random.js';
import { entryLexemes, entryOf, entryScore, SEARCHED_FIELDS } from './entries.js';
import { facetsOf } from './facets.js';
import { groupKeysInBulk } from './group-key.js';
import { groupNearIdentical } from './grouping.js';
import { byRelevance, rankCandidates, rarityOf } from './rank.js';
import type { Candidate, CandidateList, Hit } from './rank.js';
import { queryTerms } from './tokens.js';

// Inflections, shared prefixes, stems that are not prefixes of their words, accents, digits,
// stop words and words past the 24-character cut: what tells a stem match from a prefix match.
const WORDS = (
  'sort sorting sorted sorts sorter hash hashing hashed hashes hashtable complex complexity ' +
  'complexities graph graphs graphing traverse traversal tree trees heap heaps heapsort happy ' +
  'happiness happily analyse analysis analysing résumé resume naïve naive Über uber data ' +
  'database databases ds 2019 3d b+tree O(n) the of and is what how queue queues queueing ' +
  'internationalisation internationalisations pseudorandomnumbergenerators crème'
).split(' ');

const universities = [new Types.ObjectId(), new Types.ObjectId(), new Types.ObjectId()];
const subjects = [new Types.ObjectId(), new Types.ObjectId()];

function sentence(random: Random, min: number, max: number): string {
  const words = Array.from({ length: random.int(min, max) }, () => random.pick(WORDS));
  return words
    .map((w) => (random.chance(0.2) ? w.toUpperCase() : w))
    .join(random.pick([' ', ', ', ' - ']));
}

/** A random catalog: questions (some near-identical copies in other papers) and subjects. */
function catalog(seed: number): CandidateList[] {
  const random = seeded(seed);
  let clock = Date.UTC(2026, 0, 1);
  const questions: Candidate[] = [];
  for (let i = 0; i < 120; i += 1) {
    clock += random.int(0, 2) * 1000;
    const copyOf = questions.length > 0 && random.chance(0.2) ? random.pick(questions) : null;
    const text = copyOf ? `${String(copyOf.text)} ${random.pick(WORDS)}` : sentence(random, 8, 20);
    const subjectId = copyOf ? String(copyOf.subjectId) : String(random.pick(subjects));
    questions.push({
      _id: new Types.ObjectId(),
      createdAt: new Date(clock),
      slug: sentence(random, 1, 4),
      text,
      subjectId,
      paperId: new Types.ObjectId(),
      universityId: random.pick(universities),
      examYear: random.int(2019, 2024),
      ...bandFields(bandKeys(subjectId, text)),
    });
  }
  // Each question's group key, as the write path gives it (group-key.ts).
  const groups = groupKeysInBulk(questions);
  for (const question of questions) question.searchGroup = groups.get(String(question._id));
  const subjectDocs: Candidate[] = Array.from({ length: 20 }, () => ({
    _id: new Types.ObjectId(),
    createdAt: new Date((clock += 1000)),
    slug: 'subject',
    name: sentence(random, 1, 3),
    code: sentence(random, 1, 1),
    description: random.chance(0.7) ? sentence(random, 3, 10) : null,
  }));
  return [
    { type: 'question', fields: SEARCHED_FIELDS.question, docs: questions },
    { type: 'subject', fields: SEARCHED_FIELDS.subject, docs: subjectDocs },
  ];
}

/** A random query: whole words, words cut short, case and accents changed. */
function query(random: Random): string {
  return Array.from({ length: random.int(1, 3) }, () => {
    const word = random.pick(WORDS);
    const cut = random.chance(0.4) ? word.slice(0, random.int(2, word.length)) : word;
    return random.chance(0.3) ? cut.toUpperCase() : cut;
  }).join(' ');
}

/** The same page computed from the entries' lexemes only (the text is read by grouping alone). */
function fromEntries(lists: readonly CandidateList[], q: string, rarity: readonly number[]) {
  const terms = queryTerms(q);
  const hits: Hit[] = [];
  for (const { type, docs } of lists) {
    for (const doc of docs) {
      // The stored entry, built as the domain builds it: only `k` and `n` are read for the score.
      const entry = entryOf(type, doc);
      const score = entryScore({ lexemes: entry.k.split(' '), n: entry.n }, terms, rarity);
      if (score !== null) hits.push({ type, doc, score });
    }
  }
  const grouped = groupNearIdentical(hits.sort(byRelevance));
  return { grouped, facets: facetsOf(grouped) };
}

describe('search entries against rank.ts', () => {
  it('when random catalogs are searched with random queries, then the entries give the same hits, scores, order, totals and facets', () => {
    let compared = 0;
    let withHits = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const lists = catalog(seed);
      const random = seeded(seed * 7919);
      for (let n = 0; n < 60; n += 1) {
        const q = query(random);
        const terms = queryTerms(q);
        if (terms.length === 0) continue;
        const rarity = rarityOf(
          terms.map(() => random.int(1, 140)),
          140,
        );
        const all = rankCandidates({
          terms,
          rarity,
          lists,
          page: 1,
          limit: 1_000,
          group: groupNearIdentical,
        });
        const mine = fromEntries(lists, q, rarity);
        const shown = (hits: readonly Hit[]) =>
          hits.map((h) => [
            h.type,
            String(h.doc._id),
            h.score,
            (h.members ?? []).map((m) => String(m._id)),
          ]);
        expect(shown(mine.grouped), `query "${q}", seed ${seed}`).toEqual(shown(all.shown));
        expect(mine.grouped.length).toBe(all.pagination.total);
        expect(mine.facets).toEqual(all.facets);
        compared += 1;
        if (all.shown.length > 0) withHits += 1;
      }
    }
    // The queries must exercise matches, not only empty answers.
    expect(compared).toBeGreaterThan(300);
    expect(withHits).toBeGreaterThan(compared / 2);
  });

  it('when an entry is built, then every field of the shape is present with its one type', () => {
    const id = new Types.ObjectId();
    const at = new Date(Date.UTC(2026, 0, 2));
    const subject = entryOf('subject', {
      _id: id,
      createdAt: at,
      name: 'Data Structures',
      code: 'DS-101 data',
      description: null,
      universityId: universities[0],
    });
    expect(subject).toEqual({
      _id: id,
      y: 'subject',
      k: expect.any(String),
      n: 4,
      c: at,
      u: null,
      o: null,
      e: null,
      v: true,
      s: null,
      g: String(id),
    });
    const offering = new Types.ObjectId();
    const question = entryOf('question', {
      _id: id,
      createdAt: at,
      slug: 'define-a-stack',
      text: 'Define a stack.',
      universityId: universities[1],
      subjectOfferingId: offering,
      examYear: 2024,
      visible: false,
      paperStatus: 'pending',
      searchGroup: 'a'.repeat(24),
    });
    expect(question).toMatchObject({
      y: 'question',
      n: 2,
      u: universities[1],
      o: offering,
      e: 2024,
      v: false,
      s: 'pending',
      g: 'a'.repeat(24),
    });
    expect(question.k.split(' ').sort()).toEqual(['testack', 'tsdefin', 'twdefine']);
  });

  it('when a body word is also in the title, then only the title lexeme is kept', () => {
    const lexemes = entryLexemes({ title: ['Sorting'], body: ['sorting heaps'] });
    expect(lexemes.sort()).toEqual(['bsheap', 'bwheaps', 'tssort', 'twsorting']);
  });
});
