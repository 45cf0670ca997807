import {
  createSubject,
  deleteSubject,
  getSubjectById,
  getSubjectBySlug,
  listSubjects,
  updateSubject,
} from '@qpc/domain';
import { createSubjectInput, subjectSchema, updateSubjectInput } from '@qpc/domain/schemas';
import {
  inputFor,
  listArgs,
  pageArgs,
  who,
  IDEMPOTENCY_KEY_ARGUMENT,
  idempotentCreate,
} from './common.js';
import type { Resolvers } from '../generated/resolvers.js';
import type { ZodGraphType } from './zod-types.js';

/** The subject's types the graph generates from the domain's zod schemas. */
export const subjectGraphTypes: ZodGraphType[] = [
  { name: 'Subject', kind: 'type', schema: subjectSchema },
  { name: 'CreateSubjectInput', kind: 'input', schema: createSubjectInput },
  { name: 'UpdateSubjectInput', kind: 'input', schema: updateSubjectInput },
];

export const subjectTypeDefs = /* GraphQL */ `
  "A page of subjects."
  type SubjectPage {
    "The subjects of this page."
    items: [Subject!]!
    "Where this page sits in the whole list."
    pagination: Pagination!
  }

  type Query {
    "Subjects ordered by name."
    subjects(
      "Case-insensitive literal substring of the name or code (up to 100 characters)."
      search: String
      ${pageArgs('SubjectSort')}
    ): SubjectPage!
    "A subject by slug."
    subject("The subject's slug." slug: Slug!): Subject
  }

  type Mutation {
    "Creates a subject ${who('catalog:write')}."
    createSubject("The new subject." input: CreateSubjectInput! ${IDEMPOTENCY_KEY_ARGUMENT}): Subject!
    "Updates a subject ${who('catalog:write')}."
    updateSubject(
      "The subject's id."
      id: ObjectID!
      "Fields to change."
      input: UpdateSubjectInput!
    ): Subject!
    "Deletes a subject without offerings ${who('catalog:delete')}."
    deleteSubject("The subject's id." id: ObjectID!): Boolean!
  }
`;

export const subjectResolvers: Resolvers = {
  Query: {
    subjects: (_, args, { caller: { actor } }) => listSubjects({ actor, query: listArgs(args) }),
    subject: (_, { slug }, { caller: { actor } }) => getSubjectBySlug({ actor, slug }),
  },
  Mutation: {
    createSubject: (_, args, context) =>
      idempotentCreate('createSubject', args, context, {
        action: 'catalog:write',
        create: (id) =>
          createSubject({
            actor: context.caller.actor,
            input: inputFor(createSubjectInput, args.input),
            id,
          }),
        find: (id) => getSubjectById({ actor: context.caller, id }),
      }),
    updateSubject: (_, { id, input }, { caller: { actor } }) =>
      updateSubject({ actor, id, input: inputFor(updateSubjectInput, input) }),
    deleteSubject: async (_, { id }, { caller: { actor } }) => {
      await deleteSubject({ actor, id });
      return true;
    },
  },
};
