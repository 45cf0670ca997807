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
import type { Paper, PaperRecord, SortKey } from '@qpc/domain';
import { createPaperInput, updatePaperInput } from '@qpc/domain/schemas';
import type { GatewayContext } from '../context.js';
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
import type { IdArgs, UpdateArgs, CreateArgs } from './common.js';

export const paperTypeDefs = /* GraphQL */ `
  """
  A previous-year exam paper of a subject offering. Only callers who may paper:read-unapproved
  ${who('paper:read-unapproved')} see papers that are not approved.
  """
  type Paper {
    "Resource id."
    id: ObjectID!
    "Id of the subject offering."
    subjectOfferingId: ObjectID!
    "University of the paper's offering."
    universityId: ObjectID!
    "Branch of the paper's offering."
    branchId: ObjectID!
    "Semester of the paper's offering."
    semesterId: ObjectID!
    "Subject of the paper's offering."
    subjectId: ObjectID!
    "Year the exam was held."
    examYear: Int!
    "Kind of exam."
    examType: ExamType!
    "Human-readable title."
    title: String!
    "Unique slug used in read paths."
    slug: String!
    "Review status."
    status: PaperStatus!
    "Status changes, oldest first; null unless the caller may paper:read-unapproved ${who('paper:read-unapproved')}."
    statusHistory: [PaperStatusChange!]
    "Id of the user who created it; null when not recorded, or unless the caller may paper:read-unapproved ${who('paper:read-unapproved')}."
    createdBy: ObjectID
    "Questions of the paper the caller may see."
    questionCount: Int!
    "Drafts read from the paper's PDF not yet accepted; null unless the caller may paper:read-unapproved ${who('paper:read-unapproved')}."
    draftsWaiting: Int
    "Creation time (ISO 8601)."
    createdAt: String!
    "Last update time (ISO 8601)."
    updatedAt: String!
    "The subject offering the paper belongs to."
    subjectOffering: SubjectOffering!
    "Questions of the paper the caller may see, newest first unless sort says otherwise."
    questions(
      "Order: a comma list of the fields the questions list sorts by, - before a field for descending (createdAt is the order they were added: the paper's own order); a unique tiebreak is appended."
      sort: QuestionSort
    ): [Question!]!
  }

  """
  One recorded change of a paper's status.
  """
  type PaperStatusChange {
    "Status before the change."
    from: PaperStatus!
    "Status after the change."
    to: PaperStatus!
    "Id of the admin who changed it."
    by: ObjectID!
    "When it changed (ISO 8601)."
    at: String!
    "Why it changed, or null."
    reason: String
  }

  "A page of papers."
  type PaperPage {
    "The papers of this page."
    items: [Paper!]!
    "Where this page sits in the whole list."
    pagination: Pagination!
  }

  "Fields of a new paper."
  input CreatePaperInput {
    "Id of the subject offering."
    subjectOfferingId: ObjectID!
    "Year the exam was held (1900 to next year)."
    examYear: ExamYear!
    "Kind of exam."
    examType: ExamType!
    "Title (1 to 200 characters); generated from the subject, exam type and year when absent."
    title: NonEmptyString
    "Unique lowercase kebab-case slug (1 to 120 characters); generated from the title when absent."
    slug: Slug
    "Initial status: DRAFT or PENDING (default PENDING)."
    status: NewPaperStatus
  }

  "Fields to change on a paper, at least one; the status changes through setPaperStatus."
  input UpdatePaperInput {
    "Year the exam was held (1900 to next year)."
    examYear: ExamYear
    "Kind of exam."
    examType: ExamType
    "Title (1 to 200 characters)."
    title: NonEmptyString
    "Unique lowercase kebab-case slug (1 to 120 characters)."
    slug: Slug
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

type Ctx = GatewayContext;
type Args = Record<string, unknown>;

export const paperResolvers = {
  Query: {
    papers: (_: unknown, args: Args, { caller }: Ctx) =>
      listPapers({ actor: caller, query: listArgs(args) }),
    paper: (_: unknown, { slug }: { slug: string }, { caller }: Ctx) =>
      getPaperBySlug({ actor: caller, slug }),
  },
  Mutation: {
    createPaper: (_: unknown, args: CreateArgs, context: Ctx) =>
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
    updatePaper: (_: unknown, { id, input }: UpdateArgs, { caller: { actor } }: Ctx) =>
      updatePaper({ actor, id, input: inputFor(updatePaperInput, input) }),
    deletePaper: async (_: unknown, { id }: IdArgs, { caller: { actor } }: Ctx) => {
      await deletePaper({ actor, id });
      return true;
    },
    setPaperStatus: (
      _: unknown,
      {
        id,
        ...input
      }: { id: string; status: string; reason?: string | null; force?: boolean | null },
      { caller: { actor } }: Ctx,
    ) => setPaperStatus({ actor, id, input: listArgs(input) }),
    submitPaper: (
      _: unknown,
      { id, ...input }: { id: string; note?: string | null },
      { caller: { actor } }: Ctx,
    ) => submitPaper({ actor, id, input: listArgs(input) }),
  },
  Paper: {
    // Papers from a service carry their figures; nested ones are counted by the loader, batched.
    questionCount: async (paper: Paper | PaperRecord, _: Args, { loaders }: Ctx) =>
      'questionCount' in paper
        ? paper.questionCount
        : (await loaders.paperCountsById.load(paper.id)).questionCount,
    draftsWaiting: async (paper: Paper | PaperRecord, _: Args, { loaders }: Ctx) =>
      ('questionCount' in paper ? paper : await loaders.paperCountsById.load(paper.id))
        .draftsWaiting ?? null,
    subjectOffering: async (paper: Paper, _: Args, { loaders }: Ctx) =>
      required(await loaders.subjectOfferingById.load(paper.subjectOfferingId), 'Subject offering'),
    // A paper's questions and a question's solutions are their share of the offering's.
    questions: async (paper: Paper, { sort }: { sort?: SortKey[] | null }, { loaders }: Ctx) =>
      childrenOf(
        (await loaders.questionsInOrder(sort ?? undefined).load(paper.subjectOfferingId)).byPaper,
        paper.id,
      ),
  },
};
