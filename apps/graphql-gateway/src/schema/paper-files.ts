import { deletePaperFile } from '@qpc/domain';
import type { GatewayContext } from '../context.js';
import { who } from './common.js';
import type { IdArgs } from './common.js';

export const paperFileTypeDefs = /* GraphQL */ `
  """
  The PDF of a paper: its size, hash and upload time. The graph carries no file bytes: the PDF
  is uploaded and downloaded over HTTP beside it, and deletePaperFile removes it.
  """
  type PaperFile {
    "Size in bytes."
    size: Int!
    "SHA-256 of the file (hexadecimal), also its ETag."
    sha256: String!
    "When it was uploaded (ISO 8601)."
    uploadedAt: String!
  }

  extend type Paper {
    "The PDF of the paper, or null when none is attached."
    file: PaperFile
  }

  extend type Mutation {
    "Deletes the PDF of a paper ${who('catalog:delete')}; the paper stays."
    deletePaperFile("The paper's id." id: ObjectID!): Boolean!
  }
`;

export const paperFileResolvers = {
  Mutation: {
    deletePaperFile: async (_: unknown, { id }: IdArgs, { caller: { actor } }: GatewayContext) => {
      await deletePaperFile({ actor, id });
      return true;
    },
  },
};
