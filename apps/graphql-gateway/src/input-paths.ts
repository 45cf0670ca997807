import { GraphQLError, Kind, parse, visit } from 'graphql';
import type { ASTNode, DocumentNode } from 'graphql';
import { ScalarInputError } from './schema/scalars.js';

// A value the schema's types refuse (a custom scalar, an enum) never reaches a resolver:
// graphql-js refuses it, naming its position (a literal) or its variable. These name it the way
// the domain's `details` do: the field path inside an input object (`branchId`, `options.1`), or
// the argument for a top-level value (`limit`).

/** A refused value: where it sits in the caller's input, and why. */
export interface RefusedInput {
  path: string | undefined;
  reason: string;
}

/** graphql-js's refusal of an enum literal (enums are not wrapped like the custom scalars). */
const ENUM_REFUSAL = /^Value "[^"]*" does not exist in "\w+" enum\.$/;

/**
 * The refused value an Apollo client error is about, or undefined when it is about something
 * else (an unknown field, a syntax error): a scalar's refusal, for a literal or a variable, or
 * an enum literal that is not one of the enum's values.
 */
export function refusedInput(error: unknown, message: string): RefusedInput | undefined {
  const original = (error as { originalError?: unknown }).originalError;
  const isScalar = original instanceof ScalarInputError;
  if (!isScalar && !(original instanceof GraphQLError && ENUM_REFUSAL.test(original.message)))
    return undefined;
  const reason = (original as GraphQLError).message;
  const { source, positions } = error as GraphQLError;
  if (message.startsWith('Variable "$'))
    return { path: variablePath(message, source?.body), reason };
  const start = positions?.[0];
  return {
    path: source && start !== undefined ? literalPath(source.body, start) : undefined,
    reason,
  };
}

/** The path of the literal value that starts at `start` in the document `source`. */
function literalPath(source: string, start: number): string | undefined {
  const document = parse(source);
  let found: string | undefined;
  visit(document, {
    enter(node, _key, _parent, keys) {
      if (found !== undefined || node.loc?.start !== start) return undefined;
      if (node.kind === Kind.ARGUMENT || node.kind === Kind.OBJECT_FIELD) return undefined;
      found = pathAlong(document, keys);
      return undefined;
    },
  });
  return found;
}

/** Walks `keys` from the document's root, naming arguments, object fields and list positions. */
function pathAlong(document: DocumentNode, keys: readonly (string | number)[]): string | undefined {
  let current: unknown = document;
  let argument: string | undefined;
  const inside: string[] = [];
  keys.forEach((key, i) => {
    current = (current as Record<string | number, unknown>)[key];
    const node = current as Partial<ASTNode> | undefined;
    if (node?.kind === Kind.ARGUMENT) argument = (node as { name: { value: string } }).name.value;
    if (node?.kind === Kind.OBJECT_FIELD)
      inside.push((node as { name: { value: string } }).name.value);
    if (typeof key === 'number' && keys[i - 1] === 'values') inside.push(String(key));
  });
  return inside.length > 0 ? inside.join('.') : argument;
}

/**
 * `Variable "$i" got invalid value "x" at "i.options[1]"; ...` -> `options.1`; a variable
 * refused as a whole is named by the argument it is given to (`value` for `value: $v`).
 */
function variablePath(message: string, source: string | undefined): string | undefined {
  const match = /^Variable "\$(\w+)" got invalid value .*? at "([^"]+)";/s.exec(message);
  if (match)
    return match[2]!
      .replace(/\[(\d+)\]/g, '.$1')
      .split('.')
      .slice(1)
      .join('.');
  const variable = /^Variable "\$(\w+)"/.exec(message)?.[1];
  if (!variable || !source) return variable;
  let argument: string | undefined;
  visit(parse(source), {
    Argument(node) {
      if (node.value.kind === Kind.VARIABLE && node.value.name.value === variable)
        argument ??= node.name.value;
    },
  });
  return argument ?? variable;
}
