import {
  createUniversity,
  deleteUniversity,
  getUniversityById,
  getUniversityBySlug,
  listUniversities,
  updateUniversity,
  whoMay,
} from '@qpc/domain';
import {
  createUniversityInput,
  universitySchema,
  updateUniversityInput,
} from '@qpc/domain/schemas';
import { listUniversitiesText } from '@qpc/server-kit/list-text';
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

const University = component('University', universitySchema);
const tag = 'Universities';

export const universityRoutes: RouteDefinition[] = [
  {
    method: 'get',
    path: '/universities',
    tag,
    operationId: 'listUniversities',
    summary: 'List universities',
    description:
      'Active universities by default, ordered by name. `isActive=false` lists soft-deleted ones, `isActive=all` both.',
    action: null,
    query: listUniversitiesText,
    response: list(University),
    handler: ({ caller, query }) => listUniversities({ actor: caller, query }),
  },
  {
    method: 'get',
    path: '/universities/:slug',
    tag,
    operationId: 'getUniversityBySlug',
    summary: 'Read a university by slug',
    description: `A soft-deleted university is found by callers with role ${whoMay('paper:read-unapproved')} only (404 for anyone else).`,
    action: null,
    params: slugParams,
    response: item(University),
    handler: ({ caller, param }) => getUniversityBySlug({ actor: caller, slug: param('slug') }),
  },
  {
    method: 'post',
    path: '/universities',
    tag,
    operationId: 'createUniversity',
    summary: 'Create a university',
    description: 'The slug is generated from the name when absent (`-2`, `-3`, ... on collision).',
    action: 'catalog:write',
    body: createUniversityInput,
    conflict: 'the explicit slug is taken',
    response: created(
      University,
      (u) => resourcePath('universities', u.slug),
      ({ caller }, id) => getUniversityById({ actor: caller, id }),
    ),
    handler: ({ caller: { actor }, body, createdId }) =>
      createUniversity({ actor, input: body, id: createdId }),
  },
  {
    method: 'patch',
    path: '/universities/:id',
    tag,
    operationId: 'updateUniversity',
    summary: 'Update a university',
    description: `Any subset of the fields. Only callers with role ${whoMay('catalog:delete')} may set \`isActive\` (false soft-deletes, true restores).`,
    action: 'catalog:write',
    params: idParams,
    body: updateUniversityInput,
    conflict: 'the slug is taken',
    response: item(University),
    handler: ({ caller: { actor }, param, body }) =>
      updateUniversity({ actor, id: param('id'), input: body }),
  },
  {
    method: 'delete',
    path: '/universities/:id',
    tag,
    operationId: 'deleteUniversity',
    summary: 'Soft-delete a university',
    description:
      'Sets `isActive: false` and `deletedAt`; the university disappears from the default list and slug reads.',
    action: 'catalog:delete',
    params: idParams,
    response: noContent,
    handler: ({ caller: { actor }, param }) => deleteUniversity({ actor, id: param('id') }),
  },
];
