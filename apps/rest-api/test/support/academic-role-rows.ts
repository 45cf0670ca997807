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
import { admins, editors, open } from './role-rows.js';
import type { Row, RowContext } from './role-rows.js';

/** The role matrix's rows for health, documents, the academic structure and syllabi. */
export function academicRows(context: RowContext): Row[] {
  const { tree, a, fixed, freshModule, freshTopic } = context;
  return [
    { method: 'GET', route: '/health', prepare: fixed('/health'), expected: open() },
    {
      method: 'GET',
      route: '/health/detailed',
      prepare: fixed('/health/detailed'),
      expected: open(),
    },
    { method: 'GET', route: '/openapi.json', prepare: fixed('/openapi.json'), expected: open() },
    { method: 'GET', route: '/docs', prepare: fixed('/docs'), expected: open() },

    { method: 'GET', route: '/universities', prepare: fixed('/universities'), expected: open() },
    {
      method: 'GET',
      route: '/universities/:slug',
      prepare: fixed(`/universities/${tree.university.slug}`),
      expected: open(),
    },
    {
      method: 'POST',
      route: '/universities',
      prepare: async () => ({
        path: '/universities',
        body: { name: `U ${uid()}`, shortName: 'U' },
      }),
      expected: editors(201),
    },
    {
      method: 'PATCH',
      route: '/universities/:id',
      prepare: async () => ({
        path: `/universities/${(await makeUniversity(a())).id}`,
        body: { shortName: 'NEW' },
      }),
      expected: editors(200),
    },
    {
      method: 'DELETE',
      route: '/universities/:id',
      prepare: async () => ({ path: `/universities/${(await makeUniversity(a())).id}` }),
      expected: admins(204),
    },

    { method: 'GET', route: '/branches', prepare: fixed('/branches'), expected: open() },
    {
      method: 'POST',
      route: '/branches',
      prepare: async () => ({
        path: '/branches',
        body: { universityId: tree.university.id, name: `B ${uid()}` },
      }),
      expected: editors(201),
    },
    {
      method: 'PATCH',
      route: '/branches/:id',
      prepare: async () => ({
        path: `/branches/${(await makeBranch(a(), tree.university.id)).id}`,
        body: { name: `Renamed ${uid()}` },
      }),
      expected: editors(200),
    },
    {
      method: 'DELETE',
      route: '/branches/:id',
      prepare: async () => ({
        path: `/branches/${(await makeBranch(a(), tree.university.id)).id}`,
      }),
      expected: admins(204),
    },

    { method: 'GET', route: '/semesters', prepare: fixed('/semesters'), expected: open() },
    {
      method: 'POST',
      route: '/semesters',
      prepare: async () => ({
        path: '/semesters',
        body: { branchId: (await makeBranch(a(), tree.university.id)).id, number: 3 },
      }),
      expected: editors(201),
    },
    {
      method: 'PATCH',
      route: '/semesters/:id',
      prepare: async () => {
        const branch = await makeBranch(a(), tree.university.id);
        return {
          path: `/semesters/${(await makeSemester(a(), branch.id)).id}`,
          body: { name: 'III-I' },
        };
      },
      expected: editors(200),
    },
    {
      method: 'DELETE',
      route: '/semesters/:id',
      prepare: async () => {
        const branch = await makeBranch(a(), tree.university.id);
        return { path: `/semesters/${(await makeSemester(a(), branch.id)).id}` };
      },
      expected: admins(204),
    },

    { method: 'GET', route: '/subjects', prepare: fixed('/subjects'), expected: open() },
    {
      method: 'GET',
      route: '/subjects/:slug',
      prepare: fixed(`/subjects/${tree.subject.slug}`),
      expected: open(),
    },
    {
      method: 'POST',
      route: '/subjects',
      prepare: async () => ({ path: '/subjects', body: { name: `Subject ${uid()}` } }),
      expected: editors(201),
    },
    {
      method: 'PATCH',
      route: '/subjects/:id',
      prepare: async () => ({
        path: `/subjects/${(await makeSubject(a())).id}`,
        body: { description: 'd' },
      }),
      expected: editors(200),
    },
    {
      method: 'DELETE',
      route: '/subjects/:id',
      prepare: async () => ({ path: `/subjects/${(await makeSubject(a())).id}` }),
      expected: admins(204),
    },

    {
      method: 'GET',
      route: '/subject-offerings',
      prepare: fixed('/subject-offerings'),
      expected: open(),
    },
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
    {
      method: 'DELETE',
      route: '/subject-offerings/:id',
      prepare: async () => {
        const offering = await createSubjectOffering({
          actor: a(),
          input: {
            universityId: tree.university.id,
            branchId: tree.branch.id,
            semesterId: tree.semester.id,
            subjectId: (await makeSubject(a())).id,
          },
        });
        return { path: `/subject-offerings/${offering.id}` };
      },
      expected: admins(204),
    },

    {
      method: 'GET',
      route: '/subject-offerings/:id',
      prepare: fixed(`/subject-offerings/${tree.offering.id}`),
      expected: open(),
    },
    { method: 'GET', route: '/search', prepare: fixed('/search?q=question'), expected: open() },
    {
      method: 'GET',
      route: '/subject-offerings/:id/coverage',
      prepare: fixed(`/subject-offerings/${tree.offering.id}/coverage`),
      expected: open(),
    },
    {
      method: 'DELETE',
      route: '/subject-offerings/:subjectOfferingId/syllabus',
      prepare: async () => {
        const { offering } = await makeOffering(a());
        await initSyllabus({ actor: a(), input: { subjectOfferingId: offering.id } });
        return { path: `/subject-offerings/${offering.id}/syllabus` };
      },
      expected: admins(204),
    },
    {
      method: 'GET',
      route: '/modules/:id',
      prepare: fixed(`/modules/${tree.module.id}`),
      expected: open(),
    },
    {
      method: 'PATCH',
      route: '/modules/:id',
      prepare: async () => ({
        path: `/modules/${(await freshModule()).id}`,
        body: { title: 'Renamed' },
      }),
      expected: editors(200),
    },
    {
      method: 'DELETE',
      route: '/modules/:id',
      prepare: async () => ({ path: `/modules/${(await freshModule()).id}` }),
      expected: admins(204),
    },
    {
      method: 'GET',
      route: '/topics/:id',
      prepare: fixed(`/topics/${tree.topic.id}`),
      expected: open(),
    },
    {
      method: 'PATCH',
      route: '/topics/:id',
      prepare: async () => ({ path: `/topics/${(await freshTopic()).id}`, body: { order: 7 } }),
      expected: editors(200),
    },
    {
      method: 'DELETE',
      route: '/topics/:id',
      prepare: async () => ({ path: `/topics/${(await freshTopic()).id}` }),
      expected: admins(204),
    },
    {
      method: 'GET',
      route: '/subject-offerings/:subjectOfferingId/syllabus',
      prepare: fixed(`/subject-offerings/${tree.offering.id}/syllabus`),
      expected: open(),
    },
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
      prepare: fixed('/modules', {
        subjectOfferingId: tree.offering.id,
        title: 'Another module',
      }),
      expected: editors(201),
    },
    {
      method: 'POST',
      route: '/topics',
      prepare: fixed('/topics', { moduleId: tree.module.id, title: 'Another topic' }),
      expected: editors(201),
    },
    {
      method: 'GET',
      route: '/modules/:id/questions',
      prepare: fixed(`/modules/${tree.module.id}/questions`),
      expected: open(),
    },
    {
      method: 'GET',
      route: '/topics/:id/questions',
      prepare: fixed(`/topics/${tree.topic.id}/questions`),
      expected: open(),
    },
  ];
}
