import { beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../errors.js';
import { makeOffering, makePaper, makeQuestion } from '../test-support/content-fixtures.js';
import type { OfferingFixture } from '../test-support/content-fixtures.js';
import { useTestActors } from '../test-support/database.js';
import { contentSweepsSettled } from '../university/content-sweep.js';
import { deleteUniversity } from '../university/service.js';
import { getSubjectOfferingCoverage } from './coverage.js';

const { actors } = useTestActors();

let offering: OfferingFixture;
beforeAll(async () => {
  offering = await makeOffering();
  const { offeringId, modules } = offering;
  const [m1, m2] = modules;
  const paper = async (
    examYear: number,
    examType: 'end-term' | 'mid-term' | 'supplementary' | 'quiz',
    status: 'approved' | 'pending' = 'approved',
  ) => (await makePaper(offeringId, { examYear, examType, status })).id;
  const p2021end = await paper(2021, 'end-term');
  const p2022mid = await paper(2022, 'mid-term');
  const p2022end = await paper(2022, 'end-term');
  const p2023quiz = await paper(2023, 'quiz');
  const p2023end = await paper(2023, 'end-term');
  const p2020supp = await paper(2020, 'supplementary');
  const p2024pending = await paper(2024, 'end-term', 'pending');
  const ask = (
    paperId: string,
    moduleId: string | undefined,
    topicId: string | undefined,
    marks: number | null,
  ) => makeQuestion(paperId, { moduleId, topicId, marks });
  await ask(p2021end, m1!.id, m1!.topics[0], 5);
  await ask(p2022end, m1!.id, m1!.topics[0], 10);
  await ask(p2020supp, m1!.id, m1!.topics[1], 2);
  await ask(p2022mid, m1!.id, undefined, null);
  await ask(p2023end, m2!.id, m2!.topics[0], 4);
  await ask(p2023end, m2!.id, m2!.topics[0], 4);
  await ask(p2023quiz, undefined, undefined, 1);
  await ask(p2023quiz, undefined, undefined, 3);
  await ask(p2024pending, m2!.id, m2!.topics[1], 7);
});

const types = (
  counts: Partial<Record<'end-term' | 'mid-term' | 'supplementary' | 'quiz', number>>,
) => ({
  'end-term': 0,
  'mid-term': 0,
  supplementary: 0,
  quiz: 0,
  ...counts,
});

/** A module's or topic's place in the syllabus, as coverage reports it. */
const place = (id: string | undefined, title: string, order: number) => ({ id, title, order });

/** The last 5 approved sittings, newest first, as an anonymous caller's coverage lists them. */
const LAST_FIVE = [
  { examYear: 2023, examType: 'end-term' },
  { examYear: 2023, examType: 'quiz' },
  { examYear: 2022, examType: 'end-term' },
  { examYear: 2022, examType: 'mid-term' },
  { examYear: 2021, examType: 'end-term' },
] as const;

/**
 * The figures of a module, a topic or the unassigned questions, as counted by hand: questions,
 * marks, years, exam types, how many were asked in each of the last 5 sittings (`perSitting`,
 * in LAST_FIVE's order) and so in how many of them (none repeated).
 */
const figures = (
  questionCount: number,
  marks: number,
  years: number[],
  examTypes: Parameters<typeof types>[0],
  perSitting: readonly [number, number, number, number, number],
) => ({
  questionCount,
  marks,
  years,
  examTypes: types(examTypes),
  askedInLast: { asked: perSitting.filter((n) => n > 0).length, of: 5 },
  repeated: 0,
  bySitting: LAST_FIVE.map((sitting, i) => ({ ...sitting, questionCount: perSitting[i] })),
});

describe('getSubjectOfferingCoverage', () => {
  it('when an anonymous caller asks, then every figure equals the hand count over approved papers', async () => {
    const coverage = await getSubjectOfferingCoverage({ actor: null, id: offering.offeringId });
    const [m1, m2] = offering.modules;
    expect(coverage.papers).toEqual({ count: 6, years: [2020, 2021, 2022, 2023] });
    expect(coverage.sittings).toEqual(LAST_FIVE);
    expect(coverage.modules).toEqual([
      {
        ...place(m1!.id, 'Module 1', 1),
        ...figures(
          4,
          17,
          [2020, 2021, 2022],
          { 'end-term': 2, 'mid-term': 1, supplementary: 1 },
          [0, 0, 1, 1, 1],
        ),
        topics: [
          {
            ...place(m1!.topics[0], 'Topic 1.1', 1),
            ...figures(2, 15, [2021, 2022], { 'end-term': 2 }, [0, 0, 1, 0, 1]),
          },
          {
            ...place(m1!.topics[1], 'Topic 1.2', 2),
            ...figures(1, 2, [2020], { supplementary: 1 }, [0, 0, 0, 0, 0]),
          },
        ],
      },
      {
        ...place(m2!.id, 'Module 2', 2),
        ...figures(2, 8, [2023], { 'end-term': 2 }, [2, 0, 0, 0, 0]),
        topics: [
          {
            ...place(m2!.topics[0], 'Topic 2.1', 1),
            ...figures(2, 8, [2023], { 'end-term': 2 }, [2, 0, 0, 0, 0]),
          },
          { ...place(m2!.topics[1], 'Topic 2.2', 2), ...figures(0, 0, [], {}, [0, 0, 0, 0, 0]) },
        ],
      },
    ]);
    expect(coverage.unassigned).toEqual(figures(2, 4, [2023], { quiz: 2 }, [0, 2, 0, 0, 0]));
  });

  it('when an editor asks, then the pending paper counts too and the last sittings move', async () => {
    const coverage = await getSubjectOfferingCoverage({
      actor: actors.editor,
      id: offering.offeringId,
    });
    expect(coverage.papers).toEqual({ count: 7, years: [2020, 2021, 2022, 2023, 2024] });
    expect(coverage.sittings[0]).toEqual({ examYear: 2024, examType: 'end-term' });
    const topic = coverage.modules[1]!.topics[1]!;
    expect(topic).toMatchObject({
      questionCount: 1,
      marks: 7,
      years: [2024],
      askedInLast: { asked: 1, of: 5 },
      repeated: 0,
    });
    expect(topic.bySitting[0]).toEqual({ examYear: 2024, examType: 'end-term', questionCount: 1 });
    expect(coverage.modules[0]!.askedInLast).toEqual({ asked: 2, of: 5 });
  });

  it('when the offering has fewer than five sittings, then askedInLast counts out of those', async () => {
    const small = await makeOffering();
    const paperId = (await makePaper(small.offeringId, { examYear: 2022 })).id;
    await makeQuestion(paperId, { moduleId: small.modules[0]!.id, marks: 6 });
    const coverage = await getSubjectOfferingCoverage({ actor: null, id: small.offeringId });
    expect(coverage.modules[0]).toMatchObject({
      questionCount: 1,
      marks: 6,
      askedInLast: { asked: 1, of: 1 },
    });
    expect(coverage.modules[1]).toMatchObject({
      questionCount: 0,
      askedInLast: { asked: 0, of: 1 },
    });
  });

  it('when the offering does not exist, then it is a 404', async () => {
    await expect(
      getSubjectOfferingCoverage({ actor: null, id: '507f1f77bcf86cd799439011' }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('when the id is malformed, then it is a 400', async () => {
    await expect(getSubjectOfferingCoverage({ actor: null, id: 'nope' })).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  it('when the university is inactive, then the offering is a 404 for a normal caller and counted for an admin', async () => {
    const hidden = await makeOffering();
    const paperId = (await makePaper(hidden.offeringId)).id;
    await makeQuestion(paperId, { moduleId: hidden.modules[0]!.id, marks: 2 });
    await deleteUniversity({ actor: actors.admin, id: hidden.universityId });
    await contentSweepsSettled();
    await expect(
      getSubjectOfferingCoverage({ actor: actors.normal, id: hidden.offeringId }),
    ).rejects.toBeInstanceOf(NotFoundError);
    const coverage = await getSubjectOfferingCoverage({
      actor: actors.admin,
      id: hidden.offeringId,
    });
    expect(coverage.modules[0]!.questionCount).toBe(1);
  });
});
