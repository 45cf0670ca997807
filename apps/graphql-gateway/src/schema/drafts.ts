// A paper's draft questions read from its PDF, accepting them, and a question's near-identical
// questions.
import {
  acceptDrafts,
  findAcceptedDrafts,
  getPaperDrafts,
  listSimilarQuestions,
  NotFoundError,
} from '@qpc/domain';
import {
  acceptedDraftSchema,
  draftSchema,
  draftsProgressSchema,
  paperDraftsSchema,
  similarPaperSchema,
  similarQuestionRefSchema,
  similarQuestionSchema,
  suggestedSittingSchema,
} from '@qpc/domain/schemas';
import { IDEMPOTENCY_KEY_ARGUMENT, idempotentCreate, inputFor, who } from './common.js';
import type { AcceptDraftInput, Resolvers } from '../generated/resolvers.js';
import type { ZodGraphType } from './zod-types.js';

/** The drafts' and similar questions' types the graph generates from the domain's zod schemas. */
export const draftGraphTypes: ZodGraphType[] = [
  { name: 'SimilarQuestionRef', kind: 'type', schema: similarQuestionRefSchema },
  { name: 'Draft', kind: 'type', schema: draftSchema },
  { name: 'PaperDrafts', kind: 'type', schema: paperDraftsSchema },
  { name: 'DraftsProgress', kind: 'type', schema: draftsProgressSchema },
  { name: 'SuggestedSitting', kind: 'type', schema: suggestedSittingSchema },
  { name: 'AcceptDraftInput', kind: 'input', schema: acceptedDraftSchema },
  { name: 'SimilarPaper', kind: 'type', schema: similarPaperSchema },
  { name: 'SimilarQuestion', kind: 'type', schema: similarQuestionSchema },
];

export const draftTypeDefs = /* GraphQL */ `
  "Where reading a paper's drafts stands."
  enum DraftStatus {
    "The PDF is still being read."
    PENDING
    "The drafts are read."
    READY
    "Reading failed: see reason."
    FAILED
  }

  "The kind a draft was read as."
  enum DraftType {
    "Four or more options follow the question."
    MCQ
    "Under 8 marks, or none printed."
    SHORT
    "8 marks or more."
    LONG
  }

  extend type Paper {
    "The draft questions read from the paper's PDF ${who('catalog:write')}; null without a file."
    drafts: PaperDrafts
  }

  extend type Question {
    "Up to 20 near-identical questions of other papers of the subject, by similarity, then year descending."
    similar: [SimilarQuestion!]!
  }

  extend type Mutation {
    "Makes one question per draft, in order, through the question rules ${who('catalog:write')}; a draft accepted before is a CONFLICT."
    acceptDrafts("The paper's id." paperId: ObjectID!, drafts: [AcceptDraftInput!]! ${IDEMPOTENCY_KEY_ARGUMENT}): [Question!]!
  }
`;

// A null field is "none" where the domain's schema takes null (marks, options, the module and
// topic), else "not given".
const draftEntry = (entry: AcceptDraftInput) => inputFor(acceptedDraftSchema, entry);

/** The drafts' enums: each GraphQL value and the domain's. */
export const draftEnums = {
  DraftStatus: { PENDING: 'pending', READY: 'ready', FAILED: 'failed' },
  DraftType: { MCQ: 'mcq', SHORT: 'short', LONG: 'long' },
} as const;

export const draftResolvers: Resolvers = {
  ...draftEnums,
  Paper: {
    drafts: async (paper, _, { caller: { actor } }) => {
      try {
        return await getPaperDrafts({ actor, id: paper.id });
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    },
  },
  Question: {
    similar: (question, _, { caller }) => listSimilarQuestions({ actor: caller, id: question.id }),
  },
  Mutation: {
    acceptDrafts: (_, args, context) =>
      idempotentCreate('acceptDrafts', args, context, {
        action: 'catalog:write',
        create: (requestId) =>
          acceptDrafts({
            actor: context.caller.actor,
            id: args.paperId,
            input: { drafts: args.drafts.map(draftEntry) },
            requestId,
          }),
        find: (requestId) =>
          findAcceptedDrafts({
            actor: context.caller.actor,
            id: args.paperId,
            input: { drafts: args.drafts.map(draftEntry) },
            requestId,
          }),
      }),
  },
};
