import { describe, expect, it } from 'vitest';
import { PaperModel } from './model.js';
import { createPaper, getPaperById, getPaperBySlug, listPapers } from './service.js';
import { publicViewers, refusedUnlessEditor } from '../test-support/callers.js';
import { useOffering, usePaper } from '../test-support/content-hooks.js';
import { missingId, useTestActors } from '../test-support/database.js';

const { actors, who } = useTestActors();

const nextYear = new Date().getFullYear() + 1;

describe('createPaper', () => {
  const fixture = useOffering('Compiler Design');

  it('when an editor creates a paper without title, slug or status, then they are generated and status is pending', async () => {
    const paper = await createPaper({
      actor: actors.editor,
      input: { subjectOfferingId: fixture.offeringId, examYear: 2021, examType: 'mid-term' },
    });
    expect(paper).toMatchObject({
      subjectOfferingId: fixture.offeringId,
      examYear: 2021,
      examType: 'mid-term',
      title: 'Compiler Design mid-term 2021',
      slug: 'compiler-design-mid-term-2021',
      status: 'pending',
      statusHistory: [],
      createdBy: actors.editor.id,
    });
    expect(paper.id).toMatch(/^[a-f0-9]{24}$/);
    expect(paper).not.toHaveProperty('_id');
    expect(Date.parse(paper.createdAt)).not.toBeNaN();
  });

  it('when an admin creates a draft paper with an explicit title and slug, then they are kept', async () => {
    const paper = await createPaper({
      actor: actors.admin,
      input: {
        subjectOfferingId: fixture.offeringId,
        examYear: nextYear,
        examType: 'quiz',
        title: 'Surprise quiz',
        slug: 'surprise-quiz',
        status: 'draft',
      },
    });
    expect(paper).toMatchObject({
      title: 'Surprise quiz',
      slug: 'surprise-quiz',
      status: 'draft',
      examYear: nextYear,
    });
  });

  it('when a generated slug is taken, then the next papers get -2 and -3', async () => {
    const input = {
      subjectOfferingId: fixture.offeringId,
      examYear: 2019,
      examType: 'supplementary',
    };
    const first = await createPaper({ actor: actors.editor, input });
    const second = await createPaper({ actor: actors.editor, input });
    const third = await createPaper({ actor: actors.editor, input });
    expect([first.slug, second.slug, third.slug]).toEqual([
      'compiler-design-supplementary-2019',
      'compiler-design-supplementary-2019-2',
      'compiler-design-supplementary-2019-3',
    ]);
  });

  it('when an explicit slug is already taken, then it is a 409 naming slug', async () => {
    const input = {
      subjectOfferingId: fixture.offeringId,
      examYear: 2018,
      examType: 'end-term',
      slug: 'taken-slug',
    };
    await createPaper({ actor: actors.editor, input });
    await expect(createPaper({ actor: actors.editor, input })).rejects.toMatchObject({
      status: 409,
      details: [{ path: 'slug', message: 'already taken' }],
    });
  });

  it.each(refusedUnlessEditor)(
    'when %s creates a paper, then it is refused with %i',
    async (_name, status, actor) => {
      const input = { subjectOfferingId: fixture.offeringId, examYear: 2020, examType: 'end-term' };
      await expect(createPaper({ actor: who(actor), input })).rejects.toMatchObject({ status });
      expect(await PaperModel.countDocuments({ examYear: 2020 })).toBe(0);
    },
  );

  it.each([
    ['status approved', { status: 'approved' }, 'status'],
    ['status rejected', { status: 'rejected' }, 'status'],
    ['a createdBy field', { createdBy: missingId }, 'createdBy'],
    ['a statusHistory field', { statusHistory: [] }, 'statusHistory'],
    ['an unknown examType', { examType: 'final' }, 'examType'],
    ['examYear 1899', { examYear: 1899 }, 'examYear'],
    ['examYear two years ahead', { examYear: nextYear + 1 }, 'examYear'],
    ['a fractional examYear', { examYear: 2020.5 }, 'examYear'],
    ['examYear as a string', { examYear: '2020' }, 'examYear'],
    ['a malformed subjectOfferingId', { subjectOfferingId: 'nope' }, 'subjectOfferingId'],
    ['an uppercase slug', { slug: 'Not-Kebab' }, 'slug'],
  ])('when the body has %s, then it is a 400 naming the field', async (_name, patch, path) => {
    const input = {
      subjectOfferingId: fixture.offeringId,
      examYear: 2020,
      examType: 'end-term',
      ...patch,
    };
    const error = await createPaper({ actor: actors.admin, input }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect((error as { details: { path: string }[] }).details[0]!.path).toBe(path);
  });

  it('when the subject offering does not exist, then it is a 400 naming subjectOfferingId', async () => {
    const input = {
      subjectOfferingId: missingId,
      examYear: 2020,
      examType: 'end-term',
    };
    await expect(createPaper({ actor: actors.editor, input })).rejects.toMatchObject({
      status: 400,
      details: [{ path: 'subjectOfferingId' }],
    });
  });
});

describe('listPapers and single reads', () => {
  const fixture = useOffering();
  const approvedOld = usePaper(fixture, { status: 'approved', examYear: 2019 });
  const approvedNew = usePaper(fixture, { status: 'approved', examYear: 2023, examType: 'quiz' });
  const draft = usePaper(fixture, { status: 'draft', examYear: 2024 });
  const pending = usePaper(fixture, { status: 'pending', examYear: 2022 });
  const rejected = usePaper(fixture, { status: 'rejected', examYear: 2021 });
  const scoped = (extra: Record<string, string | number> = {}) => ({
    subjectOfferingId: fixture.offeringId,
    ...extra,
  });

  it.each(publicViewers)(
    'when %s lists papers, then only approved ones come back, newest exam year first, without history',
    async (_n, actor) => {
      const page = await listPapers({ actor: who(actor), query: scoped() });
      expect(page.items.map((p) => p.id)).toEqual([approvedNew.id, approvedOld.id]);
      expect(page.pagination).toEqual({
        page: 1,
        limit: 20,
        total: 2,
        totalPages: 1,
        hasNextPage: false,
        hasPrevPage: false,
      });
      expect(page.items[0]).not.toHaveProperty('statusHistory');
    },
  );

  it('when a normal user or an anonymous caller filters by a status they cannot see, then the page is empty', async () => {
    for (const actor of [actors.normal, null]) {
      for (const status of ['draft', 'pending'] as const) {
        const page = await listPapers({ actor, query: scoped({ status }) });
        expect(page.items).toEqual([]);
        expect(page.pagination).toMatchObject({ total: 0, totalPages: 0, hasNextPage: false });
      }
    }
  });

  it('when a normal user filters by status approved, then the approved papers come back', async () => {
    const page = await listPapers({ actor: actors.normal, query: scoped({ status: 'approved' }) });
    expect(page.items.map((p) => p.status)).toEqual(['approved', 'approved']);
  });

  it('when an editor lists papers, then every status comes back in examYear order with history', async () => {
    const page = await listPapers({ actor: actors.editor, query: scoped() });
    expect(page.items.map((p) => p.id)).toEqual([
      draft.id,
      approvedNew.id,
      pending.id,
      rejected.id,
      approvedOld.id,
    ]);
    expect(page.items[0]!.statusHistory).toEqual([]);
  });

  it('when an admin filters by status, then only that status comes back', async () => {
    const page = await listPapers({ actor: actors.admin, query: scoped({ status: 'rejected' }) });
    expect(page.items.map((p) => p.id)).toEqual([rejected.id]);
  });

  it('when examYear and examType filters are given, then they are applied', async () => {
    const byYear = await listPapers({ actor: null, query: scoped({ examYear: 2019 }) });
    expect(byYear.items.map((p) => p.id)).toEqual([approvedOld.id]);
    const byType = await listPapers({ actor: null, query: scoped({ examType: 'quiz' }) });
    expect(byType.items.map((p) => p.id)).toEqual([approvedNew.id]);
  });

  it('when limit is 1, then pagination pages through the list', async () => {
    const second = await listPapers({
      actor: actors.editor,
      query: scoped({ limit: 1, page: 2 }),
    });
    expect(second.items.map((p) => p.id)).toEqual([approvedNew.id]);
    expect(second.pagination).toMatchObject({
      page: 2,
      limit: 1,
      total: 5,
      totalPages: 5,
      hasNextPage: true,
      hasPrevPage: true,
    });
  });

  it.each([
    ['an unknown status', { status: 'archived' }],
    ['an unknown parameter', { colour: 'red' }],
    ['an unknown sort field', { sort: 'popularity' }],
    ['limit 0', { limit: 0 }],
    ['limit 101', { limit: 101 }],
    ['a malformed subjectOfferingId', { subjectOfferingId: 'x' }],
    ['an examYear that is not a number', { examYear: 'last' }],
    ['an examYear as text (the domain takes numbers)', { examYear: '2019' }],
    ['a limit as text (the domain takes numbers)', { limit: '10' }],
    ['an object as a value', { examType: { $ne: 'quiz' } }],
  ])('when the query has %s, then it is a 400', async (_n, query) => {
    await expect(listPapers({ actor: actors.admin, query })).rejects.toMatchObject({ status: 400 });
  });

  it('when anonymous reads an approved paper by slug or id, then it comes back without history', async () => {
    const bySlug = await getPaperBySlug({ actor: null, slug: approvedOld.slug });
    const byId = await getPaperById({ actor: null, id: approvedOld.id });
    expect(bySlug.id).toBe(approvedOld.id);
    expect(byId.slug).toBe(approvedOld.slug);
    expect(bySlug).not.toHaveProperty('statusHistory');
  });

  it.each(publicViewers)(
    'when %s reads an unapproved paper, then it is a 404',
    async (_n, actor) => {
      for (const paper of [draft, pending, rejected]) {
        await expect(getPaperBySlug({ actor: who(actor), slug: paper.slug })).rejects.toMatchObject(
          {
            status: 404,
          },
        );
        await expect(getPaperById({ actor: who(actor), id: paper.id })).rejects.toMatchObject({
          status: 404,
        });
      }
    },
  );

  it('when an editor reads a draft paper, then it comes back with its history', async () => {
    const paper = await getPaperBySlug({ actor: actors.editor, slug: draft.slug });
    expect(paper).toMatchObject({ id: draft.id, status: 'draft', statusHistory: [] });
  });

  it('when the slug or id does not exist, then it is a 404; a malformed id is a 400', async () => {
    await expect(
      getPaperBySlug({ actor: actors.admin, slug: 'no-such-paper' }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(getPaperById({ actor: actors.admin, id: missingId })).rejects.toMatchObject({
      status: 404,
    });
    await expect(getPaperById({ actor: actors.admin, id: 'abc' })).rejects.toMatchObject({
      status: 400,
    });
  });
});
