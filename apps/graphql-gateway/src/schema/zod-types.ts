// The graph's object and input types, generated from the domain's zod schemas: a field added to
// a DTO or an input schema (with its `.describe()`) is a field of the graph, with no second copy
// to keep in step. What zod does not describe (root fields and their arguments, relations with
// their resolvers, pages) stays hand-written beside the resolvers, as `extend type` blocks.
import { ACTIONS, whoMay } from '@qpc/domain';
import type { Action } from '@qpc/domain';
import { graphqlScalars } from '@qpc/domain/schemas';
import { z } from 'zod';

/** One generated type: its GraphQL name, kind and the zod object it is read from. */
export interface ZodGraphType {
  name: string;
  kind: 'type' | 'input';
  schema: z.ZodType;
  /** Fields of the zod schema the graph leaves out, each for a reason said where it is listed. */
  omit?: readonly string[];
}

/** GraphQL enum name -> { GraphQL value: domain value }, as the enum resolvers map them. */
export type EnumValues = Record<string, Record<string, unknown>>;

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType): Def => schema._zod.def as unknown as Def;

/** The schema a wrapper holds (optional, nullable, default, a transform's input, ...), if any. */
function innerOf(schema: z.ZodType): z.ZodType | undefined {
  const def = defOf(schema);
  if (def.type === 'pipe') return def.in as z.ZodType;
  return 'innerType' in def ? (def.innerType as z.ZodType) : undefined;
}

/** The first value a reader finds on the schema or, going inwards, on a schema it wraps. */
function firstOf<T>(schema: z.ZodType, read: (s: z.ZodType) => T | undefined): T | undefined {
  for (let s: z.ZodType | undefined = schema; s; s = innerOf(s)) {
    const value = read(s);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** `z.int()` or `z.number().int()`: an integer format, on the schema or among its checks. */
function isInteger(def: Def): boolean {
  const checks = (def.checks ?? []) as { _zod: { def: { format?: string } } }[];
  const formats = [def.format, ...checks.map((check) => check._zod.def.format)];
  return formats.some((format) => typeof format === 'string' && format.includes('int'));
}

const NULLABLE_WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault']);

/** Every action named after "may" gets who may do it, as the hand-written descriptions say it. */
const ACTION_MENTION = new RegExp(
  `\\bmay (${Object.keys(ACTIONS)
    .map((a) => a.replace(/[-:]/g, '\\$&'))
    .join('|')})\\b(?! \\()`,
  'g',
);

/**
 * A zod description as a GraphQL one: a final full stop when it has none (zod's are phrases), and
 * each action the caller "may" hold followed by who holds it: `(admin or editor)`.
 */
export function graphDescription(text: string): string {
  const withWho = text.replace(
    ACTION_MENTION,
    (_, action: Action) => `may ${action} (${whoMay(action)})`,
  );
  return /[.?!]$/.test(withWho) ? withWho : `${withWho}.`;
}

function described(text: string | undefined, indent: string): string {
  if (!text) return '';
  return `${indent}${JSON.stringify(graphDescription(text))}\n`;
}

/** Generates the SDL of the given types, each field's type and description read from zod. */
export class ZodGraph {
  private readonly names = new Map<z.ZodType, string>();

  constructor(
    private readonly types: readonly ZodGraphType[],
    private readonly enums: EnumValues,
  ) {
    for (const type of types) this.names.set(type.schema, type.name);
  }

  /** The SDL of some of the types (a module's), in the order given. */
  sdl(types: readonly ZodGraphType[]): string {
    return types.map((type) => this.typeSdl(type)).join('\n\n');
  }

  private typeSdl({ name, kind, schema, omit = [] }: ZodGraphType): string {
    const shape = this.shapeOf(name, schema);
    const fields = Object.entries(shape)
      .filter(([field]) => !omit.includes(field))
      .map(([field, fieldSchema]) => {
        const where = `${name}.${field}`;
        const description = firstOf(fieldSchema, (s) => z.globalRegistry.get(s)?.description);
        return `${described(description, '  ')}  ${field}: ${this.fieldType(where, fieldSchema)}`;
      });
    const description = firstOf(schema, (s) => z.globalRegistry.get(s)?.description);
    return `${described(description, '')}${kind} ${name} {\n${fields.join('\n')}\n}`;
  }

  private shapeOf(name: string, schema: z.ZodType): Record<string, z.ZodType> {
    const object = firstOf(schema, (s) => (defOf(s).type === 'object' ? s : undefined));
    if (!object) throw new Error(`${name}: a generated type must be a zod object`);
    return (object as z.ZodObject).shape as Record<string, z.ZodType>;
  }

  /** `Int!`, `[PaperStatusChange!]`, `ExamYear`: nullable when zod lets the value be absent. */
  private fieldType(where: string, schema: z.ZodType): string {
    let isNullable = false;
    let inner: z.ZodType = schema;
    for (let s: z.ZodType | undefined = schema; s; s = innerOf(s)) {
      if (NULLABLE_WRAPPERS.has(defOf(s).type)) isNullable = true;
      inner = s;
    }
    const scalar = firstOf(schema, (s) => graphqlScalars.get(s)?.scalar);
    const base = scalar ?? this.baseType(where, inner);
    return isNullable ? base : `${base}!`;
  }

  private baseType(where: string, schema: z.ZodType): string {
    const def = defOf(schema);
    switch (def.type) {
      case 'string':
        return 'String';
      case 'boolean':
        return 'Boolean';
      case 'number':
        return isInteger(def) ? 'Int' : 'Float';
      case 'enum':
        return this.enumName(where, Object.values(def.entries as Record<string, unknown>));
      case 'array':
        return `[${this.fieldType(where, def.element as z.ZodType)}]`;
      case 'object': {
        const name = this.nameOf(schema);
        if (!name) throw new Error(`${where}: its object schema is not a generated type`);
        return name;
      }
      default:
        throw new Error(
          `${where}: zod type ${def.type} has no GraphQL type; mark it with asScalar(schema, name)`,
        );
    }
  }

  /** A derived schema (`.describe()` makes one) is named as the schema it derives from. */
  private nameOf(schema: z.ZodType): string | undefined {
    for (let s: z.ZodType | undefined = schema; s; s = s._zod.parent as z.ZodType | undefined) {
      const name = this.names.get(s);
      if (name) return name;
    }
    return undefined;
  }

  private enumName(where: string, values: unknown[]): string {
    const same = (mapped: Record<string, unknown>) => {
      const domain = Object.values(mapped);
      return domain.length === values.length && values.every((v) => domain.includes(v));
    };
    const match = Object.entries(this.enums).find(([, mapped]) => same(mapped));
    if (!match) throw new Error(`${where}: no GraphQL enum has the values ${values.join(', ')}`);
    return match[0];
  }
}
