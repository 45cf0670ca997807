import {
  createModule,
  createTopic,
  deleteModule,
  deleteSyllabus,
  deleteTopic,
  findSyllabus,
  getModuleById,
  getSyllabusById,
  getTopicById,
  initSyllabus,
  updateModule,
  updateTopic,
} from '@qpc/domain';
import {
  createModuleInput,
  createTopicInput,
  moduleSchema,
  syllabusSchema,
  topicSchema,
  updateSyllabusItemInput,
} from '@qpc/domain/schemas';
import { childrenOf } from '../loaders.js';
import { inputFor, who, IDEMPOTENCY_KEY_ARGUMENT, idempotentCreate } from './common.js';
import type { Resolvers } from '../generated/resolvers.js';
import type { ZodGraphType } from './zod-types.js';

/** The syllabus's types the graph generates from the domain's zod schemas. */
export const syllabusGraphTypes: ZodGraphType[] = [
  { name: 'Syllabus', kind: 'type', schema: syllabusSchema },
  { name: 'Module', kind: 'type', schema: moduleSchema },
  { name: 'Topic', kind: 'type', schema: topicSchema },
  { name: 'CreateModuleInput', kind: 'input', schema: createModuleInput },
  { name: 'CreateTopicInput', kind: 'input', schema: createTopicInput },
  { name: 'UpdateSyllabusItemInput', kind: 'input', schema: updateSyllabusItemInput },
];

export const syllabusTypeDefs = /* GraphQL */ `
  extend type Syllabus {
    "Modules ordered by order, then creation."
    modules: [Module!]!
  }

  extend type Module {
    "Topics ordered by order, then creation."
    topics: [Topic!]!
    "Questions of the module the caller may see, newest first."
    questions: [Question!]!
  }

  extend type Topic {
    "Questions of the topic the caller may see, newest first."
    questions: [Question!]!
  }

  type Query {
    "The syllabus of a subject offering."
    syllabus("The subject offering's id." subjectOfferingId: ObjectID!): Syllabus
    "A module by id."
    module("The module's id." id: ObjectID!): Module
    "A topic by id."
    topic("The topic's id." id: ObjectID!): Topic
  }

  type Mutation {
    "Initializes the syllabus of a subject offering ${who('catalog:write')}; one per offering."
    initSyllabus("The subject offering's id." subjectOfferingId: ObjectID! ${IDEMPOTENCY_KEY_ARGUMENT}): Syllabus!
    "Creates a module in the syllabus of a subject offering ${who('catalog:write')}."
    createModule("The new module." input: CreateModuleInput! ${IDEMPOTENCY_KEY_ARGUMENT}): Module!
    "Creates a topic in a module ${who('catalog:write')}."
    createTopic("The new topic." input: CreateTopicInput! ${IDEMPOTENCY_KEY_ARGUMENT}): Topic!
    "Renames or reorders a module ${who('catalog:write')}."
    updateModule("The module's id." id: ObjectID!, "Fields to change." input: UpdateSyllabusItemInput!): Module!
    "Renames or reorders a topic within its module ${who('catalog:write')}."
    updateTopic("The topic's id." id: ObjectID!, "Fields to change." input: UpdateSyllabusItemInput!): Topic!
    "Deletes a module without topics or questions ${who('catalog:delete')}."
    deleteModule("The module's id." id: ObjectID!): Boolean!
    "Deletes a topic without questions ${who('catalog:delete')}."
    deleteTopic("The topic's id." id: ObjectID!): Boolean!
    "Deletes a subject offering's syllabus without modules ${who('catalog:delete')}."
    deleteSyllabus("The subject offering's id." subjectOfferingId: ObjectID!): Boolean!
  }
`;

export const syllabusResolvers: Resolvers = {
  Query: {
    syllabus: (_, { subjectOfferingId }, { caller }) =>
      findSyllabus({ actor: caller, subjectOfferingId }),
    module: (_, { id }, { caller }) => getModuleById({ actor: caller, id }),
    topic: (_, { id }, { caller }) => getTopicById({ actor: caller, id }),
  },
  Mutation: {
    initSyllabus: (
      _,
      args: { subjectOfferingId: string; idempotencyKey?: string | null },
      context,
    ) =>
      idempotentCreate('initSyllabus', args, context, {
        action: 'catalog:write',
        create: (id) =>
          initSyllabus({
            actor: context.caller.actor,
            input: { subjectOfferingId: args.subjectOfferingId },
            id,
          }),
        find: (id) => getSyllabusById({ actor: context.caller, id }),
      }),
    createModule: (_, args, context) =>
      idempotentCreate('createModule', args, context, {
        action: 'catalog:write',
        create: (id) =>
          createModule({
            actor: context.caller.actor,
            input: inputFor(createModuleInput, args.input),
            id,
          }),
        find: (id) => getModuleById({ actor: context.caller, id }),
      }),
    createTopic: (_, args, context) =>
      idempotentCreate('createTopic', args, context, {
        action: 'catalog:write',
        create: (id) =>
          createTopic({
            actor: context.caller.actor,
            input: inputFor(createTopicInput, args.input),
            id,
          }),
        find: (id) => getTopicById({ actor: context.caller, id }),
      }),
    updateModule: (_, { id, input }, { caller: { actor } }) =>
      updateModule({ actor, id, input: inputFor(updateSyllabusItemInput, input) }),
    updateTopic: (_, { id, input }, { caller: { actor } }) =>
      updateTopic({ actor, id, input: inputFor(updateSyllabusItemInput, input) }),
    deleteModule: async (_, { id }, { caller: { actor } }) => {
      await deleteModule({ actor, id });
      return true;
    },
    deleteTopic: async (_, { id }, { caller: { actor } }) => {
      await deleteTopic({ actor, id });
      return true;
    },
    deleteSyllabus: async (_, { subjectOfferingId }, { caller: { actor } }) => {
      await deleteSyllabus({ actor, subjectOfferingId });
      return true;
    },
  },
  Syllabus: {
    modules: (syllabus, _, { loaders }) => loaders.modulesBySyllabusId.load(syllabus.id),
  },
  // A module's topics and questions are its share of its syllabus's and offering's.
  Module: {
    topics: async (module, _, { loaders }) =>
      childrenOf(await loaders.topicsBySyllabusId.load(module.syllabusId), module.id),
    questions: async (module, _, { loaders }) =>
      childrenOf(
        (await loaders.questionsBySubjectOfferingId.load(module.subjectOfferingId)).byModule,
        module.id,
      ),
  },
  Topic: {
    questions: async (topic, _, { loaders }) =>
      childrenOf(
        (await loaders.questionsBySubjectOfferingId.load(topic.subjectOfferingId)).byTopic,
        topic.id,
      ),
  },
};
