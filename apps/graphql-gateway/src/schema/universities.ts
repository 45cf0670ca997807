import {
  createUniversity,
  deleteUniversity,
  getUniversityById,
  getUniversityBySlug,
  listUniversities,
  updateUniversity,
} from '@qpc/domain';
import {
  createUniversityInput,
  universitySchema,
  updateUniversityInput,
} from '@qpc/domain/schemas';
import { activeFilter } from '@qpc/server-kit/list-text';
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

/** The university's types the graph generates from the domain's zod schemas. */
export const universityGraphTypes: ZodGraphType[] = [
  { name: 'University', kind: 'type', schema: universitySchema },
  { name: 'CreateUniversityInput', kind: 'input', schema: createUniversityInput },
  { name: 'UpdateUniversityInput', kind: 'input', schema: updateUniversityInput },
];

export const universityTypeDefs = /* GraphQL */ `
  extend type University {
    "Branches (departments) of the university, ordered by name."
    branches: [Branch!]!
  }

  "A page of universities."
  type UniversityPage {
    "The universities of this page."
    items: [University!]!
    "Where this page sits in the whole list."
    pagination: Pagination!
  }

  type Query {
    "Universities ordered by name."
    universities(
      "Case-insensitive literal substring of the name or short name (up to 100 characters)."
      search: String
      "Which universities to list (default: active ones)."
      isActive: ActiveFilter
      ${pageArgs('UniversitySort')}
    ): UniversityPage!
    "A university by slug; a soft-deleted one only for editors and admins."
    university("The university's slug." slug: Slug!): University
  }

  """
  Writes of the catalog; each mirrors a REST write and is refused with the same codes.
  """
  type Mutation {
    "Creates a university ${who('catalog:write')}."
    createUniversity("The new university." input: CreateUniversityInput! ${IDEMPOTENCY_KEY_ARGUMENT}): University!
    "Updates a university ${who('catalog:write')}; isActive needs catalog:delete ${who('catalog:delete')}."
    updateUniversity(
      "The university's id."
      id: ObjectID!
      "Fields to change."
      input: UpdateUniversityInput!
    ): University!
    "Soft-deletes a university ${who('catalog:delete')}."
    deleteUniversity("The university's id." id: ObjectID!): Boolean!
  }
`;

export const universityResolvers: Resolvers = {
  Query: {
    universities: (_, args, { caller: { actor } }) => {
      const { isActive, ...query } = args;
      const filter = activeFilter(isActive ?? undefined);
      return listUniversities({ actor, query: { ...listArgs(query), isActive: filter } });
    },
    university: (_, { slug }, { caller: { actor } }) => getUniversityBySlug({ actor, slug }),
  },
  Mutation: {
    createUniversity: (_, args, context) =>
      idempotentCreate('createUniversity', args, context, {
        action: 'catalog:write',
        create: (id) =>
          createUniversity({
            actor: context.caller.actor,
            input: inputFor(createUniversityInput, args.input),
            id,
          }),
        find: (id) => getUniversityById({ actor: context.caller, id }),
      }),
    updateUniversity: (_, { id, input }, { caller: { actor } }) =>
      updateUniversity({ actor, id, input: inputFor(updateUniversityInput, input) }),
    deleteUniversity: async (_, { id }, { caller: { actor } }) => {
      await deleteUniversity({ actor, id });
      return true;
    },
  },
  University: {
    branches: (university, _, { loaders }) => loaders.branchesByUniversityId.load(university.id),
  },
};
