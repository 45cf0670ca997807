// The catalog a reliability test needs before it can write a paper's file or questions: a fresh
// university, branch, semester, subject and offering, and end-term papers, made through the REST
// API so that each test creates its own data.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { RestAnswer } from './rest-call.js';

/** One REST request of a test: method, path and an optional JSON body. */
export type Call = (method: string, path: string, body?: unknown) => Promise<RestAnswer>;

/** Makes an offering under a fresh university whose names carry `label` and a random suffix. */
export async function makeOffering(call: Call, label: string): Promise<string> {
  const n = randomUUID().slice(0, 8);
  const university = await call('POST', '/universities', {
    name: `${label} ${n}`,
    shortName: `${label.slice(0, 1).toUpperCase()}${n}`,
  });
  const universityId = university.body.data.id;
  const branch = await call('POST', '/branches', { universityId, name: 'CSE' });
  const semester = await call('POST', '/semesters', { branchId: branch.body.data.id, number: 1 });
  const subject = await call('POST', '/subjects', { name: `Subject ${n}` });
  const offering = await call('POST', '/subject-offerings', {
    universityId,
    branchId: branch.body.data.id,
    semesterId: semester.body.data.id,
    subjectId: subject.body.data.id,
  });
  expect(offering.status).toBe(201);
  return offering.body.data.id;
}

/** Makes an end-term paper of `examYear` for the offering. */
export async function makePaperOf(
  call: Call,
  subjectOfferingId: string,
  examYear: number,
): Promise<{ id: string; slug: string }> {
  const paper = await call('POST', '/papers', {
    subjectOfferingId,
    examYear,
    examType: 'end-term',
  });
  expect(paper.status).toBe(201);
  return paper.body.data;
}

/** Makes a paper of `examYear` under a fresh offering (see makeOffering). */
export async function makePaper(
  call: Call,
  label: string,
  examYear = 2023,
): Promise<{ id: string; slug: string }> {
  return makePaperOf(call, await makeOffering(call, label), examYear);
}
