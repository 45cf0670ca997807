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
import { createModuleInput, createTopicInput, updateSyllabusItemInput } from '@qpc/domain/schemas';
import { childrenOf } from '../loaders.js';
import { inputFor, who, IDEMPOTENCY_KEY_ARGUMENT, idempotentCreate } from './common.js';
import type { Resolvers } from '../generated/resolvers.js';

export const syllabusTypeDefs = /* GraphQL */ `
  """
  The syllabus of a subject offering: its modules, each with topics.
  """
  type Syllabus {
    "Resource id."
    id: ObjectID!
    "Id of the subject offering (one syllabus per offering)."
    subjectOfferingId: ObjectID!
    "Id of the university it belongs to."
    universityId: ObjectID!
    "Creation time (ISO 8601)."
    createdAt: String!
    "Last update time (ISO 8601)."
    updatedAt: String!
    "Modules ordered by order, then creation."
    modules: [Module!]!
  }

  """
  A module of a syllabus.
  """
  type Module {
    "Resource id."
    id: ObjectID!
    "Id of the syllabus."
    syllabusId: ObjectID!
    "Id of the subject offering."
    subjectOfferingId: ObjectID!
    "Id of the university it belongs to."
    universityId: ObjectID!
    "Title of the module."
    title: String!
    "Position in the syllabus."
    order: Int!
    "Creation time (ISO 8601)."
    createdAt: String!
    "Last update time (ISO 8601)."
    updatedAt: String!
    "Topics ordered by order, then creation."
    topics: [Topic!]!
    "Questions of the module the caller may see, newest first."
    questions: [Question!]!
  }

  """
  A topic of a module.
  """
  type Topic {
    "Resource id."
    id: ObjectID!
    "Id of the module."
    moduleId: ObjectID!
    "Id of the syllabus."
    syllabusId: ObjectID!
    "Id of the subject offering."
    subjectOfferingId: ObjectID!
    "Id of the university it belongs to."
    universityId: ObjectID!
    "Title of the topic."
    title: String!
    "Position in the module."
    order: Int!
    "Creation time (ISO 8601)."
    createdAt: String!
    "Last update time (ISO 8601)."
    updatedAt: String!
    "Questions of the topic the caller may see, newest first."
    questions: [Question!]!
  }

  "Fields of a new module."
  input CreateModuleInput {
    "Id of a subject offering whose syllabus exists."
    subjectOfferingId: ObjectID!
    "Title of the module (1 to 300 characters)."
    title: NonEmptyString!
    "Position in the syllabus (0 to 100000); after the last module when absent."
    order: Position
  }

  "Fields of a new topic."
  input CreateTopicInput {
    "Id of the module."
    moduleId: ObjectID!
    "Title of the topic (1 to 300 characters)."
    title: NonEmptyString!
    "Position in the module (0 to 100000); after the last topic when absent."
    order: Position
  }

  "Fields to change on a module or topic; at least one."
  input UpdateSyllabusItemInput {
    "New title (1 to 300 characters)."
    title: NonEmptyString
    "New position among its siblings (0 to 100000)."
    order: Position
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
