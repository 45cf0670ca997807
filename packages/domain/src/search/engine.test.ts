// The engine's differential test (decision 13): random catalogs written through the services
// (which keep the search entries and group keys), the same queries answered by the database's searchEntries command (patch 0009) and in process. The
// page (ids, order, exact scores, grouped members), the total and every facet must be equal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaybeActor } from '../access.js';
import { createTopic } from '../syllabus/service.js';
import { makeOffering, makePaper, makeQuestion } from '../test-support/content-fixtures.js';
import type { OfferingFixture } from '../test-support/content-fixtures.js';
import { useTestActors } from '../test-support/database.js';
import { contentSweepsSettled } from '../university/content-sweep.js';
import { deleteUniversity } from '../university/service.js';
import { engineRefusedSearch } from './engine.js';
import type { Hit } from './rank.js';
import type { SearchType } from './schema.js';
import { searchPageBy } from './service.js';

const { actors } = useTestActors();

/** A small seeded generator (mulberry32): the same catalog and queries on every run. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { next, int, pick };
}

// Inflections of a few stems, words one starts (hash/hashing, heap/heapsort), accents and words
// whose stem is no prefix of them (matrices/matrix).
const WORDS = [
  'sort',
  'sorting',
  'sorted',
  'sorts',
  'graph',
  'graphs',
  'graphical',
  'hash',
  'hashing',
  'hashes',
  'hashtable',
  'tree',
  'trees',
  'heap',
  'heaps',
  'heapsort',
  'résumé',
  'resume',
  'naïve',
  'naive',
  'café',
  'cache',
  'caching',
  'cached',
  'matrix',
  'matrices',
  'queue',
  'queues',
  'compile',
  'compiler',
  'compiling',
  'network',
  'networking',
  'prime',
  'primes',
  'algorithm',
  'algorithms',
  'algorithmic',
  'penrose',
  'tiling',
  'complexity',
  'complex',
] as const;

interface Catalog {
  universities: string[];
  years: number[];
}

/** A slug of catalog words (ASCII kebab case, as the services require). */
const slugOf = (text: string, n: number) =>
  `${text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')}-${n}`;

/** Text of a few random words. */
const textOf = (r: ReturnType<typeof random>, n: number) =>
  Array.from({ length: n }, () => r.pick(WORDS)).join(' ');

/**
 * A catalog through the services: three offerings (subjects named by catalog words), a syllabus
 * topic or two with catalog words, papers of several years (one pending per offering: hidden),
 * questions of random words, and exact copies of earlier questions on other papers of the same
 * offering (near-identical: one group). The last offering's university is then deactivated.
 */
async function makeCatalog(seed: number): Promise<Catalog> {
  const r = random(seed);
  const offerings: OfferingFixture[] = [];
  const years = [2019, 2020, 2021, 2022];
  for (let o = 0; o < 3; o += 1) {
    const offering = await makeOffering(`${textOf(r, 2)} ${seed}-${o}`);
    offerings.push(offering);
    for (let t = 0; t < 2; t += 1) {
      await createTopic({
        actor: actors.admin,
        input: { moduleId: offering.modules[0]!.id, title: textOf(r, 2), order: 10 + t },
      });
    }
    // Each original with the papers its group is on: one question per paper in a group.
    const originals: { id: string; text: string; papers: Set<string> }[] = [];
    for (let p = 0; p < 4; p += 1) {
      const paper = await makePaper(offering.offeringId, {
        examYear: r.pick(years),
        title: `${textOf(r, 3)} paper`,
        status: p === 3 ? 'pending' : 'approved',
      });
      for (let q = 0; q < 5; q += 1) {
        const copyOf = originals.filter((x) => !x.papers.has(paper.id));
        if (copyOf.length > 0 && r.next() < 0.25) {
          const original = r.pick(copyOf);
          await makeQuestion(paper.id, {
            text: original.text,
            slug: slugOf(textOf(r, 2), r.int(1e6)),
          });
          original.papers.add(paper.id);
          continue;
        }
        const text = `${textOf(r, 6)} ${textOf(r, 2).toUpperCase()} q${seed}x${o}x${p}x${q}`;
        const made = await makeQuestion(paper.id, { text, slug: slugOf(textOf(r, 2), r.int(1e6)) });
        originals.push({ id: made.id, text, papers: new Set([paper.id]) });
      }
    }
  }
  const inactive = offerings[2]!.universityId;
  await deleteUniversity({ actor: actors.admin, id: inactive });
  await contentSweepsSettled();
  return { universities: offerings.map((o) => o.universityId), years };
}

/** A query made of catalog words: inflected, cut to a prefix, accented or not, upper case. */
function queryOf(r: ReturnType<typeof random>): string {
  const words = Array.from({ length: 1 + r.int(2) }, () => {
    const word = r.pick(WORDS);
    const form = r.int(4);
    if (form === 0 && word.length > 5) return word.slice(0, 4 + r.int(word.length - 4));
    if (form === 1) return word.toUpperCase();
    if (form === 2) return word.normalize('NFD').replace(/\p{M}/gu, '');
    return word;
  });
  return words.join(' ');
}

/** What the two paths must agree on: the page as ranked, the total and the facets. */
function comparable({
  result,
  shown,
}: {
  result: Awaited<ReturnType<typeof searchPageBy>>['result'];
  shown: readonly Hit[];
}) {
  return {
    page: shown.map((hit) => ({
      type: hit.type,
      id: String(hit.doc._id),
      score: hit.score,
      members: (hit.members ?? []).map((doc) => String(doc._id)),
    })),
    items: result.items,
    pagination: result.pagination,
    facets: result.facets,
    corrected: result.corrected,
  };
}

describe.each([20261129, 7])('searchEntries against the in-process search (seed %i)', (seed) => {
  let catalog: Catalog;
  beforeAll(async () => {
    catalog = await makeCatalog(seed);
  }, 600_000);

  afterAll(() => {
    expect(engineRefusedSearch()).toBe(false);
  });

  it('when random queries are asked by anonymous, normal and admin callers, with and without filters, then both paths answer the same page, total and facets', async () => {
    const r = random(seed + 1);
    const callers: MaybeActor[] = [null, actors.normal, actors.admin];
    let nonEmpty = 0;
    let grouped = 0;
    for (let i = 0; i < 30; i += 1) {
      const query: Record<string, unknown> = {
        q: queryOf(r),
        limit: r.pick([5, 20]),
        page: 1 + r.int(2),
      };
      const filter = r.int(5);
      if (filter === 0) query.type = r.pick<SearchType>(['question', 'paper', 'subject', 'topic']);
      if (filter === 1) query.universityId = r.pick(catalog.universities);
      if (filter === 2) query.examYear = r.pick(catalog.years);
      for (const actor of callers) {
        const inProcess = comparable(await searchPageBy('in-process', { actor, query }));
        const inEngine = comparable(await searchPageBy('engine', { actor, query }));
        expect(
          inEngine,
          JSON.stringify({ query, actor: (actor as { role?: string } | null)?.role ?? null }),
        ).toEqual(inProcess);
        if (inProcess.page.length > 0) nonEmpty += 1;
        if (inProcess.page.some((hit) => hit.members.length > 0)) grouped += 1;
      }
    }
    // The comparison is of real answers: most queries find something, some show grouped copies.
    expect(nonEmpty).toBeGreaterThan(30);
    expect(grouped).toBeGreaterThan(0);
  });
});
