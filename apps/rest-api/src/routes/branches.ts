import { createBranch, deleteBranch, getBranchById, listBranches, updateBranch } from '@qpc/domain';
import { branchSchema, createBranchInput, updateBranchInput } from '@qpc/domain/schemas';
import { listBranchesText } from '@qpc/server-kit/list-text';
import type { RouteDefinition } from './route.js';
import { component, created, idParams, item, list, noContent, resourcePath } from './route.js';

const Branch = component('Branch', branchSchema);
const tag = 'Branches';

export const branchRoutes: RouteDefinition[] = [
  {
    method: 'get',
    path: '/branches',
    tag,
    operationId: 'listBranches',
    summary: 'List branches',
    description: 'Branches (departments), filtered by university and name, ordered by name.',
    action: null,
    query: listBranchesText,
    response: list(Branch),
    handler: ({ caller, query }) => listBranches({ actor: caller, query }),
  },
  {
    method: 'post',
    path: '/branches',
    tag,
    operationId: 'createBranch',
    summary: 'Create a branch',
    description: 'The university must exist and be active (else 400 naming `universityId`).',
    action: 'catalog:write',
    body: createBranchInput,
    response: created(
      Branch,
      (b) => resourcePath('branches', b.id),
      ({ caller }, id) => getBranchById({ actor: caller, id }),
    ),
    handler: ({ caller: { actor }, body, createdId }) =>
      createBranch({ actor, input: body, id: createdId }),
  },
  {
    method: 'patch',
    path: '/branches/:id',
    tag,
    operationId: 'updateBranch',
    summary: 'Update a branch',
    action: 'catalog:write',
    params: idParams,
    body: updateBranchInput,
    conflict: 'the branch would move to another university while subject offerings reference it',
    response: item(Branch),
    handler: ({ caller: { actor }, param, body }) =>
      updateBranch({ actor, id: param('id'), input: body }),
  },
  {
    method: 'delete',
    path: '/branches/:id',
    tag,
    operationId: 'deleteBranch',
    summary: 'Delete a branch',
    action: 'catalog:delete',
    params: idParams,
    conflict: 'the branch still has semesters or subject offerings',
    response: noContent,
    handler: ({ caller: { actor }, param }) => deleteBranch({ actor, id: param('id') }),
  },
];
