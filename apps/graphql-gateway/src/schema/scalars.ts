import {
  MAX_DURATION_MINUTES,
  MAX_LIMIT,
  MAX_PAGE,
  MAX_QUERY_LENGTH,
  MAX_SUGGEST_LENGTH,
  maxExamYear,
  MIN_EXAM_YEAR,
  MIN_QUERY_WORD_LENGTH,
  searchQuerySchema,
  SORT_FIELDS,
  STOP_WORDS,
  suggestQuerySchema,
} from '@qpc/domain/schemas';
import { sortText } from '@qpc/server-kit/list-text';
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import type { ValueNode } from 'graphql';
import { GraphQLNonEmptyString, GraphQLObjectID, RegularExpression } from 'graphql-scalars';
import type { z } from 'zod';

/**
 * The input rules the graph states in its types: each custom scalar with what it accepts, as
 * data, so the scalars below and the tools that generate values for them (the Schemathesis
 * run's strategies) read one table.
 */
export type ScalarRule =
  | { kind: 'objectId' }
  | { kind: 'int'; min: number; max: number }
  | { kind: 'float'; min: number; max: number }
  | { kind: 'text' }
  | { kind: 'pattern'; pattern: string; maxLength: number }
  | { kind: 'sort'; fields: readonly string[] }
  | { kind: 'search'; maxLength: number; stopWords: readonly string[]; minWordLength: number };

/** The largest year a filter takes (a paper's own year is at most next year). */
const MAX_FILTER_YEAR = 9999;
const SLUG_MAX_LENGTH = 120;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A user named in a filter: `me` (the caller) or a user id. */
const USER_REF_PATTERN = /^(?:me|[0-9a-fA-F]{24})$/;

/** GraphQL sort scalar of each list: `PaperSort` for `papers`. */
const SORT_SCALARS = {
  UniversitySort: 'universities',
  BranchSort: 'branches',
  SemesterSort: 'semesters',
  SubjectSort: 'subjects',
  SubjectOfferingSort: 'subjectOfferings',
  PaperSort: 'papers',
  QuestionSort: 'questions',
  SolutionSort: 'solutions',
  UserSort: 'users',
} as const satisfies Record<string, keyof typeof SORT_FIELDS>;

/** A bounded number; `max` may move with the calendar (read when a value is parsed). */
interface NumberRule {
  kind: 'int' | 'float';
  min: number;
  max: number | (() => number);
  what: string;
}

/** The bounded numbers, each with what it is. */
const NUMBERS: Record<string, NumberRule> = {
  // graphql-scalars' PositiveInt would take "5" and 1.5 (as 1): this one takes whole numbers only.
  PositiveInt: { kind: 'int', min: 1, max: MAX_PAGE, what: 'A page number, from 1' },
  PageSize: { kind: 'int', min: 1, max: MAX_LIMIT, what: 'Items per page' },
  ExamYear: { kind: 'int', min: MIN_EXAM_YEAR, max: maxExamYear, what: 'Year an exam was held' },
  Year: {
    kind: 'int',
    min: MIN_EXAM_YEAR,
    max: MAX_FILTER_YEAR,
    what: 'A year to filter by (a later year than any paper finds nothing)',
  },
  Marks: { kind: 'float', min: 0, max: 1000, what: 'Marks a question carries' },
  Position: { kind: 'int', min: 0, max: 100_000, what: 'Order of a module or topic in its list' },
  SemesterNumber: { kind: 'int', min: 1, max: 12, what: 'Number of a semester in its branch' },
  VoteValue: { kind: 'int', min: -1, max: 1, what: 'A vote: 1 up, -1 down, 0 withdraws it' },
  DurationMinutes: {
    kind: 'int',
    min: 1,
    max: MAX_DURATION_MINUTES,
    what: 'Length of an exam in minutes',
  },
};

const topOf = (max: NumberRule['max']): number => (typeof max === 'function' ? max() : max);

