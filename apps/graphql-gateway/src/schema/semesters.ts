import {
  createSemester,
  deleteSemester,
  getSemesterById,
  listSemesters,
  updateSemester,
} from '@qpc/domain';
import { createSemesterInput, semesterSchema, updateSemesterInput } from '@qpc/domain/schemas';
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

/** The semester's types the graph generates from the domain's zod schemas. */
export const semesterGraphTypes: ZodGraphType[] = [
  { name: 'Semester', kind: 'type', schema: semesterSchema },
  { name: 'CreateSemesterInput', kind: 'input', schema: createSemesterInput },
  { name: 'UpdateSemesterInput', kind: 'input', schema: updateSemesterInput },
];

export const semesterTypeDefs = /* GraphQL */ `
  "A page of semesters."
  type SemesterPage {
    "The semesters of this page."
    items: [Semester!]!
    "Where this page sits in the whole list."
    pagination: Pagination!
  }

  type Query {
    "Semesters ordered by number."
    semesters(
      "Only semesters of this branch."
      branchId: ObjectID
      ${pageArgs('SemesterSort')}
    ): SemesterPage!
  }

  type Mutation {
    "Creates a semester ${who('catalog:write')}."
    createSemester("The new semester." input: CreateSemesterInput! ${IDEMPOTENCY_KEY_ARGUMENT}): Semester!
    "Updates a semester ${who('catalog:write')}."
    updateSemester(
      "The semester's id."
      id: ObjectID!
      "Fields to change."
      input: UpdateSemesterInput!
    ): Semester!
    "Deletes a semester without offerings ${who('catalog:delete')}."
    deleteSemester("The semester's id." id: ObjectID!): Boolean!
  }
`;

export const semesterResolvers: Resolvers = {
  Query: {
    semesters: (_, args, { caller }) => listSemesters({ actor: caller, query: listArgs(args) }),
  },
  Mutation: {
    createSemester: (_, args, context) =>
      idempotentCreate('createSemester', args, context, {
        action: 'catalog:write',
        create: (id) =>
          createSemester({
            actor: context.caller.actor,
            input: inputFor(createSemesterInput, args.input),
            id,
          }),
        find: (id) => getSemesterById({ actor: context.caller, id }),
      }),
    updateSemester: (_, { id, input }, { caller: { actor } }) =>
      updateSemester({ actor, id, input: inputFor(updateSemesterInput, input) }),
    deleteSemester: async (_, { id }, { caller: { actor } }) => {
      await deleteSemester({ actor, id });
      return true;
    },
  },
};
