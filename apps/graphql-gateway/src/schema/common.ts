import {
  DIFFICULTIES,
  EXAM_TYPES,
  NotFoundError,
  PAPER_STATUSES,
  QUESTION_TYPES,
  ROLES,
} from '@qpc/domain';

export const commonTypeDefs = /* GraphQL */ `
  """
  Position of a page in a list, with the same fields as the REST list envelope.
  """
  type Pagination {
    "The page returned, starting at 1."
    page: Int!
    "Items per page (1 to 100)."
    limit: Int!
    "Number of items in the whole list."
    total: Int!
    "Number of pages in the whole list."
    totalPages: Int!
    "True when a page follows this one."
    hasNextPage: Boolean!
    "True when a page precedes this one."
    hasPrevPage: Boolean!
  }

  """
  Liveness of the gateway process.
  """
  type Health {
    "Always ok while the gateway serves."
    status: String!
    "Seconds since the gateway started."
    uptimeSeconds: Int!
    "Gateway version."
    version: String!
  }

  """
  Role of a user (REST: admin, editor, normal).
  """
  enum Role {
    "Manages users, deletes catalog entries and approves papers (REST: admin)."
    ADMIN
    "Creates and updates catalog entries, sees unapproved papers (REST: editor)."
    EDITOR
    "Reads the catalog, writes solutions and votes (REST: normal)."
    NORMAL
  }

  """
  Review status of a paper (REST: draft, pending, approved, rejected).
  """
  enum PaperStatus {
    "Work in progress (REST: draft)."
    DRAFT
    "Waiting for review (REST: pending)."
    PENDING
    "Visible to everyone (REST: approved)."
    APPROVED
    "Refused by a reviewer (REST: rejected)."
    REJECTED
  }

  """
  Kind of exam a paper comes from (REST: end-term, mid-term, supplementary, quiz).
  """
  enum ExamType {
    "End-of-term examination (REST: end-term)."
    END_TERM
    "Mid-term examination (REST: mid-term)."
    MID_TERM
    "Supplementary examination (REST: supplementary)."
    SUPPLEMENTARY
    "Quiz (REST: quiz)."
    QUIZ
  }

  """
  Kind of question (REST: mcq, short, long, numerical, coding).
  """
  enum QuestionType {
    "Multiple choice; has options (REST: mcq)."
    MCQ
    "Short answer (REST: short)."
    SHORT
    "Long answer (REST: long)."
    LONG
    "Numerical answer (REST: numerical)."
    NUMERICAL
    "Programming task (REST: coding)."
    CODING
  }

  """
  Difficulty of a question (REST: easy, medium, hard).
  """
  enum Difficulty {
    "Easy (REST: easy)."
    EASY
    "Medium (REST: medium)."
    MEDIUM
    "Hard (REST: hard)."
    HARD
  }

  """
  Which universities a list shows (REST query isActive: true, false or all).
  """
  enum ActiveFilter {
    "Active universities only (REST: true, the default)."
    TRUE
    "Soft-deleted universities only (REST: false)."
    FALSE
    "Active and soft-deleted universities (REST: all)."
    ALL
  }

  """
  Reads of the catalog; each mirrors a REST read.
  """
  type Query {
    "Liveness of the gateway (no database access)."
    health: Health!
  }
`;

/** GraphQL enum name of a REST value: `end-term` is `END_TERM`. */
export function enumName(value: string): string {
  return value.toUpperCase().replace(/-/g, '_');
}

/** Enum resolvers: each GraphQL name maps to its REST string, so resolvers only see REST values. */
function enumOf(values: readonly string[]): Record<string, string> {
  return Object.fromEntries(values.map((value) => [enumName(value), value]));
}

export const enumResolvers = {
  Role: enumOf(ROLES),
  PaperStatus: enumOf(PAPER_STATUSES),
  ExamType: enumOf(EXAM_TYPES),
  QuestionType: enumOf(QUESTION_TYPES),
  Difficulty: enumOf(DIFFICULTIES),
  ActiveFilter: enumOf(['true', 'false', 'all']),
};

/**
 * GraphQL list arguments as the REST query the services parse: absent and null filters are
 * dropped, booleans become the strings a query string would carry.
 */
export function restQuery(args: Record<string, unknown>): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === null || value === undefined) continue;
    query[key] = typeof value === 'boolean' ? String(value) : value;
  }
  return query;
}

/** A reference the domain guarantees (deletes with dependents are refused); missing means it vanished meanwhile. */
export function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new NotFoundError(`${what} not found`);
  return value;
}

export interface IdArgs {
  id: string;
}

export interface InputArgs {
  input: unknown;
}

export interface UpdateArgs {
  id: string;
  input: unknown;
}
