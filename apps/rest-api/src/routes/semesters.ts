import {
  createSemester,
  deleteSemester,
  getSemesterById,
  listSemesters,
  updateSemester,
} from '@qpc/domain';
import { createSemesterInput, semesterSchema, updateSemesterInput } from '@qpc/domain/schemas';
import { listSemestersText } from '@qpc/server-kit/list-text';
import type { RouteDefinition } from './route.js';
import { component, created, idParams, item, list, noContent, resourcePath } from './route.js';

const Semester = component('Semester', semesterSchema);
const tag = 'Semesters';

export const semesterRoutes: RouteDefinition[] = [
  {
    method: 'get',
    path: '/semesters',
    tag,
    operationId: 'listSemesters',
    summary: 'List semesters',
    description: 'Semesters, filtered by branch.',
    action: null,
    query: listSemestersText,
    response: list(Semester),
    handler: ({ caller, query }) => listSemesters({ actor: caller, query }),
  },
  {
    method: 'post',
    path: '/semesters',
    tag,
    operationId: 'createSemester',
    summary: 'Create a semester',
    description: 'The branch must exist; `number` (1 to 12) is unique within the branch.',
    action: 'catalog:write',
    body: createSemesterInput,
    conflict: 'the branch already has a semester with this number',
    response: created(
      Semester,
      (s) => resourcePath('semesters', s.id),
      ({ caller }, id) => getSemesterById({ actor: caller, id }),
    ),
    handler: ({ caller: { actor }, body, createdId }) =>
      createSemester({ actor, input: body, id: createdId }),
  },
  {
    method: 'patch',
    path: '/semesters/:id',
    tag,
    operationId: 'updateSemester',
    summary: 'Update a semester',
    action: 'catalog:write',
    params: idParams,
    body: updateSemesterInput,
    conflict:
      'the branch already has a semester with this number, or the semester would move to another branch while subject offerings reference it',
    response: item(Semester),
    handler: ({ caller: { actor }, param, body }) =>
      updateSemester({ actor, id: param('id'), input: body }),
  },
  {
    method: 'delete',
    path: '/semesters/:id',
    tag,
    operationId: 'deleteSemester',
    summary: 'Delete a semester',
    action: 'catalog:delete',
    params: idParams,
    conflict: 'the semester still has subject offerings',
    response: noContent,
    handler: ({ caller: { actor }, param }) => deleteSemester({ actor, id: param('id') }),
  },
];
