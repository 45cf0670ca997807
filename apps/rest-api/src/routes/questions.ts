import {
  createQuestion,
  deleteQuestion,
  getQuestionById,
  getQuestionBySlug,
  listQuestions,
  updateQuestion,
} from '@qpc/domain';
import { createQuestionInput, questionSchema, updateQuestionInput } from '@qpc/domain/schemas';
import { listQuestionsText } from '@qpc/server-kit/list-text';
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
  slugParams,
} from './route.js';

const Question = component('Question', questionSchema);
const tag = 'Questions';
const visibility = approvedOnly('questions');

// `/questions/slug/:slug` is declared before `/questions/:id`, so "slug" is never taken for an id.
export const questionRoutes: RouteDefinition[] = [
  {
    method: 'get',
    path: '/questions',
    tag,
    operationId: 'listQuestions',
    summary: 'List questions',
    description: `Newest first. ${visibility}`,
    action: null,
    query: listQuestionsText,
    response: list(Question),
    handler: ({ caller, query }) => listQuestions({ actor: caller, query }),
  },
  {
    method: 'get',
    path: '/questions/slug/:slug',
    tag,
    operationId: 'getQuestionBySlug',
    summary: 'Read a question by slug',
    description: `${visibility} A question the caller may not see is not found.`,
    action: null,
    params: slugParams,
    response: item(Question),
    handler: ({ caller, param }) => getQuestionBySlug({ actor: caller, slug: param('slug') }),
  },
  {
    method: 'get',
    path: '/questions/:id',
    tag,
    operationId: 'getQuestionById',
    summary: 'Read a question by id',
    description: `${visibility} A question the caller may not see is not found.`,
    action: null,
    params: idParams,
    response: item(Question),
    handler: ({ caller, param }) => getQuestionById({ actor: caller, id: param('id') }),
  },
  {
    method: 'post',
    path: '/questions',
    tag,
    operationId: 'createQuestion',
    summary: 'Create a question',
    description:
      "`options` (2 to 10) are required for mcq and refused otherwise. Module and topic must belong to the paper's subject offering (else 400 naming the field).",
    action: 'catalog:write',
    body: createQuestionInput,
    conflict: 'the explicit slug is taken',
    response: created(
      Question,
      (q) => resourcePath('questions', q.id),
      ({ caller }, id) => getQuestionById({ actor: caller, id }),
    ),
    handler: ({ caller: { actor }, body, createdId }) =>
      createQuestion({ actor, input: body, id: createdId }),
  },
  {
    method: 'patch',
    path: '/questions/:id',
    tag,
    operationId: 'updateQuestion',
    summary: 'Update a question',
    description: '`null` removes `moduleId`, `topicId`, `marks`, `options` or `answer`.',
    action: 'catalog:write',
    params: idParams,
    body: updateQuestionInput,
    conflict: 'the slug is taken',
    response: item(Question),
    handler: ({ caller: { actor }, param, body }) =>
      updateQuestion({ actor, id: param('id'), input: body }),
  },
  {
    method: 'delete',
    path: '/questions/:id',
    tag,
    operationId: 'deleteQuestion',
    summary: 'Delete a question',
    action: 'catalog:delete',
    params: idParams,
    conflict: 'the question still has solutions',
    response: noContent,
    handler: ({ caller: { actor }, param }) => deleteQuestion({ actor, id: param('id') }),
  },
];
