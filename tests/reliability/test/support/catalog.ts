// The catalog a reliability test needs before it can write a paper's file or questions: a fresh
// university, branch, semester, subject and offering, and an end-term paper of 2023, made through
// the REST API so that each test creates its own data.
import { expect } from 'vitest';
import type { RestAnswer } from './rest-call.js';

/** One REST request of a test: method, path and an optional JSON body. */
export type Call = (method: string, path: string, body?: unknown) => Promise<RestAnswer>;

/** Makes a paper under a fresh university whose names carry `label` and a random suffix. */
export async function makePaper(call: Call, label: string): Promise<{ id: string; slug: string }> {
  const n = Math.random().toString(36).slice(2, 8);
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
  const paper = await call('POST', '/papers', {
    subjectOfferingId: offering.body.data.id,
    examYear: 2023,
    examType: 'end-term',
  });
  expect(paper.status).toBe(201);
  return paper.body.data;
}
