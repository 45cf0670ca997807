import {
  createModule,
  createTopic,
  deleteModule,
  deleteSyllabus,
  deleteTopic,
  getModuleById,
  getSyllabusById,
  getSyllabus,
  getTopicById,
  initSyllabus,
  listModuleQuestions,
  listTopicQuestions,
  updateModule,
  updateTopic,
} from '@qpc/domain';
import {
  createModuleInput,
  createTopicInput,
  initSyllabusInput,
  moduleSchema,
  objectId,
  questionSchema,
  syllabusSchema,
  syllabusWithModulesSchema,
  topicSchema,
  updateSyllabusItemInput,
} from '@qpc/domain/schemas';
import { listSyllabusQuestionsText } from '@qpc/server-kit/list-text';
import { z } from 'zod';
import type { RouteContext, RouteDefinition } from './route.js';
import type { Actor } from '@qpc/domain';

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

const Syllabus = component('Syllabus', syllabusSchema);
const SyllabusTree = component('SyllabusWithModules', syllabusWithModulesSchema);
const Module = component('Module', moduleSchema);
const Topic = component('Topic', topicSchema);
const Question = component('Question', questionSchema);
const tag = 'Syllabus';

const syllabusPath = (subjectOfferingId: string) =>
  resourcePath('subject-offerings', subjectOfferingId, 'syllabus');

export const syllabusRoutes: RouteDefinition[] = [
  {
    method: 'get',
    path: '/subject-offerings/:subjectOfferingId/syllabus',
    tag,
    operationId: 'getSyllabus',
    summary: "Read a subject offering's syllabus",
    description: 'The full hierarchy: modules in order, each with its topics in order.',
    action: null,
    params: z.object({ subjectOfferingId: objectId }),
    response: item(SyllabusTree),
    handler: ({ caller, param }) =>
      getSyllabus({ actor: caller, subjectOfferingId: param('subjectOfferingId') }),
  },
  {
    method: 'post',
    path: '/syllabus',
    tag,
    operationId: 'initSyllabus',
    summary: 'Initialize the syllabus of a subject offering',
    description: "One syllabus per offering. Location points at the offering's syllabus.",
    action: 'catalog:write',
    body: initSyllabusInput,
    conflict: 'the offering already has a syllabus',
    response: created(
      Syllabus,
      (s) => syllabusPath(s.subjectOfferingId),
      ({ caller }, id) => getSyllabusById({ actor: caller, id }),
    ),
    handler: ({ caller: { actor }, body, createdId }) =>
      initSyllabus({ actor, input: body, id: createdId }),
  },
  {
    method: 'post',
    path: '/modules',
    tag,
    operationId: 'createModule',
    summary: 'Create a module',
    description: "The offering's syllabus must exist (else 400 naming `subjectOfferingId`).",
    action: 'catalog:write',
    body: createModuleInput,
    response: created(
      Module,
      (m) => resourcePath('modules', m.id),
      ({ caller }, id) => getModuleById({ actor: caller, id }),
    ),
    handler: ({ caller: { actor }, body, createdId }) =>
      createModule({ actor, input: body, id: createdId }),
  },
  {
    method: 'post',
    path: '/topics',
    tag,
    operationId: 'createTopic',
    summary: 'Create a topic',
    description: 'The module must exist (else 400 naming `moduleId`).',
    action: 'catalog:write',
    body: createTopicInput,
    response: created(
      Topic,
      (t) => resourcePath('topics', t.id),
      ({ caller }, id) => getTopicById({ actor: caller, id }),
    ),
    handler: ({ caller: { actor }, body, createdId }) =>
      createTopic({ actor, input: body, id: createdId }),
  },
  {
    method: 'get',
    path: '/modules/:id/questions',
    tag,
    operationId: 'listModuleQuestions',
    summary: 'List the questions of a module',
    description: `Newest first. ${approvedOnly('questions')}`,
    action: null,
    params: idParams,
    query: listSyllabusQuestionsText,
    response: list(Question),
    handler: ({ caller, param, query }) =>
      listModuleQuestions({ actor: caller, moduleId: param('id'), query }),
  },
  {
    method: 'get',
    path: '/topics/:id/questions',
    tag,
    operationId: 'listTopicQuestions',
    summary: 'List the questions of a topic',
    description: `Newest first. ${approvedOnly('questions')}`,
    action: null,
    params: idParams,
    query: listSyllabusQuestionsText,
    response: list(Question),
    handler: ({ caller, param, query }) =>
      listTopicQuestions({ actor: caller, topicId: param('id'), query }),
  },
  {
    method: 'delete',
    path: '/subject-offerings/:subjectOfferingId/syllabus',
    tag,
    operationId: 'deleteSyllabus',
    summary: "Delete a subject offering's syllabus",
    description: 'Refused with 409 while it has modules.',
    action: 'catalog:delete',
    params: z.object({ subjectOfferingId: objectId }),
    conflict: 'the syllabus still has modules',
    response: noContent,
    handler: ({ caller: { actor }, param }) =>
      deleteSyllabus({ actor, subjectOfferingId: param('subjectOfferingId') }),
  },
  ...syllabusItemRoutes('modules', 'Module', Module, {
    get: getModuleById,
    update: updateModule,
    remove: deleteModule,
    dependents: 'topics or questions',
  }),
  ...syllabusItemRoutes('topics', 'Topic', Topic, {
    get: getTopicById,
    update: updateTopic,
    remove: deleteTopic,
    dependents: 'questions',
  }),
];

/** Read, rename or reorder, and delete of a module or a topic: the same three routes for each. */
function syllabusItemRoutes<T>(
  collection: 'modules' | 'topics',
  noun: 'Module' | 'Topic',
  output: ReturnType<typeof component<T>>,
  services: {
    get: (args: { actor: RouteContext['caller']; id: string }) => Promise<T>;
    update: (args: { actor: Actor | null; id: string; input: unknown }) => Promise<T>;
    remove: (args: { actor: Actor | null; id: string }) => Promise<void>;
    dependents: string;
  },
): RouteDefinition[] {
  const path = `/${collection}/:id`;
  const lower = noun.toLowerCase();
  return [
    {
      method: 'get',
      path,
      tag,
      operationId: `get${noun}`,
      summary: `Read a ${lower}`,
      description:
        'Hidden (404) from anonymous and normal callers when its university is inactive.',
      action: null,
      params: idParams,
      response: item(output),
      handler: ({ caller, param }) => services.get({ actor: caller, id: param('id') }),
    },
    {
      method: 'patch',
      path,
      tag,
      operationId: `update${noun}`,
      summary: `Rename or reorder a ${lower}`,
      description:
        noun === 'Topic' ? 'A topic stays in its module: `moduleId` is refused (400).' : undefined,
      action: 'catalog:write',
      params: idParams,
      body: updateSyllabusItemInput,
      response: item(output),
      handler: ({ caller: { actor }, param, body }) =>
        services.update({ actor, id: param('id'), input: body }),
    },
    {
      method: 'delete',
      path,
      tag,
      operationId: `delete${noun}`,
      summary: `Delete a ${lower}`,
      description: `Refused with 409 while ${services.dependents} reference it.`,
      action: 'catalog:delete',
      params: idParams,
      conflict: `${services.dependents} still reference the ${lower}`,
      response: noContent,
      handler: ({ caller: { actor }, param }) => services.remove({ actor, id: param('id') }),
    },
  ];
}
