import type { ApolloServerPlugin } from '@apollo/server';
import type { Config } from '@qpc/config';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isCompositeType,
  isListType,
  isObjectType,
  Kind,
} from 'graphql';
import type {
  DocumentNode,
  FieldNode,
  FragmentDefinitionNode,
  GraphQLNamedType,
  GraphQLSchema,
  OperationDefinitionNode,
  SelectionSetNode,
  ValidationContext,
  ValidationRule,
  ValueNode,
} from 'graphql';

/** Directives allowed in one operation (`@include`, `@skip`, ...). */
export const MAX_DIRECTIVES = 50;
/** Lexical tokens allowed in one document, enforced by the graphql-js parser itself. */
export const MAX_TOKENS = 1_000;
/** Items assumed in a nested plain list the table below does not name. */
export const NESTED_LIST_SIZE = 10;
/** Items assumed in a paginated list when the query gives no `limit` (the services' default). */
export const DEFAULT_PAGE_SIZE = 20;
/** The largest `limit` a list takes (the services refuse more): a larger literal costs this. */
export const MAX_PAGE_SIZE = 100;

/**
 * Items expected in each nested plain list: the catalog's real bounds where it has them, else
 * its shape (the sample catalog and the benchmark catalog, `bench/generate.mjs`: 3-8 modules of
 * 2-6 topics per syllabus, 10 papers per offering, 10 questions per paper, a quarter of a
 * solution per question on average), rounded up so a busy subject still fits.
 */
export const NESTED_LIST_SIZES: Readonly<Record<string, number>> = {
  // Semester numbers are 1..12 and unique per branch: a hard bound.
  'Branch.semesters': 12,
  'University.branches': 10,
  'SubjectOffering.papers': 10,
  'Syllabus.modules': 8,
  'Module.topics': 6,
  'Module.questions': 20,
  'Topic.questions': 10,
  'Paper.questions': 20,
  'Question.solutions': 5,
};

/** Which limit refused a query; clients find it in `extensions.limit`. */
export type LimitKind = 'depth' | 'cost' | 'aliases' | 'directives' | 'tokens';

/**
 * A refusal by a limit: BAD_USER_INPUT (the client's query is at fault), HTTP 400, and the
 * limit's name. Apollo files validation-rule errors under GRAPHQL_VALIDATION_FAILED; formatError
 * restores the code from `extensions.limit`.
 */
export function limitError(
  kind: LimitKind,
  message: string,
  extra: Record<string, unknown> = {},
): GraphQLError {
  return new GraphQLError(message.replace(/^Syntax Error: /, ''), {
    extensions: { code: 'BAD_USER_INPUT', limit: kind, ...extra, http: { status: 400 } },
  });
}

function reportTo(kind: LimitKind) {
  return (context: ValidationContext | null, error: GraphQLError): void => {
    context?.reportError(limitError(kind, error.message));
  };
}

function intArgument(
  value: ValueNode | undefined,
  variables: Record<string, unknown>,
): number | undefined {
  if (!value) return undefined;
  if (value.kind === Kind.INT) return Number.parseInt(value.value, 10);
  if (value.kind === Kind.VARIABLE) {
    const given = variables[value.name.value];
    return typeof given === 'number' && Number.isFinite(given) ? given : undefined;
  }
  return undefined;
}

/** A field of the document that takes `limit`, as the cost walk met it. */
export interface LimitedList {
  /** Response path from the root (aliases included), e.g. `subjectOfferings`. */
  path: string;
  /** The limit costed (given, or the default). */
  limit: number;
  /** Whether the query gave it. */
  isGiven: boolean;
  node: FieldNode;
}

interface CostWalk {
  cost: number;
  limitedLists: LimitedList[];
}

function walkCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  overrides: ReadonlyMap<FieldNode, number>,
): CostWalk {
  // A variable the request leaves out takes its default from the operation (`$n: Int = 100`).
  const values: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    const fallback = definition.defaultValue;
    if (fallback?.kind === Kind.INT)
      values[definition.variable.name.value] = Number.parseInt(fallback.value, 10);
  }
  Object.assign(values, variables);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION)
      fragments.set(definition.name.value, definition);
  }
  const fragmentCosts = new Map<string, number>();
  const limitedLists: LimitedList[] = [];

  const costOf = (
    selectionSet: SelectionSetNode,
    parentType: GraphQLNamedType,
    path: string,
    pageSize?: number,
  ): number => {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value.startsWith('__') || !isObjectType(parentType)) continue;
        const field = parentType.getFields()[selection.name.value];
        if (!field) continue;
        const type = getNamedType(field.type);
        if (!isCompositeType(type)) continue;
        const fieldPath = `${path}${path ? '.' : ''}${selection.alias?.value ?? selection.name.value}`;
        let limit: number | undefined;
        if (field.args.some((arg) => arg.name === 'limit')) {
          const limitArg = selection.arguments?.find((arg) => arg.name.value === 'limit');
          const given = intArgument(limitArg?.value, values);
          limit =
            overrides.get(selection) ??
            Math.min(MAX_PAGE_SIZE, Math.max(1, given ?? DEFAULT_PAGE_SIZE));
          limitedLists.push({
            path: fieldPath,
            limit,
            isGiven: given !== undefined,
            node: selection,
          });
        }
        const isList = isListType(getNullableType(field.type));
        // A list counts its own `limit`, else the page's size (a page's `items`), else the
        // catalog's expected size for that field.
        const instances = isList
          ? (limit ??
            pageSize ??
            NESTED_LIST_SIZES[`${parentType.name}.${field.name}`] ??
            NESTED_LIST_SIZE)
          : 1;
        const children = selection.selectionSet
          ? costOf(selection.selectionSet, type, fieldPath, isList ? undefined : limit)
          : 0;
        total += instances * (1 + children);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition
          ? schema.getType(selection.typeCondition.name.value)
          : parentType;
        if (type) total += costOf(selection.selectionSet, type, path, pageSize);
      } else {
        const fragment = fragments.get(selection.name.value);
        // Keyed without the path: a fragment spread in many places is walked once (the walk stays
        // linear in the document), and its lists are reported at the first place only.
        const key = `${selection.name.value}:${pageSize ?? ''}`;
        let cost = fragmentCosts.get(key);
        if (cost === undefined) {
          const type = fragment && schema.getType(fragment.typeCondition.name.value);
          fragmentCosts.set(key, 0); // cycles are refused by validation; this only guards the walk
          cost = fragment && type ? costOf(fragment.selectionSet, type, path, pageSize) : 0;
          fragmentCosts.set(key, cost);
        }
        total += cost;
      }
    }
    return total;
  };

  const root =
    operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  return { cost: root ? costOf(operation.selectionSet, root, '') : 0, limitedLists };
}

/**
 * The cost of an operation: every object a query would return, counted once per expected
 * instance. A list counts its `limit` (default 20, at most 100; a page's `items` take the page's
 * `limit`), a nested plain list the catalog's expected size for it (NESTED_LIST_SIZES), so sizes
 * multiply down the tree. Scalars are free; introspection fields are not counted (introspection
 * is off in production). Fragments are costed once per place, so a document cannot make this
 * computation itself expensive.
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> = {},
): number {
  return walkCost(schema, document, operation, variables, new Map()).cost;
}

/** How many of a refused operation's limited lists are tried when advising which to lower. */
const MAX_ADVICE_CANDIDATES = 20;

/** How a refused operation could fit: the `limit` whose lowering helps most, and how far. */
export interface CostAdvice {
  path: string;
  limit: number;
  isGiven: boolean;
  /** The largest value of that limit that fits, or 0 when even 1 does not. */
  atMost: number;
}

