// search(q) and SubjectOffering.coverage through the graph: the same answers as the domain.
import { createQuestion, getSubjectOfferingCoverage, searchCatalog } from '@qpc/domain';
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
        facets { type { question paper subject } examYear { value count } universityId { value count } } } }`,
      { q: word },
    );
    expect(body.errors).toBeUndefined();
    const expected = await searchCatalog({ actor: null, query: { q: word } });
    expect(body.data.search.items.map((h: { id: string }) => h.id)).toEqual([hit.id]);
    expect(body.data.search.items[0].type).toBe('QUESTION');
    expect(body.data.search.facets.type).toEqual(expected.facets.type);
    expect(body.data.search.pagination.total).toBe(1);
    const refused = await gw.gql('{ search(q: "the") { items { id } } }');
    expect(refused.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
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
