import { ACTIONS, NotFoundError, whoMay, withIdempotency } from '@qpc/domain';
import type { Action, MaybeActor, Role } from '@qpc/domain';
import {
  DIFFICULTIES,
  EXAM_TYPES,
  MAX_LIMIT,
  MAX_PAGE,
  NEW_PAPER_STATUSES,
  PAPER_STATUSES,
  QUESTION_TYPES,
  ROLES,
  SEARCH_TYPES,
  SUGGESTION_TYPES,
} from '@qpc/domain/schemas';
import type { ActiveText } from '@qpc/server-kit/list-text';

/** GraphQL enum name of a REST value: `end-term` is `END_TERM`. */
export function enumName(value: string): string {
  return value.toUpperCase().replace(/-/g, '_');
}

/**
 * The `page`, `limit`, `includeTotal` and (for a list that sorts) `sort` arguments of a list,
 * with the bounds of the domain's pagination in their types.
 */
export function pageArgs(sortScalar?: string): string {
  const args = `"Page number, 1 to ${MAX_PAGE} (default 1)."
      page: PositiveInt
      "Items per page, 1 to ${MAX_LIMIT} (default 20)."
      limit: PageSize
      "false skips counting: total and totalPages are null, hasNextPage comes from reading one item past the page (default true)."
      includeTotal: Boolean`;
  return sortScalar
    ? `${args}
      "Order: a comma list of the fields this list sorts by, - before a field for descending (e.g. -examYear,title), up to 200 characters; an unknown field is refused."
      sort: ${sortScalar}`
    : args;
}

/** Who may call a field, for its description, from the domain's `ACTIONS`: `(admin or editor)`. */
export function who(action: Action): string {
  return `(${whoMay(action)})`;
}

interface EnumDefinition {
  description: string;
  /** GraphQL value name -> what it means; the REST string is added to each. */
  values: Record<string, { rest: string; description: string }>;
}

/** An enum whose values are the domain's own list (`QUESTION_TYPES`, ...), each described. */
function fromDomain<const T extends string>(
  description: string,
  values: readonly T[],
  describe: Record<T, string>,
): EnumDefinition {
  return {
    description: `${description} (REST: ${values.join(', ')}).`,
    values: Object.fromEntries(
      values.map((value) => [enumName(value), { rest: value, description: describe[value] }]),
    ),
  };
}

/** What each role may do, read from `ACTIONS`. */
function roleText(role: Role): string {
  const actions = (Object.keys(ACTIONS) as Action[]).filter((action) =>
    (ACTIONS[action] as readonly Role[]).includes(role),
  );
  return `May ${actions.join(', ')}`;
}

/**
 * The graph's enums. Their values come from the domain's lists, so a value added there is a
 * value here (and the description map, typed by the list, must say what it means).
 */
export const ENUMS: Record<string, EnumDefinition> = {
  Role: fromDomain('Role of a user', ROLES, {
    admin: roleText('admin'),
    editor: roleText('editor'),
    normal: roleText('normal'),
  }),
  PaperStatus: fromDomain('Review status of a paper', PAPER_STATUSES, {
    draft: 'Work in progress',
    pending: 'Waiting for review',
    approved: 'Visible to everyone',
    rejected: 'Refused by a reviewer',
  }),
  NewPaperStatus: fromDomain('Status a new paper starts in', NEW_PAPER_STATUSES, {
    draft: 'Work in progress',
    pending: 'Waiting for review',
  }),
  ExamType: fromDomain('Kind of exam a paper comes from', EXAM_TYPES, {
    'end-term': 'End-of-term examination',
    'mid-term': 'Mid-term examination',
    supplementary: 'Supplementary examination',
    quiz: 'Quiz',
  }),
  QuestionType: fromDomain('Kind of question', QUESTION_TYPES, {
    mcq: 'Multiple choice; has options',
    short: 'Short answer',
    long: 'Long answer',
    numerical: 'Numerical answer',
    coding: 'Programming task',
  }),
  SearchType: fromDomain('Kind of search hit', SEARCH_TYPES, {
    question: 'A question',
    paper: 'A paper',
    subject: 'A subject',
    topic: 'A syllabus topic',
  }),
  SuggestionType: fromDomain('Kind of search suggestion', SUGGESTION_TYPES, {
    subject: 'A subject (by name)',
    topic: 'A syllabus topic (by title)',
    term: 'A frequent word: the query with its last word completed',
  }),
  Difficulty: fromDomain('Difficulty of a question', DIFFICULTIES, {
    easy: 'Easy',
    medium: 'Medium',
    hard: 'Hard',
  }),
};

/**
 * `isActive` of the university list: each GraphQL value is the transports' spelling
 * (`ActiveText`), which `activeFilter` turns into the domain's filter.
 */
const ACTIVE_FILTER: Record<string, { value: ActiveText; description: string }> = {
  TRUE: { value: true, description: 'Active universities only (REST: true, the default).' },
  FALSE: { value: false, description: 'Soft-deleted universities only (REST: false).' },
  ALL: { value: 'all', description: 'Active and soft-deleted universities (REST: all).' },
};

