// search(q) and SubjectOffering.coverage through the graph: the same answers as the domain.
import {
  createPaper,
  createQuestion,
  deleteUniversity,
  getSubjectOfferingCoverage,
  searchCatalog,
  setPaperStatus,
  updateTopic,
} from '@qpc/domain';
import { describe, expect, it } from 'vitest';
import { makeCatalog, uid as tag } from '@qpc/domain/testing';
import { useGateway } from './support/suite.js';

const { gw, admin } = useGateway();

describe('search and coverage', () => {
  it('when a word is searched, then the hits and facets equal the domain search, hidden content absent', async () => {
    const c = await makeCatalog(admin);
    const word = `wq${tag().replace(/[^a-z]/g, 'y')}`;
    const hit = await createQuestion({
      actor: admin,
      input: {
        paperId: c.approved.id,
        text: `Describe ${word} trees`,
        type: 'short',
        difficulty: 'easy',
      },
    });
    await createQuestion({
      actor: admin,
      input: {
        paperId: c.pending.id,
        text: `Prove ${word} bounds`,
        type: 'short',
        difficulty: 'easy',
      },
    });
    const { body } = await gw.gql(
      `query ($q: SearchText!) { search(q: $q) {
        items { type id slug title snippet score }
        pagination { total }
        facets { type { question paper subject topic } examYear { value count } universityId { value count } } } }`,
      { q: word },
    );
    expect(body.errors).toBeUndefined();
    const expected = await searchCatalog({ actor: null, query: { q: word } });
    expect(body.data.search.items.map((h: { id: string }) => h.id)).toEqual([hit.id]);
    expect(body.data.search.items[0].type).toBe('QUESTION');
    expect(body.data.search.facets.type).toEqual(expected.facets.type);
    expect(body.data.search.pagination.total).toBe(1);
    const hinted = await gw.gql('{ search(q: "the") { items { id } hint corrected } }');
    expect(hinted.body.errors).toBeUndefined();
    expect(hinted.body.data.search).toEqual({
      items: [],
      hint: (await searchCatalog({ actor: null, query: { q: 'the' } })).hint,
      corrected: null,
    });
    expect(hinted.body.data.search.hint).not.toMatch(/SearchText|\bq\b/);
  });

  it('when repeats, a typo and a suggestion are asked through the graph, then the answers equal the domain', async () => {
    const c = await makeCatalog(admin);
    const word = `gecko${tag().replace(/[^a-z]/g, 'y')}`;
    const other = await createPaper({
      actor: admin,
      input: {
        subjectOfferingId: c.offering.id,
        examYear: 2019,
        examType: 'mid-term',
        title: `Paper ${tag()}`,
        status: 'pending',
      },
    });
    await setPaperStatus({
      actor: admin,
      id: other.id,
      input: { status: 'approved', force: true },
    });
    const text = `Explain the ${word} invariant of red black trees carefully.`;
    for (const paperId of [c.approved.id, other.id]) {
      await createQuestion({
        actor: admin,
        input: { paperId, text, type: 'short', difficulty: 'easy', marks: 4 },
      });
    }
    const fields = `items { type id context {
        paper { slug examYear examType } university { shortName } subject { name }
        topic { title } module { title } marks askedInLast { asked of }
        alsoAsked { questionId paperSlug examYear examType universityShortName } } }
      pagination { total } facets { type { question topic } } corrected hint`;
    const typo = `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}`;
    const { body } = await gw.gql(
      `query ($q: SearchText!, $t: SearchText!, $s: SuggestText!) {
        grouped: search(q: $q, type: QUESTION) { ${fields} }
        fixed: search(q: $t) { ${fields} }
        searchSuggest(q: $s) { type text id slug } }`,
      { q: word, t: typo, s: `red ${word.slice(0, 6)}` },
    );
    expect(body.errors).toBeUndefined();
    const expected = await searchCatalog({ actor: null, query: { q: word, type: 'question' } });
    const grouped = body.data.search ?? body.data.grouped;
    expect(grouped.pagination.total).toBe(1);
    expect(grouped.items[0].id).toBe(expected.items[0]!.id);
    expect(grouped.items[0].context.marks).toBe(4);
    expect(grouped.items[0].context.alsoAsked).toEqual([
      expect.objectContaining({ paperSlug: other.slug, examYear: 2019, examType: 'MID_TERM' }),
    ]);
    expect(body.data.fixed.corrected).toBe(word);
    expect(body.data.fixed.pagination.total).toBe(1);
    expect(body.data.searchSuggest).toContainEqual({
      type: 'TERM',
      text: `red ${word}`,
      id: null,
      slug: null,
    });
    const bad = await gw.gql('{ searchSuggest(q: "") { text } }');
    expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(bad.body.errors[0].message).toMatch(/q must not be empty/);
  });

  it('when a topic is titled with a word, then it is a topic hit; once its university is deactivated, its words are neither suggested nor corrected', async () => {
    const c = await makeCatalog(admin);
    const word = `iguana${tag().replace(/[^a-z]/g, 'y')}`;
    await updateTopic({ actor: admin, id: c.topic.id, input: { title: `${word} balancing` } });
    const query = `query ($q: SearchText!, $t: SearchText!, $s: SuggestText!) {
      hits: search(q: $q, type: TOPIC) { items { id type context { topic { title } askedInLast { asked of } } } }
      fixed: search(q: $t) { corrected pagination { total } }
      searchSuggest(q: $s) { type text id } }`;
    const variables = { q: word, t: `${word}x`, s: word.slice(0, 7) };
    const before = await gw.gql(query, variables);
    expect(before.body.errors).toBeUndefined();
    expect(before.body.data.hits.items).toEqual([
      {
        id: c.topic.id,
        type: 'TOPIC',
        context: { topic: { title: `${word} balancing` }, askedInLast: { asked: 1, of: 1 } },
      },
    ]);
    expect(before.body.data.fixed.corrected).toBe(word);
    expect(before.body.data.searchSuggest).toContainEqual({
      type: 'TOPIC',
      text: `${word} balancing`,
      id: c.topic.id,
    });
    await deleteUniversity({ actor: admin, id: c.university.id });
    const after = await gw.gql(query, variables);
    expect(after.body.errors).toBeUndefined();
    expect(after.body.data).toEqual({
      hits: { items: [] },
      fixed: { corrected: null, pagination: { total: 0 } },
      searchSuggest: [],
    });
  });

  it('when an offering is read with its coverage, then the figures equal the REST coverage for that caller', async () => {
    const c = await makeCatalog(admin);
    const { body } = await gw.gql(
      `query ($id: ObjectID!) { subjectOffering(id: $id) { coverage {
        papers { count years }
        modules { id questionCount marks years askedInLast { asked of }
          topics { id questionCount bySitting { examYear examType questionCount } } }
        unassigned { questionCount } } } }`,
      { id: c.offering.id },
    );
    expect(body.errors).toBeUndefined();
    const expected = await getSubjectOfferingCoverage({ actor: null, id: c.offering.id });
    const coverage = body.data.subjectOffering.coverage;
    expect(coverage.papers).toEqual(expected.papers);
    expect(coverage.modules.map((m: { questionCount: number }) => m.questionCount)).toEqual(
      expected.modules.map((m) => m.questionCount),
    );
    expect(coverage.unassigned.questionCount).toBe(expected.unassigned.questionCount);
    const upper = (type: string) => type.toUpperCase().replace('-', '_');
    expect(coverage.modules.map((m: { topics: unknown }) => m.topics)).toEqual(
      expected.modules.map((m) =>
        m.topics.map((t) => ({
          id: t.id,
          questionCount: t.questionCount,
          bySitting: t.bySitting.map((s) => ({ ...s, examType: upper(s.examType) })),
        })),
      ),
    );
  });
});