export const SCALAR_RULES: Record<string, ScalarRule> = {
  ObjectID: { kind: 'objectId' },
  NonEmptyString: { kind: 'text' },
  Slug: { kind: 'pattern', pattern: SLUG_PATTERN.source, maxLength: SLUG_MAX_LENGTH },
  UserRef: { kind: 'pattern', pattern: USER_REF_PATTERN.source, maxLength: 24 },
  ...Object.fromEntries(
    Object.entries(NUMBERS).map(([name, { kind, min, max }]) => [
      name,
      { kind, min, max: topOf(max) },
    ]),
  ),
  // What has been typed so far: any characters but NUL, at most MAX_SUGGEST_LENGTH.
  SuggestText: {
    kind: 'pattern',
    pattern: `^[^\\u0000]{1,${MAX_SUGGEST_LENGTH}}$`,
    maxLength: MAX_SUGGEST_LENGTH,
  },
  SearchText: {
    kind: 'search',
    maxLength: MAX_QUERY_LENGTH,
    stopWords: [...STOP_WORDS],
    minWordLength: MIN_QUERY_WORD_LENGTH,
  },
  ...Object.fromEntries(
    Object.entries(SORT_SCALARS).map(([name, list]) => [
      name,
      { kind: 'sort', fields: SORT_FIELDS[list] } satisfies ScalarRule,
    ]),
  ),
};

/**
 * A value a scalar refused. Written in a document (a literal), graphql-js reports it as a
 * validation error, which Apollo labels GRAPHQL_VALIDATION_FAILED; the gateway answers it as
 * the contract's BAD_USER_INPUT, as it does for a refused variable.
 */
export class ScalarInputError extends GraphQLError {}

/** `read()`, with any refusal of the value turned into a `ScalarInputError`. */
function refusing<T>(name: string, read: () => T, node?: ValueNode): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ScalarInputError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new ScalarInputError(message.startsWith(name) ? message : `${name}: ${message}`, {
      nodes: node ? [node] : undefined,
    });
  }
}

/** A scalar (our own or graphql-scalars') whose refusals are `ScalarInputError`s. */
function stated(scalar: GraphQLScalarType): GraphQLScalarType {
  const config = scalar.toConfig();
  return new GraphQLScalarType({
    ...config,
    parseValue: (value) => refusing(config.name, () => config.parseValue(value)),
    parseLiteral: (ast, variables) =>
      refusing(config.name, () => config.parseLiteral(ast, variables), ast),
  });
}

/** An integer or number scalar bounded by [min, max]; values outside are refused by name. */
function boundedNumber(name: string, { kind, min, max, what }: NumberRule) {
  const integer = kind === 'int';
  const kindText = integer ? 'an integer' : 'a number';
  const expected = () => `${kindText} from ${min} to ${topOf(max)}`;
  const check = (value: unknown, nodes?: ValueNode): number => {
    const ok =
      typeof value === 'number' &&
      Number.isFinite(value) &&
      (!integer || Number.isInteger(value)) &&
      value >= min &&
      value <= topOf(max);
    if (!ok)
      throw new GraphQLError(`${name} must be ${expected()}, not ${JSON.stringify(value)}`, {
        nodes,
      });
    return value;
  };
  const range = `${kindText} from ${min} to ${typeof max === 'function' ? 'next year' : max}`;
  return new GraphQLScalarType<number, number>({
    name,
    description: `${what} (${range}).`,
    serialize: (value) => check(value),
    parseValue: (value) => check(value),
    parseLiteral(ast) {
      const numeric = ast.kind === Kind.INT || (!integer && ast.kind === Kind.FLOAT);
      if (!numeric) throw new GraphQLError(`${name} must be ${expected()}`, { nodes: ast });
      return check(Number(ast.value), ast);
    },
    extensions: { codegenScalarType: 'number' },
  });
}

/**
 * A text scalar whose values a zod schema checks, its first issue being the message; the
 * resolvers get what the schema makes of the text (a sort's list of `{ field, direction }`, a
 * search's text as given, which the domain parses again).
 */