/** SDL of one enum, every value with its description. */
function enumSdl(
  name: string,
  description: string,
  values: [value: string, description: string][],
): string {
  const lines = values.flatMap(([value, text]) => [`    "${text}"`, `    ${value}`]);
  return [`"""`, `  ${description}`, `  """`, `  enum ${name} {`, ...lines, `  }`].join('\n');
}

const enumTypeDefs = [
  ...Object.entries(ENUMS).map(([name, { description, values }]) =>
    enumSdl(
      name,
      description,
      Object.entries(values).map(([value, v]) => [value, `${v.description} (REST: ${v.rest}).`]),
    ),
  ),
  enumSdl(
    'ActiveFilter',
    'Which universities a list shows (REST query isActive: true, false or all).',
    Object.entries(ACTIVE_FILTER).map(([value, { description }]) => [value, description]),
  ),
].join('\n\n  ');

export const commonTypeDefs = /* GraphQL */ `
  """
  Position of a page in a list, with the same fields as the REST list envelope.
  """
  type Pagination {
    "The page returned, starting at 1."
    page: Int!
    "Items per page (1 to 100)."
    limit: Int!
    "Number of items in the whole list; null when the list was asked for without a count (includeTotal: false)."
    total: Int
    "Number of pages in the whole list; null without a count."
    totalPages: Int
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

  ${enumTypeDefs}

  """
  Reads of the catalog; each mirrors a REST read.
  """
  type Query {
    "Liveness of the gateway (no database access)."
    health: Health!
  }
`;

/** Enum resolvers: each GraphQL name maps to the domain's value, so resolvers see typed input. */
export const enumResolvers = {
  ...Object.fromEntries(
    Object.entries(ENUMS).map(([name, { values }]) => [
      name,
      Object.fromEntries(Object.entries(values).map(([value, { rest }]) => [value, rest])),
    ]),
  ),
  ActiveFilter: Object.fromEntries(
    Object.entries(ACTIVE_FILTER).map(([name, { value }]) => [name, value]),
  ),
};

/**
 * GraphQL list arguments as the domain's list input: values keep their types (numbers,
 * booleans, enum values); an argument given as null means "not given", so it is left out.
 */
export function listArgs<T extends object>(args: T): { [K in keyof T]?: Exclude<T[K], null> } {
  return Object.fromEntries(
    Object.entries(args).filter(([, value]) => value !== null && value !== undefined),
  ) as { [K in keyof T]?: Exclude<T[K], null> };
}

/** A domain input schema (zod object): what `inputFor` reads of it. */
interface InputSchema {
  shape: Record<string, { safeParse(value: unknown): { success: boolean } }>;
}

/**
 * An input object as the domain takes it. A GraphQL input field cannot be optional without
 * also taking null, so a field given as null means "not given", unless the domain's own schema
 * takes null for it (null clears the value: a question's module, a subject's code).
 */
export function inputFor(schema: InputSchema, input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input;
  return Object.fromEntries(
    Object.entries(input).filter(
      ([field, value]) => value !== null || (schema.shape[field]?.safeParse(null).success ?? true),
    ),
  );
}

/** A reference the domain guarantees (deletes with dependents are refused); missing means it vanished meanwhile. */
export function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new NotFoundError(`${what} not found`);
  return value;
}

/** The SDL of a create mutation's `idempotencyKey` argument, with its description. */
export const IDEMPOTENCY_KEY_ARGUMENT =
  '"Optional: the same key, caller and input within 24 h returns the first result instead of creating again, marked `extensions.idempotentReplayed: true` (REST: the Idempotency-Key header; 1 to 255 printable ASCII characters; another input is IDEMPOTENCY_KEY_REUSED, a retry while the first runs is CONFLICT; after a failure the retry answers what the first attempt made, or makes it, never twice; a caller deactivated or no longer allowed to create since is FORBIDDEN; anonymous callers cannot use one: BAD_USER_INPUT)." idempotencyKey: String';

/** What a create mutation runs: the action it needs, the create with its reserved id, the read-back. */
export interface CreateSteps<T> {
  action: Action;
  create: (id: string) => Promise<T>;
  /** The resource made with this id (a NotFoundError or null when none was). */
  find: (id: string) => Promise<T | null>;
}

/**
 * Runs a create mutation under its idempotency key, by the domain's rule (withIdempotency): the
 * arguments but the key are the input compared. A replay marks the response
 * (`extensions.idempotentReplayed`, see replayMarkPlugin).
 */
export async function idempotentCreate<T>(
  mutation: string,
  args: { idempotencyKey?: string | null },
  context: { caller: { actor: MaybeActor }; replay: { isReplayed: boolean } },
  steps: CreateSteps<T>,
): Promise<T> {
  const { idempotencyKey, ...input } = args;
  const call = {
    actor: context.caller.actor,
    key: idempotencyKey ?? undefined,
    operation: `graphql ${mutation}`,
    input,
    action: steps.action,
    keyName: 'idempotencyKey',
  };
  const { value, isReplayed } = await withIdempotency(call, steps);
  if (isReplayed) context.replay.isReplayed = true;
  return value;
}
