// A query string carries text; the domain's list schemas take numbers, booleans and structured
// values. This is the one place that converts the one into the other, strictly: a number is plain
// decimal digits (`1e3`, `0x10`, `+2`, ` 2` are refused), a boolean is `true` or `false`, and a
// text form (`sort`, the universities' `isActive`) is parsed by its schema (`@qpc/server-kit/list-text`).
import { parseInput } from '@qpc/domain';
import { isTextForm } from '@qpc/server-kit/list-text';
import { z } from 'zod';

type Kind = 'integer' | 'number' | 'boolean';

interface Def {
  type?: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
}

/** The kinds of value a field of a list schema holds, seen through optional, default and unions. */
export function valueKinds(schema: z.ZodType): Set<Kind> {
  const def = schema.def as Def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return def.innerType ? valueKinds(def.innerType) : new Set();
    case 'pipe':
      return def.in ? valueKinds(def.in) : new Set();
    case 'union':
      return new Set((def.options ?? []).flatMap((option) => [...valueKinds(option)]));
    case 'number':
      return new Set([(schema as z.ZodNumber).format === 'safeint' ? 'integer' : 'number']);
    case 'boolean':
      return new Set(['boolean']);
    default:
      return new Set();
  }
}

/** Whether a field also takes text of its own (`isActive=all`): such text goes on unchanged. */
function takesText(schema: z.ZodType): boolean {
  const def = schema.def as Def;
  if (def.innerType) return takesText(def.innerType);
  if (def.type === 'pipe') return def.in ? takesText(def.in) : false;
  if (def.type === 'union') return (def.options ?? []).some(takesText);
  return def.type === 'literal' || def.type === 'enum' || def.type === 'string';
}

const INTEGER = /^-?[0-9]+$/;
const DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;

function fromText(
  field: string,
  schema: z.ZodType,
  kinds: Set<Kind>,
): (value: unknown, ctx: z.core.$RefinementCtx) => unknown {
  const isNumeric = kinds.has('integer') || kinds.has('number');
  const pattern = kinds.has('number') ? DECIMAL : INTEGER;
  const hasText = takesText(schema);
  return (value, ctx) => {
    if (typeof value !== 'string') return value;
    if (isNumeric && pattern.test(value)) {
      const number = Number(value);
      if (Number.isSafeInteger(Math.trunc(number))) return number;
      ctx.issues.push({ code: 'custom', input: value, message: `${field} is too large` });
      return z.NEVER;
    }
    if (kinds.has('boolean') && (value === 'true' || value === 'false')) return value === 'true';
    if (hasText) return value;
    const expected = [
      ...(isNumeric
        ? [
            kinds.has('number')
              ? 'a number in plain digits, like 2 or 2.5'
              : 'a whole number in plain digits, like 2',
          ]
        : []),
      ...(kinds.has('boolean') ? ['true or false'] : []),
    ].join(', or ');
    ctx.issues.push({ code: 'custom', input: value, message: `${field} must be ${expected}` });
    return z.NEVER;
  };
}

/**
 * The query-string form of a list schema: its number and boolean fields, converted from text
 * (strictly). Other parameters are not its business (see `fromQueryString`).
 */
export function queryStringSchema(schema: z.ZodObject): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [field, fieldSchema] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const kinds = valueKinds(fieldSchema);
    if (kinds.size) {
      shape[field] = z
        .unknown()
        .transform(fromText(field, fieldSchema, kinds))
        .optional();
    }
  }
  return z.object(shape);
}

/**
 * The text forms of a list schema (`sort`, the universities' `isActive`), or undefined when it has
 * none: what `fromQueryString` parses into the domain's values.
 */
export function textFormsSchema(schema: z.ZodObject): z.ZodObject | undefined {
  const forms = Object.entries(schema.shape as Record<string, z.ZodType>).filter(([, field]) =>
    isTextForm(field),
  );
  return forms.length ? z.object(Object.fromEntries(forms)) : undefined;
}

/**
 * A request's query as the domain takes it: the converted fields over the parameters as sent.
 * Then each text form (`textForms`) is parsed into the domain's value. Every other parameter,
 * unknown ones included (even `__proto__`, kept as an own key by the spread), goes on unchanged
 * for the domain's strict schema to check. Throws a 400 ValidationError naming each malformed
 * parameter.
 */
export function fromQueryString(
  form: z.ZodType<Record<string, unknown>>,
  query: Record<string, unknown>,
  textForms?: z.ZodObject,
): Record<string, unknown> {
  const converted = { ...query, ...parseInput(form, query) };
  if (!textForms) return converted;
  // A text form's value replaces its text; one that comes out empty (`isActive=all`) is left out.
  const parsed = parseInput(textForms, converted) as Record<string, unknown>;
  for (const field of Object.keys(textForms.shape)) {
    if (parsed[field] === undefined) delete converted[field];
    else converted[field] = parsed[field];
  }
  return converted;
}
