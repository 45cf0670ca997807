import {
  createSubject,
  deleteSubject,
  getSubjectById,
  getSubjectBySlug,
  listSubjects,
  updateSubject,
} from '@qpc/domain';
import { createSubjectInput, updateSubjectInput } from '@qpc/domain/schemas';
import {
  inputFor,
  listArgs,
  pageArgs,
  who,
  IDEMPOTENCY_KEY_ARGUMENT,
  idempotentCreate,
} from './common.js';
import type { Resolvers } from '../generated/resolvers.js';

export const subjectTypeDefs = /* GraphQL */ `
  """
  A subject of the global catalog.
  """
  type Subject {
    "Resource id."
    id: ObjectID!
    "Name of the subject."
    name: String!
    "Subject code, e.g. CS201, or null."
    code: String
    "Unique slug used in read paths."
    slug: String!
    "Free-text description, or null."
    description: String
    "Creation time (ISO 8601)."
    createdAt: String!
    "Last update time (ISO 8601)."
    updatedAt: String!
  }

  "A page of subjects."
  type SubjectPage {
    "The subjects of this page."
    items: [Subject!]!
    "Where this page sits in the whole list."
    pagination: Pagination!
  }

  "Fields of a new subject."
  input CreateSubjectInput {
    "Name of the subject (1 to 200 characters)."
    name: NonEmptyString!
    "Subject code (1 to 50 characters), or null."
    code: NonEmptyString
    "Unique lowercase kebab-case slug (1 to 120 characters); generated from the name when absent."
    slug: Slug
    "Free-text description (up to 5000 characters), or null."
    description: String
  }

  "Fields to change on a subject, at least one."
  input UpdateSubjectInput {
    "Name of the subject (1 to 200 characters)."
    name: NonEmptyString
    "Subject code (1 to 50 characters); null clears it."
    code: NonEmptyString
    "Unique lowercase kebab-case slug (1 to 120 characters)."
    slug: Slug
    "Free-text description (up to 5000 characters); null clears it."
    description: String
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
