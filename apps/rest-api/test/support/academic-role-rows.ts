// The role matrix's rows for health, documents, the academic structure and syllabi.
import { createSubjectOffering, initSyllabus } from '@qpc/domain';
import {
  makeBranch,
  makeOffering,
  makeSemester,
  makeSubject,
  makeUniversity,
  uid,
} from '@qpc/domain/testing';
import { editors, freshRow, getRow } from './role-rows.js';
import type { Row, RowContext } from './role-rows.js';

/** The role matrix's rows for health, documents, the academic structure and syllabi. */
export function academicRows(context: RowContext): Row[] {
  const { tree, a, fixed, freshModule, freshTopic } = context;
  const freshBranch = () => makeBranch(a(), tree.university.id);
  const freshSemester = async () => makeSemester(a(), (await freshBranch()).id);
  const freshOffering = async () =>
    createSubjectOffering({
      actor: a(),
      input: {
        universityId: tree.university.id,
        branchId: tree.branch.id,
        semesterId: tree.semester.id,
        subjectId: (await makeSubject(a())).id,
      },
    });
  const offering = `/subject-offerings/${tree.offering.id}`;
  return [
    getRow('/health'),
    getRow('/health/detailed'),
    getRow('/openapi.json'),
    getRow('/docs'),

    getRow('/universities'),
    getRow('/universities/:slug', `/universities/${tree.university.slug}`),
    {
      method: 'POST',
      route: '/universities',
      prepare: async () => ({
        path: '/universities',
        body: { name: `U ${uid()}`, shortName: 'U' },
      }),
      expected: editors(201),
    },
    freshRow('PATCH', '/universities/:id', () => makeUniversity(a()), {
      body: { shortName: 'NEW' },
    }),
    freshRow('DELETE', '/universities/:id', () => makeUniversity(a())),

    getRow('/branches'),
    {
      method: 'POST',
      route: '/branches',
      prepare: async () => ({
        path: '/branches',
        body: { universityId: tree.university.id, name: `B ${uid()}` },
      }),
      expected: editors(201),
    },
    freshRow('PATCH', '/branches/:id', freshBranch, { body: { name: `Renamed ${uid()}` } }),
    freshRow('DELETE', '/branches/:id', freshBranch),

    getRow('/semesters'),
    {
      method: 'POST',
      route: '/semesters',
      prepare: async () => ({
        path: '/semesters',
        body: { branchId: (await freshBranch()).id, number: 3 },
      }),
      expected: editors(201),
    },
    freshRow('PATCH', '/semesters/:id', freshSemester, { body: { name: 'III-I' } }),
    freshRow('DELETE', '/semesters/:id', freshSemester),

    getRow('/subjects'),
    getRow('/subjects/:slug', `/subjects/${tree.subject.slug}`),
    {
      method: 'POST',
      route: '/subjects',
      prepare: async () => ({ path: '/subjects', body: { name: `Subject ${uid()}` } }),
      expected: editors(201),
    },
    freshRow('PATCH', '/subjects/:id', () => makeSubject(a()), { body: { description: 'd' } }),
    freshRow('DELETE', '/subjects/:id', () => makeSubject(a())),

    getRow('/subject-offerings'),
    {
      method: 'POST',
      route: '/subject-offerings',
      prepare: async () => ({
        path: '/subject-offerings',
        body: {
          universityId: tree.university.id,
          branchId: tree.branch.id,
          semesterId: tree.semester.id,
          subjectId: (await makeSubject(a())).id,
        },
      }),
      expected: editors(201),
    },
    freshRow('DELETE', '/subject-offerings/:id', freshOffering),

    getRow('/subject-offerings/:id', offering),
    getRow('/search', '/search?q=question'),
    getRow('/subject-offerings/:id/coverage', `${offering}/coverage`),
    freshRow('DELETE', '/subject-offerings/:subjectOfferingId/syllabus', async () => {
      const { offering: fresh } = await makeOffering(a());
      await initSyllabus({ actor: a(), input: { subjectOfferingId: fresh.id } });
      return fresh;
    }),
    getRow('/modules/:id', `/modules/${tree.module.id}`),
    freshRow('PATCH', '/modules/:id', freshModule, { body: { title: 'Renamed' } }),
    freshRow('DELETE', '/modules/:id', freshModule),
    getRow('/topics/:id', `/topics/${tree.topic.id}`),
    freshRow('PATCH', '/topics/:id', freshTopic, { body: { order: 7 } }),
    freshRow('DELETE', '/topics/:id', freshTopic),
    getRow('/subject-offerings/:subjectOfferingId/syllabus', `${offering}/syllabus`),
    {
      method: 'POST',
      route: '/syllabus',
      prepare: async () => ({
        path: '/syllabus',
        body: { subjectOfferingId: (await makeOffering(a())).offering.id },
      }),
      expected: editors(201),
    },
    {
      method: 'POST',
      route: '/modules',
      prepare: fixed('/modules', { subjectOfferingId: tree.offering.id, title: 'Another module' }),
      expected: editors(201),
    },
    {
      method: 'POST',
      route: '/topics',
      prepare: fixed('/topics', { moduleId: tree.module.id, title: 'Another topic' }),
      expected: editors(201),
    },
    getRow('/modules/:id/questions', `/modules/${tree.module.id}/questions`),
    getRow('/topics/:id/questions', `/topics/${tree.topic.id}/questions`),
  ];
}
