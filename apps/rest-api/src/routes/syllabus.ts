import {
  createModule,
  createModuleInput,
  createTopic,
  createTopicInput,
  getSyllabus,
  initSyllabus,
  initSyllabusInput,
  listModuleQuestions,
  listSyllabusQuestionsQuery,
  listTopicQuestions,
  moduleSchema,
  objectId,
  questionSchema,
  syllabusSchema,
  syllabusWithModulesSchema,
  topicSchema,
} from '@qpc/domain';
import { z } from 'zod';
import type { RouteDefinition } from './route.js';
import { approvedOnly, component, created, idParams, item, list, resourcePath } from './route.js';

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
    handler: ({ actor, param }) =>
      getSyllabus({ actor, subjectOfferingId: param('subjectOfferingId') }),
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
    response: created(Syllabus, (s) => syllabusPath(s.subjectOfferingId)),
    handler: ({ actor, body }) => initSyllabus({ actor, input: body }),
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
    response: created(Module, (m) => resourcePath('modules', m.id)),
    handler: ({ actor, body }) => createModule({ actor, input: body }),
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
    response: created(Topic, (t) => resourcePath('topics', t.id)),
    handler: ({ actor, body }) => createTopic({ actor, input: body }),
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
    query: listSyllabusQuestionsQuery,
    response: list(Question),
    handler: ({ actor, param, query }) =>
      listModuleQuestions({ actor, moduleId: param('id'), query }),
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
    query: listSyllabusQuestionsQuery,
    response: list(Question),
    handler: ({ actor, param, query }) =>
      listTopicQuestions({ actor, topicId: param('id'), query }),
  },
];
