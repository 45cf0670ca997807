import {
  createSubjectOffering,
  deleteSubjectOffering,
  getSubjectOfferingById,
  getSubjectOfferingCoverage,
  listSubjectOfferings,
} from '@qpc/domain';
import {
  coverageSchema,
  createSubjectOfferingInput,
  subjectOfferingSchema,
} from '@qpc/domain/schemas';
import { listSubjectOfferingsText } from '@qpc/server-kit/list-text';
import type { RouteDefinition } from './route.js';
import {
  approvedOnly,
  component,
  created,
  idParams,
  item,
  list,
  noContent,
  resourcePath,
} from './route.js';

const SubjectOffering = component('SubjectOffering', subjectOfferingSchema);
const Coverage = component('Coverage', coverageSchema);
const tag = 'Subject offerings';

export const subjectOfferingRoutes: RouteDefinition[] = [
  {
    method: 'get',
    path: '/subject-offerings',
    tag,
    operationId: 'listSubjectOfferings',
    summary: 'List subject offerings',
    description:
      'Subjects taught in a university, branch and semester, filtered by any of the four ids.',
    action: null,
    query: listSubjectOfferingsText,
    response: list(SubjectOffering),
    handler: ({ caller, query }) => listSubjectOfferings({ actor: caller, query }),
  },
  {
    method: 'get',
    path: '/subject-offerings/:id',
    tag,
    operationId: 'getSubjectOffering',
    summary: 'Read a subject offering',
    description: 'Hidden (404) from anonymous and normal callers when its university is inactive.',
    action: null,
    params: idParams,
    response: item(SubjectOffering),
    handler: ({ caller, param }) => getSubjectOfferingById({ actor: caller, id: param('id') }),
  },
  {
    method: 'get',
    path: '/subject-offerings/:id/coverage',
    tag,
    operationId: 'getSubjectOfferingCoverage',
    summary: 'How the syllabus of an offering has been examined',
    description:
      'Per module and topic: question count, marks, distinct years, count by exam type and in how many of the ' +
      `last 5 sittings it was asked; unassigned questions; papers count and years. Only papers the caller may see count. ${approvedOnly('papers')}`,
    action: null,
    params: idParams,
    response: item(Coverage),
    handler: ({ caller, param }) => getSubjectOfferingCoverage({ actor: caller, id: param('id') }),
  },
  {
    method: 'post',
    path: '/subject-offerings',
    tag,
    operationId: 'createSubjectOffering',
    summary: 'Create a subject offering',
    description:
      'The branch must belong to the university and the semester to the branch (else 400 naming the field). ' +
      'The combination of university, branch, semester, subject and regulation is unique.',
    action: 'catalog:write',
    body: createSubjectOfferingInput,
    conflict: 'the same offering exists',
    response: created(
      SubjectOffering,
      (o) => resourcePath('subject-offerings', o.id),
      ({ caller }, id) => getSubjectOfferingById({ actor: caller, id }),
    ),
    handler: ({ caller: { actor }, body, createdId }) =>
      createSubjectOffering({ actor, input: body, id: createdId }),
  },
  {
    method: 'delete',
    path: '/subject-offerings/:id',
    tag,
    operationId: 'deleteSubjectOffering',
    summary: 'Delete a subject offering',
    action: 'catalog:delete',
    params: idParams,
    conflict: 'the offering still has papers or a syllabus',
    response: noContent,
    handler: ({ caller: { actor }, param }) => deleteSubjectOffering({ actor, id: param('id') }),
  },
];
