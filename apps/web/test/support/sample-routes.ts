// The screens of one sample paper (End-term 2023 of Data Structures at NFIT) and of the places
// above it, by the ids the sample catalog gave them: the routes the browser tests open by link.
import type { Stack } from './stack.js';

/** The sample paper the routes lead to. */
export const SAMPLE_PAPER = 'nfit-data-structures-end-term-2023';

/** The screens of the sample paper and of its university, semester, subject and first topic. */
export async function sampleRoutes(stack: Stack) {
  const { paper } = await stack.graphql<{
    paper: { subjectOfferingId: string; subjectId: string; questions: { slug: string }[] };
  }>(`{ paper(slug: "${SAMPLE_PAPER}") { subjectOfferingId subjectId questions { slug } } }`);
  const { subjectOffering: o } = await stack.graphql<{
    subjectOffering: {
      id: string;
      university: { slug: string };
      branch: { id: string };
      semester: { id: string };
      syllabus: { modules: { topics: { id: string }[] }[] };
    };
  }>(
    `query($id: ObjectID!) { subjectOffering(id: $id) {
      id university { slug } branch { id } semester { id } syllabus { modules { topics { id } } } } }`,
    { id: paper.subjectOfferingId },
  );
  return {
    university: `/u/${o.university.slug}`,
    semester: `/u/${o.university.slug}/b/${o.branch.id}/s/${o.semester.id}`,
    subject: `/o/${o.id}`,
    topic: `/o/${o.id}/t/${o.syllabus.modules[0]!.topics[0]!.id}`,
    'subject elsewhere': `/subjects/${paper.subjectId}`,
    paper: `/p/${SAMPLE_PAPER}`,
    question: `/q/${paper.questions[0]!.slug}`,
  };
}
