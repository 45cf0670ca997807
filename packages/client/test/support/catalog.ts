// A small catalog made through the typed REST client, as another team's admin tool would.
import { randomUUID } from 'node:crypto';
import { unwrap } from '../../src/rest.js';
import type { RestClient } from '../../src/rest.js';

export interface Catalog {
  tag: string;
  universitySlug: string;
  universityId: string;
  branchId: string;
  semesterId: string;
  offeringId: string;
  moduleId: string;
  topicId: string;
  approvedPaper: { id: string; slug: string };
  pendingPaper: { id: string; slug: string };
  questionId: string;
  solutionId: string;
}

/**
 * University, branch, semester, subject, offering with a syllabus (one module, one topic), an
 * approved paper with a question filed under the topic, a pending paper, and a solution by
 * `author` (a client signed in as another user than the admin, so the admin may vote on it).
 */
export async function makeCatalog(admin: RestClient, author: RestClient): Promise<Catalog> {
  const tag = randomUUID().slice(0, 8);
  const university = await unwrap(
    admin.POST('/api/v1/universities', {
      body: { name: `Client University ${tag}`, shortName: `CU${tag}` },
    }),
  );
  const branch = await unwrap(
    admin.POST('/api/v1/branches', {
      body: { universityId: university.data.id, name: 'Computer Science', code: 'CSE' },
    }),
  );
  const semester = await unwrap(
    admin.POST('/api/v1/semesters', { body: { branchId: branch.data.id, number: 3 } }),
  );
  const subject = await unwrap(
    admin.POST('/api/v1/subjects', { body: { name: `Algorithms ${tag}`, code: 'CS301' } }),
  );
  const offering = await unwrap(
    admin.POST('/api/v1/subject-offerings', {
      body: {
        universityId: university.data.id,
        branchId: branch.data.id,
        semesterId: semester.data.id,
        subjectId: subject.data.id,
        regulation: 'R22',
      },
    }),
  );
  await unwrap(admin.POST('/api/v1/syllabus', { body: { subjectOfferingId: offering.data.id } }));
  const module = await unwrap(
    admin.POST('/api/v1/modules', {
      body: { subjectOfferingId: offering.data.id, title: 'Sorting' },
    }),
  );
  const topic = await unwrap(
    admin.POST('/api/v1/topics', { body: { moduleId: module.data.id, title: 'Merge sort' } }),
  );
  const approved = await unwrap(
    admin.POST('/api/v1/papers', {
      body: { subjectOfferingId: offering.data.id, examYear: 2023, examType: 'end-term' },
    }),
  );
  await unwrap(
    admin.PATCH('/api/v1/papers/{id}/status', {
      params: { path: { id: approved.data.id } },
      // Approved before its question is added: an empty paper needs force.
      body: { status: 'approved', reason: 'complete', force: true },
    }),
  );
  const pending = await unwrap(
    admin.POST('/api/v1/papers', {
      body: { subjectOfferingId: offering.data.id, examYear: 2024, examType: 'mid-term' },
    }),
  );
  const question = await unwrap(
    admin.POST('/api/v1/questions', {
      body: {
        paperId: approved.data.id,
        text: `Explain merge sort's running time ${tag}`,
        type: 'long',
        difficulty: 'medium',
        marks: 8,
        moduleId: module.data.id,
        topicId: topic.data.id,
      },
    }),
  );
  const solution = await unwrap(
    author.POST('/api/v1/solutions', {
      body: { questionId: question.data.id, content: 'T(n) = 2T(n/2) + n, so O(n log n).' },
    }),
  );
  return {
    tag,
    universitySlug: university.data.slug,
    universityId: university.data.id,
    branchId: branch.data.id,
    semesterId: semester.data.id,
    offeringId: offering.data.id,
    moduleId: module.data.id,
    topicId: topic.data.id,
    approvedPaper: { id: approved.data.id, slug: approved.data.slug },
    pendingPaper: { id: pending.data.id, slug: pending.data.slug },
    questionId: question.data.id,
    solutionId: solution.data.id,
  };
}
