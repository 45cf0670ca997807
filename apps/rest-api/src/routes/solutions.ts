import {
  createSolution,
  deleteSolution,
  getSolutionById,
  listSolutions,
  updateSolution,
  voteSolution,
} from '@qpc/domain';
import {
  createSolutionInput,
  solutionSchema,
  updateSolutionInput,
  voteSolutionInput,
} from '@qpc/domain/schemas';
import { listSolutionsText } from '@qpc/server-kit/list-text';
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

const Solution = component('Solution', solutionSchema);
const tag = 'Solutions';

export const solutionRoutes: RouteDefinition[] = [
  {
    method: 'get',
    path: '/solutions',
    tag,
    operationId: 'listSolutions',
    summary: 'List solutions',
    description:
      "Best score first, then oldest. Each solution carries `upvotes`, `downvotes`, `score` and the caller's `myVote`. " +
      approvedOnly('solutions'),
    action: null,
    query: listSolutionsText,
    response: list(Solution),
    handler: ({ caller, query }) => listSolutions({ actor: caller, query }),
  },
  {
    method: 'post',
    path: '/solutions',
    tag,
    operationId: 'createSolution',
    summary: 'Contribute a solution',
    description:
      'The caller is the author. The question must exist and be visible to the caller (else 400 naming `questionId`).',
    action: 'solution:create',
    body: createSolutionInput,
    response: created(
      Solution,
      (s) => resourcePath('solutions', s.id),
      ({ caller }, id) => getSolutionById({ actor: caller, id }),
    ),
    handler: ({ caller: { actor }, body, createdId }) =>
      createSolution({ actor, input: body, id: createdId }),
  },
  {
    method: 'patch',
    path: '/solutions/:id/vote',
    tag,
    operationId: 'voteSolution',
    summary: 'Vote on a solution',
    description:
      'Body `{"value": 1 | -1 | 0}`: one vote per user and solution, repeating a vote changes nothing, 0 withdraws it. ' +
      "Nobody votes on their own solution (403). Answers with the solution, its counts and the caller's `myVote`.",
    action: 'solution:vote',
    params: idParams,
    body: voteSolutionInput,
    conflict: 'the vote could not be recorded under heavy contention; retry',
    response: item(Solution),
    handler: ({ caller: { actor }, param, body }) =>
      voteSolution({ actor, id: param('id'), input: body }),
  },
  {
    method: 'get',
    path: '/solutions/:id',
    tag,
    operationId: 'getSolution',
    summary: 'Read a solution',
    description: `With its counts and the caller's \`myVote\`. ${approvedOnly('solutions')}`,
    action: null,
    params: idParams,
    response: item(Solution),
    handler: ({ caller, param }) => getSolutionById({ actor: caller, id: param('id') }),
  },
  {
    method: 'patch',
    path: '/solutions/:id',
    tag,
    operationId: 'updateSolution',
    summary: 'Edit a solution',
    description: 'Its author only (403 for anyone else, admins included): body `{"content"}`.',
    action: 'solution:create',
    ownerOnly: true,
    params: idParams,
    body: updateSolutionInput,
    response: item(Solution),
    handler: ({ caller: { actor }, param, body }) =>
      updateSolution({ actor, id: param('id'), input: body }),
  },
  {
    method: 'delete',
    path: '/solutions/:id',
    tag,
    operationId: 'deleteSolution',
    summary: 'Delete a solution',
    description: 'Its author or an admin (403 for anyone else); its votes are deleted with it.',
    action: 'solution:create',
    ownerOnly: true,
    params: idParams,
    response: noContent,
    handler: ({ caller: { actor }, param }) => deleteSolution({ actor, id: param('id') }),
  },
];
