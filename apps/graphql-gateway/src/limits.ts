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
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
  type ValueNode,
} from 'graphql';

/** Directives allowed in one operation (`@include`, `@skip`, ...). */
export const MAX_DIRECTIVES = 50;
/** Lexical tokens allowed in one document, enforced by the graphql-js parser itself. */
export const MAX_TOKENS = 1_000;
/** Items assumed in a nested plain list (University.branches, Module.topics, ...) when costing a query. */
export const NESTED_LIST_SIZE = 10;
/** Items assumed in a paginated list when the query gives no `limit` (the services' default). */
export const DEFAULT_PAGE_SIZE = 20;

/** Which limit refused a query; clients find it in `extensions.limit`. */
export type LimitKind = 'depth' | 'cost' | 'aliases' | 'directives' | 'tokens';

/**
 * A refusal by a limit: BAD_USER_INPUT (the client's query is at fault), HTTP 400, and the
 * limit's name. Apollo files validation-rule errors under GRAPHQL_VALIDATION_FAILED; formatError
 * restores the code from `extensions.limit`.
 */
export function limitError(kind: LimitKind, message: string): GraphQLError {
  return new GraphQLError(message.replace(/^Syntax Error: /, ''), {
    extensions: { code: 'BAD_USER_INPUT', limit: kind, http: { status: 400 } },
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

/**
 * The cost of an operation: every object a query would return, counted once per expected
 * instance. A paginated list counts `limit` items (default 20), a nested plain list
 * NESTED_LIST_SIZE items, so sizes multiply down the tree. Scalars are free; introspection
 * fields are not counted (introspection is off in production). Fragments are costed once each,
 * so a document cannot make this computation itself expensive.
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> = {},
): number {
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

  const costOf = (
    selectionSet: SelectionSetNode,
    parentType: GraphQLNamedType,
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
        const isList = isListType(getNullableType(field.type));
        const instances = isList ? (pageSize ?? NESTED_LIST_SIZE) : 1;
        const hasLimit = field.args.some((arg) => arg.name === 'limit');
        const limitArg = selection.arguments?.find((arg) => arg.name.value === 'limit');
        const limit = hasLimit
          ? Math.max(1, intArgument(limitArg?.value, values) ?? DEFAULT_PAGE_SIZE)
          : undefined;
        const children = selection.selectionSet ? costOf(selection.selectionSet, type, limit) : 0;
        total += instances * (1 + children);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition
          ? schema.getType(selection.typeCondition.name.value)
          : parentType;
        if (type) total += costOf(selection.selectionSet, type, pageSize);
      } else {
        const fragment = fragments.get(selection.name.value);
        const key = `${selection.name.value}:${pageSize ?? ''}`;
        let cost = fragmentCosts.get(key);
        if (cost === undefined) {
          const type = fragment && schema.getType(fragment.typeCondition.name.value);
          fragmentCosts.set(key, 0); // cycles are refused by validation; this only guards the walk
          cost = fragment && type ? costOf(fragment.selectionSet, type, pageSize) : 0;
          fragmentCosts.set(key, cost);
        }
        total += cost;
      }
    }
    return total;
  };

  const root =
    operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  return root ? costOf(operation.selectionSet, root) : 0;
}

/** Refuses an operation whose cost (with its variables) exceeds `maxCost`, before anything runs. */
export function costLimitPlugin(maxCost: number): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          if (!operation) return;
          const cost = operationCost(schema, document, operation, request.variables ?? {});
          if (cost > maxCost) {
            throw limitError('cost', `Query cost limit of ${maxCost} exceeded, found ${cost}.`);
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
