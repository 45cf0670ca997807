import {
  createPaper,
  deletePaper,
  getPaperById,
  getPaperBySlug,
  listPapers,
  setPaperStatus,
  submitPaper,
  updatePaper,
} from '@qpc/domain';
import type { Paper, PaperRecord } from '@qpc/domain';
import {
  createPaperInput,
  paperSchema,
  paperStatusChangeSchema,
  updatePaperInput,
} from '@qpc/domain/schemas';
import type { Resolvers } from '../generated/resolvers.js';
import { childrenOf } from '../loaders.js';
import {
  inputFor,
  listArgs,
  pageArgs,
  required,
  who,
  IDEMPOTENCY_KEY_ARGUMENT,
  idempotentCreate,
} from './common.js';
import type { ZodGraphType } from './zod-types.js';

/** The paper's types the graph generates from the domain's zod schemas. */
export const paperGraphTypes: ZodGraphType[] = [
  { name: 'Paper', kind: 'type', schema: paperSchema },
  { name: 'PaperStatusChange', kind: 'type', schema: paperStatusChangeSchema },
  { name: 'CreatePaperInput', kind: 'input', schema: createPaperInput },
  { name: 'UpdatePaperInput', kind: 'input', schema: updatePaperInput },
];

export const paperTypeDefs = /* GraphQL */ `
  extend type Paper {
    "The subject offering the paper belongs to."
    subjectOffering: SubjectOffering!
    "Questions of the paper the caller may see, newest first unless sort says otherwise."
    questions(
      "Order: a comma list of the fields the questions list sorts by, - before a field for descending (createdAt is the order they were added: the paper's own order); a unique tiebreak is appended."
      sort: QuestionSort
    ): [Question!]!
  }

  "A page of papers."
  type PaperPage {
    "The papers of this page."
    items: [Paper!]!
    "Where this page sits in the whole list."
    pagination: Pagination!
  }

  type Query {
    "Papers the caller may see, newest exam year first."
    papers(
      "Only papers of this subject offering."
      subjectOfferingId: ObjectID
      "Only papers of this university."
      universityId: ObjectID
      "Only papers of this branch."
      branchId: ObjectID
      "Only papers of this semester."
      semesterId: ObjectID
      "Only papers of this subject."
      subjectId: ObjectID
      "Only papers of this exam year (1900 to 9999)."
      examYear: Year
      "Only papers of this exam type."
      examType: ExamType
      "Only papers of this status (for callers who may paper:read-unapproved)."
      status: PaperStatus
      "Only papers created by this user: me or a user id (for callers who may paper:read-unapproved; UNAUTHENTICATED or FORBIDDEN for others)."
      createdBy: UserRef
      ${pageArgs('PaperSort')}
    ): PaperPage!
    "A paper by slug, when the caller may see it."
    paper("The paper's slug." slug: Slug!): Paper
  }

  type Mutation {
    "Creates a paper as draft or pending ${who('catalog:write')}."
    createPaper("The new paper." input: CreatePaperInput! ${IDEMPOTENCY_KEY_ARGUMENT}): Paper!
    "Updates a paper ${who('catalog:write')}."
    updatePaper("The paper's id." id: ObjectID!, "Fields to change." input: UpdatePaperInput!): Paper!
    "Deletes a paper without questions ${who('catalog:delete')}."
    deletePaper("The paper's id." id: ObjectID!): Boolean!
    "Sets a paper's status and records the change ${who('paper:set-status')}."
    setPaperStatus(
      "The paper's id."
      id: ObjectID!
      "The new status."
      status: PaperStatus!
      "Why the status changes (up to 500 characters)."
      reason: String
      "Approve even when the paper has no questions (else PAPER_EMPTY)."
      force: Boolean
    ): Paper!
    "Sends a draft or rejected paper for review: it becomes pending ${who('paper:submit')}, by the editor who created it or an admin (another editor: FORBIDDEN; a pending or approved paper: CONFLICT)."
    submitPaper(
      "The paper's id."
      id: ObjectID!
      "A note for the reviewer, kept in statusHistory as the reason (up to 500 characters)."
      note: String
    ): Paper!
  }
`;

/** A paper as its field resolvers get it: from a list (with its counts) or read by a loader. */
export type PaperParent = Paper | PaperRecord;

export const paperResolvers: Resolvers = {
  Query: {
    papers: (_, args, { caller }) => listPapers({ actor: caller, query: listArgs(args) }),
    paper: (_, { slug }, { caller }) => getPaperBySlug({ actor: caller, slug }),
  },
  Mutation: {
    createPaper: (_, args, context) =>
      idempotentCreate('createPaper', args, context, {
        action: 'catalog:write',
        create: (id) =>
          createPaper({
            actor: context.caller.actor,
            input: inputFor(createPaperInput, args.input),
            id,
          }),
        find: (id) => getPaperById({ actor: context.caller, id }),
      }),
    updatePaper: (_, { id, input }, { caller: { actor } }) =>
      updatePaper({ actor, id, input: inputFor(updatePaperInput, input) }),
    deletePaper: async (_, { id }, { caller: { actor } }) => {
      await deletePaper({ actor, id });
      return true;
    },
    setPaperStatus: (_, { id, ...input }, { caller: { actor } }) =>
      setPaperStatus({ actor, id, input: listArgs(input) }),
    submitPaper: (_, { id, ...input }, { caller: { actor } }) =>
      submitPaper({ actor, id, input: listArgs(input) }),
  },
  Paper: {
    // Papers from a service carry their figures; nested ones are counted by the loader, batched.
    questionCount: async (paper, _, { loaders }) =>
      'questionCount' in paper
        ? paper.questionCount
        : (await loaders.paperCountsById.load(paper.id)).questionCount,
    draftsWaiting: async (paper, _, { loaders }) =>
      ('questionCount' in paper ? paper : await loaders.paperCountsById.load(paper.id))
        .draftsWaiting ?? null,
    subjectOffering: async (paper, _, { loaders }) =>
      required(await loaders.subjectOfferingById.load(paper.subjectOfferingId), 'Subject offering'),
    // A paper's questions and a question's solutions are their share of the offering's.
    questions: async (paper, { sort }, { loaders }) =>
      childrenOf(
        (await loaders.questionsInOrder(sort ?? undefined).load(paper.subjectOfferingId)).byPaper,
        paper.id,
      ),
  },
};
