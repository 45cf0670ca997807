import {
  createSubject,
  deleteSubject,
  getSubjectById,
  getSubjectBySlug,
  listSubjects,
  updateSubject,
} from '@qpc/domain';
import { createSubjectInput, subjectSchema, updateSubjectInput } from '@qpc/domain/schemas';
import { listSubjectsText } from '@qpc/server-kit/list-text';
import type { RouteDefinition } from './route.js';
import {
  component,
  created,
  idParams,
  item,
  list,
  noContent,
  resourcePath,
  slugParams,
} from './route.js';

const Subject = component('Subject', subjectSchema);
const tag = 'Subjects';

export const subjectRoutes: RouteDefinition[] = [
  {
    method: 'get',
    path: '/subjects',
    tag,
    operationId: 'listSubjects',
    summary: 'List subjects',
    description: 'The global subject catalog, ordered by name.',
    action: null,
    query: listSubjectsText,
    response: list(Subject),
    handler: ({ caller, query }) => listSubjects({ actor: caller, query }),
  },
  {
    method: 'get',
    path: '/subjects/:slug',
    tag,
    operationId: 'getSubjectBySlug',
    summary: 'Read a subject by slug',
    action: null,
    params: slugParams,
    response: item(Subject),
    handler: ({ caller, param }) => getSubjectBySlug({ actor: caller, slug: param('slug') }),
  },
  {
    method: 'post',
    path: '/subjects',
    tag,
    operationId: 'createSubject',
    summary: 'Create a subject',
    description: 'The slug is generated from the name when absent (`-2`, `-3`, ... on collision).',
    action: 'catalog:write',
    body: createSubjectInput,
    conflict: 'the explicit slug is taken',
    response: created(
      Subject,
      (s) => resourcePath('subjects', s.slug),
      ({ caller }, id) => getSubjectById({ actor: caller, id }),
    ),
    handler: ({ caller: { actor }, body, createdId }) =>
      createSubject({ actor, input: body, id: createdId }),
  },
  {
    method: 'patch',
    path: '/subjects/:id',
    tag,
    operationId: 'updateSubject',
    summary: 'Update a subject',
    action: 'catalog:write',
    params: idParams,
    body: updateSubjectInput,
    conflict: 'the slug is taken',
    response: item(Subject),
    handler: ({ caller: { actor }, param, body }) =>
      updateSubject({ actor, id: param('id'), input: body }),
  },
  {
    method: 'delete',
    path: '/subjects/:id',
    tag,
    operationId: 'deleteSubject',
    summary: 'Delete a subject',
    action: 'catalog:delete',
    params: idParams,
    conflict: 'the subject still has subject offerings',
    response: noContent,
    handler: ({ caller: { actor }, param }) => deleteSubject({ actor, id: param('id') }),
  },
];
