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
import type { Module, Syllabus, Topic } from '@qpc/domain';
import { createModuleInput, createTopicInput, updateSyllabusItemInput } from '@qpc/domain/schemas';
import type { GatewayContext } from '../context.js';
import { childrenOf } from '../loaders.js';
import { inputFor, who, IDEMPOTENCY_KEY_ARGUMENT, idempotentCreate } from './common.js';
import type { CreateArgs } from './common.js';

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

type Ctx = GatewayContext;
type Args = Record<string, unknown>;

export const syllabusResolvers = {
  Query: {
    syllabus: (_: unknown, { subjectOfferingId }: { subjectOfferingId: string }, { caller }: Ctx) =>
      findSyllabus({ actor: caller, subjectOfferingId }),
    module: (_: unknown, { id }: { id: string }, { caller }: Ctx) =>
      getModuleById({ actor: caller, id }),
    topic: (_: unknown, { id }: { id: string }, { caller }: Ctx) =>
      getTopicById({ actor: caller, id }),
  },
  Mutation: {
    initSyllabus: (
      _: unknown,
      args: { subjectOfferingId: string; idempotencyKey?: string | null },
      context: Ctx,
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
    createModule: (_: unknown, args: CreateArgs, context: Ctx) =>
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
    createTopic: (_: unknown, args: CreateArgs, context: Ctx) =>
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
    updateModule: (
      _: unknown,
      { id, input }: { id: string; input: unknown },
      { caller: { actor } }: Ctx,
    ) => updateModule({ actor, id, input: inputFor(updateSyllabusItemInput, input) }),
    updateTopic: (
      _: unknown,
      { id, input }: { id: string; input: unknown },
      { caller: { actor } }: Ctx,
    ) => updateTopic({ actor, id, input: inputFor(updateSyllabusItemInput, input) }),
    deleteModule: async (_: unknown, { id }: { id: string }, { caller: { actor } }: Ctx) => {
      await deleteModule({ actor, id });
      return true;
    },
    deleteTopic: async (_: unknown, { id }: { id: string }, { caller: { actor } }: Ctx) => {
      await deleteTopic({ actor, id });
      return true;
    },
    deleteSyllabus: async (
      _: unknown,
      { subjectOfferingId }: { subjectOfferingId: string },
      { caller: { actor } }: Ctx,
    ) => {
      await deleteSyllabus({ actor, subjectOfferingId });
      return true;
    },
  },
  Syllabus: {
    modules: (syllabus: Syllabus, _: Args, { loaders }: Ctx) =>
      loaders.modulesBySyllabusId.load(syllabus.id),
  },
  // A module's topics and questions are its share of its syllabus's and offering's.
  Module: {
    topics: async (module: Module, _: Args, { loaders }: Ctx) =>
      childrenOf(await loaders.topicsBySyllabusId.load(module.syllabusId), module.id),
    questions: async (module: Module, _: Args, { loaders }: Ctx) =>
      childrenOf(
        (await loaders.questionsBySubjectOfferingId.load(module.subjectOfferingId)).byModule,
        module.id,
      ),
  },
  Topic: {
    questions: async (topic: Topic, _: Args, { loaders }: Ctx) =>
      childrenOf(
        (await loaders.questionsBySubjectOfferingId.load(topic.subjectOfferingId)).byTopic,
        topic.id,
      ),
  },
};
