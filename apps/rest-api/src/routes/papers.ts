import {
  createPaper,
  deletePaper,
  getPaperById,
  getPaperBySlug,
  listPapers,
  setPaperStatus,
  submitPaper,
  updatePaper,
} from '@qpc/domain';
import {
  createPaperInput,
  paperSchema,
  setPaperStatusInput,
  submitPaperInput,
  updatePaperInput,
} from '@qpc/domain/schemas';
import { listPapersText } from '@qpc/server-kit/list-text';
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
  UNAPPROVED_READERS,
} from './route.js';

const Paper = component('Paper', paperSchema);
const tag = 'Papers';
const visibility = `Callers with role ${UNAPPROVED_READERS} see every status, \`statusHistory\`, \`createdBy\` and \`draftsWaiting\`; anyone else (anonymous callers and deactivated accounts included) sees approved papers only. \`questionCount\` counts the questions the caller may see.`;

export const paperRoutes: RouteDefinition[] = [
  {
    method: 'get',
    path: '/papers',
    tag,
    operationId: 'listPapers',
    summary: 'List papers',
    description: `Newest exam year first. ${visibility} The \`status\` filter is for callers with role ${UNAPPROVED_READERS}; so is \`createdBy\` (\`me\` or a user id), which is 401 for an anonymous caller and 403 for other roles.`,
    action: null,
    hasRestrictedFilter: true,
    query: listPapersText,
    response: list(Paper),
    handler: ({ caller, query }) => listPapers({ actor: caller, query }),
  },
  {
    method: 'get',
    path: '/papers/:slug',
    tag,
    operationId: 'getPaperBySlug',
    summary: 'Read a paper by slug',
    description: `${visibility} A paper the caller may not see is not found.`,
    action: null,
    params: slugParams,
    response: item(Paper),
    handler: ({ caller, param }) => getPaperBySlug({ actor: caller, slug: param('slug') }),
  },
  {
    method: 'post',
    path: '/papers',
    tag,
    operationId: 'createPaper',
    summary: 'Create a paper',
    description:
      'Status starts as `pending` unless `draft` is asked for; title and slug are generated when absent. ' +
      'The subject offering must exist (else 400 naming `subjectOfferingId`).',
    action: 'catalog:write',
    body: createPaperInput,
    conflict: 'the explicit slug is taken',
    response: created(
      Paper,
      (p) => resourcePath('papers', p.slug),
      ({ caller }, id) => getPaperById({ actor: caller, id }),
    ),
    handler: ({ caller: { actor }, body, createdId }) =>
      createPaper({ actor, input: body, id: createdId }),
  },
  {
    method: 'patch',
    path: '/papers/:id',
    tag,
    operationId: 'updatePaper',
    summary: 'Update a paper',
    description: 'Status is not changed here: use `PATCH /papers/{id}/status`.',
    action: 'catalog:write',
    params: idParams,
    body: updatePaperInput,
    conflict: 'the slug is taken',
    response: item(Paper),
    handler: ({ caller: { actor }, param, body }) =>
      updatePaper({ actor, id: param('id'), input: body }),
  },
  {
    method: 'patch',
    path: '/papers/:id/status',
    tag,
    operationId: 'setPaperStatus',
    summary: 'Set the status of a paper',
    description:
      'Any of draft, pending, approved, rejected, with an optional `reason`; each change is appended to `statusHistory`. ' +
      'Approving a paper with no questions is 409 `PAPER_EMPTY` unless the body says `force: true`.',
    action: 'paper:set-status',
    params: idParams,
    body: setPaperStatusInput,
    conflict:
      'the status changed concurrently; `PAPER_EMPTY` when approving a paper with no questions without `force: true`',
    response: item(Paper),
    handler: ({ caller: { actor }, param, body }) =>
      setPaperStatus({ actor, id: param('id'), input: body }),
  },
  {
    method: 'post',
    path: '/papers/:id/submit',
    tag,
    operationId: 'submitPaper',
    summary: 'Send a paper for review',
    description:
      'By the editor who created the paper, or an admin (another editor: 403; a paper with no recorded creator: admins only). ' +
      'A `draft` or `rejected` paper becomes `pending`, recorded in `statusHistory` with the `note` as its reason.',
    action: 'paper:submit',
    ownerOnly: true,
    params: idParams,
    body: submitPaperInput,
    conflict: 'the paper is pending or approved already, or its status changed concurrently',
    response: item(Paper),
    handler: ({ caller: { actor }, param, body }) =>
      submitPaper({ actor, id: param('id'), input: body }),
  },
  {
    method: 'delete',
    path: '/papers/:id',
    tag,
    operationId: 'deletePaper',
    summary: 'Delete a paper',
    action: 'catalog:delete',
    params: idParams,
    conflict: 'the paper still has questions',
    response: noContent,
    handler: ({ caller: { actor }, param }) => deletePaper({ actor, id: param('id') }),
  },
];
