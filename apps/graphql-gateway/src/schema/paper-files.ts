import { deletePaperFile } from '@qpc/domain';
import { who } from './common.js';
import { paperFileSchema } from '@qpc/domain/schemas';
import type { ZodGraphType } from './zod-types.js';
import type { Resolvers } from '../generated/resolvers.js';

/** Generated from the domain's zod schema; a paper's `file` field comes with the paper's. */
export const paperFileGraphTypes: ZodGraphType[] = [
  { name: 'PaperFile', kind: 'type', schema: paperFileSchema },
];

export const paperFileTypeDefs = /* GraphQL */ `
  extend type Mutation {
    "Deletes the PDF of a paper ${who('catalog:delete')}; the paper stays."
    deletePaperFile("The paper's id." id: ObjectID!): Boolean!
  }
`;

export const paperFileResolvers: Resolvers = {
  Mutation: {
    deletePaperFile: async (_, { id }, { caller: { actor } }) => {
      await deletePaperFile({ actor, id });
      return true;
    },
  },
};
