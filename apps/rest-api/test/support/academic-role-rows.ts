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
import { freshRow, getRow, postRow } from './role-rows.js';
import type { Row, RowContext } from './role-rows.js';

/** The role matrix's rows for health, documents, the academic structure and syllabi. */
export function academicRows({ tree, a, freshModule, freshTopic }: RowContext): Row[] {
  const freshBranch = () => makeBranch(a(), tree.university.id);
  const freshSemester = async () => makeSemester(a(), (await freshBranch()).id);
  const offeringInput = async () => ({
    universityId: tree.university.id,
    branchId: tree.branch.id,
    semesterId: tree.semester.id,
    subjectId: (await makeSubject(a())).id,
  });
  const freshOffering = async () =>
    createSubjectOffering({ actor: a(), input: await offeringInput() });
  const offering = `/subject-offerings/${tree.offering.id}`;
  return [
    getRow('/health'),
    getRow('/health/detailed'),
    getRow('/openapi.json'),
    getRow('/docs'),

    getRow('/universities'),
    getRow('/universities/:slug', `/universities/${tree.university.slug}`),
    postRow('/universities', () => ({ name: `U ${uid()}`, shortName: 'U' })),
    freshRow('PATCH', '/universities/:id', () => makeUniversity(a()), {
      body: { shortName: 'NEW' },
    }),
    freshRow('DELETE', '/universities/:id', () => makeUniversity(a())),

    getRow('/branches'),
    postRow('/branches', () => ({ universityId: tree.university.id, name: `B ${uid()}` })),
    freshRow('PATCH', '/branches/:id', freshBranch, { body: { name: `Renamed ${uid()}` } }),
    freshRow('DELETE', '/branches/:id', freshBranch),

    getRow('/semesters'),
    postRow('/semesters', async () => ({ branchId: (await freshBranch()).id, number: 3 })),
    freshRow('PATCH', '/semesters/:id', freshSemester, { body: { name: 'III-I' } }),
    freshRow('DELETE', '/semesters/:id', freshSemester),

    getRow('/subjects'),
    getRow('/subjects/:slug', `/subjects/${tree.subject.slug}`),
    postRow('/subjects', () => ({ name: `Subject ${uid()}` })),
    freshRow('PATCH', '/subjects/:id', () => makeSubject(a()), { body: { description: 'd' } }),
    freshRow('DELETE', '/subjects/:id', () => makeSubject(a())),

    getRow('/subject-offerings'),
    postRow('/subject-offerings', offeringInput),
    freshRow('DELETE', '/subject-offerings/:id', freshOffering),

    getRow('/subject-offerings/:id', offering),
    getRow('/search', '/search?q=question'),
    getRow('/search/suggest', '/search/suggest?q=ques'),
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
    postRow('/syllabus', async () => ({
      subjectOfferingId: (await makeOffering(a())).offering.id,
    })),
    postRow('/modules', () => ({ subjectOfferingId: tree.offering.id, title: 'Another module' })),
    postRow('/topics', () => ({ moduleId: tree.module.id, title: 'Another topic' })),
    getRow('/modules/:id/questions', `/modules/${tree.module.id}/questions`),
    getRow('/topics/:id/questions', `/topics/${tree.topic.id}/questions`),
  ];
}