function checkedText<T>(
  name: string,
  description: string,
  schema: z.ZodType<T>,
): GraphQLScalarType {
  const check = (value: unknown, node?: ValueNode): T => {
    const nodes = node ? [node] : undefined;
    if (typeof value !== 'string') throw new GraphQLError(`${name} must be a string`, { nodes });
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw new GraphQLError(parsed.error.issues[0]?.message ?? `${name} is not valid`, { nodes });
    return parsed.data;
  };
  return new GraphQLScalarType<T, string>({
    name,
    description,
    serialize: (value) => {
      if (typeof value !== 'string') throw new GraphQLError(`${name} must be a string`);
      return value;
    },
    parseValue: (value) => check(value),
    parseLiteral: (ast) => check(ast.kind === Kind.STRING ? ast.value : undefined, ast),
    extensions: { codegenScalarType: 'string' },
  });
}

/**
 * The sort scalar of one list: its text parsed by the transports' one sort parser
 * (`sortText`) into the domain's list of `{ field, direction }`.
 */
function sortScalar(name: keyof typeof SORT_SCALARS): GraphQLScalarType {
  const fields = SORT_FIELDS[SORT_SCALARS[name]];
  return checkedText(
    name,
    `Order of the list: a comma list of ${fields.join(', ')}, a field named twice keeps its first direction, - before a field for descending (e.g. -${fields[0]}); up to 200 characters. A unique tiebreak is always appended.`,
    sortText(fields),
  );
}

const GraphQLSlug = new RegularExpression(
  'Slug',
  new RegExp(`^(?=.{1,${SLUG_MAX_LENGTH}}$)${SLUG_PATTERN.source.slice(1)}`),
  {
    description: `Lowercase kebab-case identifier (a-z, 0-9 and single dashes, 1 to ${SLUG_MAX_LENGTH} characters), unique in its collection.`,
    errorMessage: (_regex, value) =>
      `slug must be lowercase kebab-case (a-z, 0-9 and single dashes, 1 to ${SLUG_MAX_LENGTH} characters), not ${JSON.stringify(value)}`,
    stringOnly: true,
  },
);

const GraphQLUserRef = new RegularExpression('UserRef', USER_REF_PATTERN, {
  description:
    'A user named in a filter: me (the caller) or a user id (24 hexadecimal characters).',
  errorMessage: (_regex, value) =>
    `a user must be me or a user id (24 hexadecimal characters), not ${JSON.stringify(value)}`,
  stringOnly: true,
});

const searchText = searchQuerySchema.shape.q;
const suggestText = suggestQuerySchema.shape.q;

/** Every custom scalar of the graph, by name: SDL declarations and resolvers come from here. */
const SCALARS: Record<string, GraphQLScalarType> = Object.fromEntries(
  Object.entries({
    ObjectID: GraphQLObjectID,
    NonEmptyString: GraphQLNonEmptyString,
    Slug: GraphQLSlug,
    UserRef: GraphQLUserRef,
    ...Object.fromEntries(
      Object.entries(NUMBERS).map(([name, rule]) => [name, boundedNumber(name, rule)]),
    ),
    SuggestText: checkedText(
      'SuggestText',
      `What has been typed so far, 1 to ${MAX_SUGGEST_LENGTH} characters; its last word is completed.`,
      suggestText,
    ),
    SearchText: checkedText(
      'SearchText',
      `Words to find, 1 to ${MAX_QUERY_LENGTH} characters. Stop words (the, of, and, ...) and words under ${MIN_QUERY_WORD_LENGTH} characters are not searched: a query of only those answers no hits and a hint.`,
      searchText,
    ),
    ...Object.fromEntries(
      (Object.keys(SORT_SCALARS) as (keyof typeof SORT_SCALARS)[]).map((name) => [
        name,
        sortScalar(name),
      ]),
    ),
  }).map(([name, scalar]) => [name, stated(scalar)]),
);

export const scalarTypeDefs = Object.values(SCALARS)
  .map((scalar) => `"""\n  ${scalar.description ?? scalar.name}\n  """\n  scalar ${scalar.name}`)
  .join('\n\n  ');

export const scalarResolvers: Record<string, GraphQLScalarType> = SCALARS;