/** For an operation over `maxCost`: which list's `limit` to lower, and to what. */
export function costAdvice(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  maxCost: number,
): CostAdvice | null {
  const { cost, limitedLists } = walkCost(schema, document, operation, variables, new Map());
  let best: (CostAdvice & { saved: number }) | null = null;
  // Each candidate costs one more walk: a handful is enough to find the one that matters.
  for (const list of limitedLists.slice(0, MAX_ADVICE_CANDIDATES)) {
    if (list.limit <= 1) continue;
    // The cost is linear in one list's limit: cost(limit) = atOne + (limit - 1) * perItem.
    const atOne = walkCost(schema, document, operation, variables, new Map([[list.node, 1]])).cost;
    const saved = cost - atOne;
    if (saved <= 0 || (best && best.saved >= saved)) continue;
    const perItem = saved / (list.limit - 1);
    const atMost =
      atOne > maxCost ? 0 : Math.min(list.limit - 1, 1 + Math.floor((maxCost - atOne) / perItem));
    best = { path: list.path, limit: list.limit, isGiven: list.isGiven, atMost, saved };
  }
  if (!best) return null;
  const { saved: _saved, ...advice } = best;
  return advice;
}

/** The refusal message: the cost, the limit, and which argument to lower. */
export function costRefusal(cost: number, maxCost: number, advice: CostAdvice | null): string {
  const head = `Query cost ${cost} exceeds the limit of ${maxCost}.`;
  if (!advice) return `${head} Select fewer nested lists.`;
  const now = advice.isGiven ? `now ${advice.limit}` : `${advice.limit} when not given`;
  return advice.atMost > 0
    ? `${head} Lower \`limit\` on \`${advice.path}\` (${now}) to at most ${advice.atMost}, or select fewer nested lists.`
    : `${head} Even \`limit: 1\` on \`${advice.path}\` does not fit: select fewer nested lists.`;
}

/** Refuses an operation whose cost (with its variables) exceeds `maxCost`, before anything runs. */
export function costLimitPlugin(maxCost: number): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          if (!operation) return;
          const variables = request.variables ?? {};
          const cost = operationCost(schema, document, operation, variables);
          if (cost > maxCost) {
            const advice = costAdvice(schema, document, operation, variables, maxCost);
            throw limitError('cost', costRefusal(cost, maxCost, advice), {
              cost,
              maxCost,
              ...(advice
                ? { lower: { field: advice.path, argument: 'limit', atMost: advice.atMost } }
                : {}),
            });
          }
        },
      };
    },
  };
}

/**
 * Every limit of the gateway: depth, aliases and directives (graphql-armor validation rules),
 * cost (our own rule, which knows list sizes: armor's counts only `first`/`last` literals),
 * tokens (the graphql-js parser's own `maxTokens`), and field suggestions blocked in production.
 */
export function gatewayLimits(config: Pick<Config, 'graphql' | 'isProduction'>): {
  plugins: ApolloServerPlugin[];
  validationRules: ValidationRule[];
  parseOptions: { maxTokens: number };
} {
  const callbacks = (kind: LimitKind) => ({
    propagateOnRejection: false,
    onReject: [reportTo(kind)],
  });
  const armor = new ApolloArmor({
    maxDepth: { n: config.graphql.maxDepth, ...callbacks('depth') },
    maxAliases: { n: config.graphql.maxAliases, ...callbacks('aliases') },
    maxDirectives: { n: MAX_DIRECTIVES, ...callbacks('directives') },
    costLimit: { enabled: false },
    maxTokens: { enabled: false },
    blockFieldSuggestion: { enabled: config.isProduction },
  }).protect();
  return {
    // armor's declarations point at Apollo's CommonJS types; the plugins are the same objects.
    plugins: [
      ...(armor.plugins as unknown as ApolloServerPlugin[]),
      costLimitPlugin(config.graphql.maxCost),
    ],
    validationRules: armor.validationRules,
    parseOptions: { maxTokens: MAX_TOKENS },
  };
}
