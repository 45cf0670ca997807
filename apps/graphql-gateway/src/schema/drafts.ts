// A paper's draft questions read from its PDF, accepting them, and a question's near-identical
// questions.
import {
  acceptDrafts,
  findAcceptedDrafts,
  getPaperDrafts,
  listSimilarQuestions,
  NotFoundError,
} from '@qpc/domain';
import type { Paper, Question } from '@qpc/domain';
import type { GatewayContext } from '../context.js';
import { IDEMPOTENCY_KEY_ARGUMENT, idempotentCreate, who } from './common.js';

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

  "An earlier question of the same subject that is near-identical to a draft."
  type SimilarQuestionRef {
    "The similar question."
    questionId: ObjectID!
    "Its paper."
    paperId: ObjectID!
    "Its paper's slug."
    paperSlug: String!
    "Its paper's exam year."
    examYear: Int!
    "Its paper's exam type."
    examType: ExamType!
    "Jaccard index of the two 2-word shingle sets (above 0.5, at most 1)."
    similarity: Float!
  }

  "A question read from a paper's PDF, not yet a question of the catalog."
  type Draft {
    "Position in the paper, from 0: what acceptDrafts names."
    index: Int!
    "The number, normalised: 4 (a), 4(a), 4.a and Q4 (a) are 4(a); Q3 is 3."
    number: String!
    "The number it is a part of: 4 for 4(a)."
    parent: String
    "The page it starts on, from 1."
    page: Int!
    "The section heading above it (Section A)."
    section: String
    "0..1: how sure the reading is (a number out of sequence or no marks lower it)."
    confidence: Float!
    "What an editor should check in this draft."
    warnings: [String!]!
    "The question without its number, marks and options."
    text: String!
    "Marks printed on the question (end of a line, a marks column, after options)."
    marks: Float
    "MCQ with options, else SHORT or LONG by its marks."
    type: DraftType!
    "Choices of an mcq."
    options: [String!]
    "The module of the suggested topic."
    suggestedModuleId: ObjectID
    "The topic of the offering whose title shares the most weighted terms with the text, only when it clearly leads."
    suggestedTopicId: ObjectID
    "Near-identical earlier questions of the subject the caller may see."
    similar: [SimilarQuestionRef!]!
    "The question made from it, once accepted."
    acceptedQuestionId: ObjectID
  }

  "The drafts of a paper's PDF."
  type PaperDrafts {
    "The paper."
    paperId: ObjectID!
    "Pages of its PDF."
    pages: Int!
    "False for a scan: no page has a text layer (its pages are read by OCR)."
    textLayer: Boolean!
    "Whether the drafts are read yet."
    status: DraftStatus!
    "While PENDING: pages read so far of the pages to read; else null."
    progress: DraftsProgress
    "The page numbers (from 1) read by OCR: pages with no text layer."
    ocrPages: [Int!]!
    "Why reading failed (FAILED only)."
    reason: String
    "The drafts, in the paper's order."
    drafts: [Draft!]!
    "What the paper prints about its sitting (all null until read)."
    suggested: SuggestedSitting!
    "About the whole paper: the drafts' marks add up to 65 and the paper says 70."
    warnings: [String!]!
  }

  "How far the reading of a pending paper has come."
  type DraftsProgress {
    "Pages read so far."
    pagesRead: Int!
    "Pages to read (at most DRAFTS_MAX_PAGES)."
    pages: Int!
  }

  "The sitting as a paper prints it in its title block and instructions."
  type SuggestedSitting {
    "A year printed in the title block."
    examYear: Int
    "From the title (Mid-Term)."
    examType: ExamType
    "Max. Marks: 70."
    maxMarks: Float
    "Time: 3 hours is 180."
    durationMinutes: Int
  }

  "A draft to make a question of, with any field the editor changed."
  input AcceptDraftInput {
    "The draft to accept."
    index: Int!
    "Replaces the draft's text."
    text: String
    "Null: no marks."
    marks: Float
    "Replaces the draft's type."
    type: QuestionType
    "Null: none."
    options: [String!]
    "Default MEDIUM."
    difficulty: Difficulty
    "With topicId: replaces the suggestion (null leaves it unassigned)."
    moduleId: ObjectID
    "Replaces the suggested topic (null leaves it unassigned)."
    topicId: ObjectID
  }

  "The paper of a similar question."
  type SimilarPaper {
    "The paper's id."
    id: ObjectID!
    "The paper's slug."
    slug: String!
    "Its exam year."
    examYear: Int!
    "Its exam type."
    examType: ExamType!
  }

  "A near-identical question of another paper of the same subject."
  type SimilarQuestion {
    "The near-identical question."
    question: Question!
    "Its paper."
    paper: SimilarPaper!
    "Jaccard index of the two normalised 2-word shingle sets (above 0.5, at most 1)."
    similarity: Float!
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

type Ctx = GatewayContext;

// Fields of an accepted draft where null means "none" (else null means "not given").
const NULLABLE = new Set(['marks', 'options', 'moduleId', 'topicId']);

function draftEntry(entry: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(entry).filter(([field, value]) => value !== null || NULLABLE.has(field)),
  );
}

export const draftResolvers = {
  DraftStatus: { PENDING: 'pending', READY: 'ready', FAILED: 'failed' },
  DraftType: { MCQ: 'mcq', SHORT: 'short', LONG: 'long' },
  Paper: {
    drafts: async (paper: Paper, _: unknown, { caller: { actor } }: Ctx) => {
      try {
        return await getPaperDrafts({ actor, id: paper.id });
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    },
  },
  Question: {
    similar: (question: Question, _: unknown, { caller }: Ctx) =>
      listSimilarQuestions({ actor: caller, id: question.id }),
  },
  Mutation: {
    acceptDrafts: (
      _: unknown,
      args: { paperId: string; drafts: Record<string, unknown>[]; idempotencyKey?: string | null },
      context: Ctx,
    ) =>
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
