// The graph restates nothing it does not check: every input type and list argument is compared,
// field by field, with the domain's zod schema the resolver hands it to (field set, required
// fields, types, enum values, and the lengths and ranges its descriptions state).
import {
  createBranchInput,
  createModuleInput,
  createPaperInput,
  createQuestionInput,
  createSemesterInput,
  createSolutionInput,
  updateSolutionInput,
  updateSyllabusItemInput,
  createSubjectInput,
  createSubjectOfferingInput,
  createTopicInput,
  createUniversityInput,
  maxExamYear,
  setPaperStatusInput,
  updateBranchInput,
  updatePaperInput,
  updateQuestionInput,
  updateSemesterInput,
  updateSubjectInput,
  updateUniversityInput,
  updateUserInput,
  voteSolutionInput,
} from '@qpc/domain/schemas';
import {
  listBranchesText as listBranchesQuery,
  listPapersText as listPapersQuery,
  listQuestionsText as listQuestionsQuery,
  listSemestersText as listSemestersQuery,
  listSolutionsText as listSolutionsQuery,
  listSubjectOfferingsText as listSubjectOfferingsQuery,
  listSubjectsText as listSubjectsQuery,
  listUniversitiesText as listUniversitiesQuery,
  listUsersText as listUsersQuery,
} from '@qpc/server-kit/list-text';
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
} from 'graphql';
import type { GraphQLInputType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { enumResolvers } from '../src/schema/common.js';
import { SCALAR_RULES } from '../src/schema/scalars.js';
import { buildSchema } from '../src/schema/index.js';

type Json = Record<string, any>;
const schema = buildSchema({ version: 'test', startedAt: Date.now() });

/** An input type or a field's arguments, as the comparison reads them. */
interface GraphFields {
  name: string;
  fields: { name: string; type: GraphQLInputType; description: string }[];
}

function inputType(name: string): GraphFields {
  const type = schema.getType(name);
  if (!isInputObjectType(type)) throw new Error(`${name} is not an input type`);
  return {
    name,
    fields: Object.values(type.getFields()).map((f) => ({
      name: f.name,
      type: f.type,
      description: f.description ?? '',
    })),
  };
}

function argumentsOf(root: 'Query' | 'Mutation', field: string, skip: string[] = []): GraphFields {
  const type = root === 'Query' ? schema.getQueryType() : schema.getMutationType();
  const args = type!.getFields()[field]!.args.filter((a) => !skip.includes(a.name));
  return {
    name: `${root}.${field}`,
    fields: args.map((a) => ({ name: a.name, type: a.type, description: a.description ?? '' })),
  };
}

/** The zod schema as JSON Schema (input side); a union of objects merged into one. */
function jsonOf(zodSchema: z.ZodType): { properties: Record<string, Json>; required: string[] } {
  const json = z.toJSONSchema(zodSchema, { io: 'input', unrepresentable: 'any' }) as Json;
  const forms: Json[] = json.properties ? [json] : (json.oneOf ?? json.anyOf ?? [json]);
  const properties: Record<string, Json> = {};
  for (const form of forms) {
    for (const [key, value] of Object.entries(form.properties as Record<string, Json>)) {
      const seen = properties[key];
      properties[key] = seen ? { anyOf: [seen, value] } : value;
    }
  }
  const required = Object.keys(properties).filter((key) =>
    forms.every((form) => (form.required ?? []).includes(key)),
  );
  return { properties, required };
}

/** Leaf schemas of a property (through anyOf, nullability aside). */
function alternatives(json: Json): Json[] {
  if (json.anyOf) return (json.anyOf as Json[]).flatMap(alternatives);
  if (json.oneOf) return (json.oneOf as Json[]).flatMap(alternatives);
  return json.type === 'null' ? [] : [json];
}

/** The JSON type of a leaf; numbers that can only be whole (`enum: [1, -1, 0]`) count as integers. */
function scalarOf(json: Json): string {
  const isWhole = Array.isArray(json.enum) && json.enum.every((v: unknown) => Number.isInteger(v));
  return json.type === 'number' && isWhole ? 'integer' : json.type;
}

/** The JSON types each GraphQL scalar carries: the built-in ones and the graph's own. */
const SCALARS: Record<string, string[]> = {
  String: ['string'],
  Int: ['integer'],
  Float: ['number', 'integer'],
  Boolean: ['boolean'],
  ...Object.fromEntries(
    Object.entries(SCALAR_RULES).map(([name, rule]) => [
      name,
      rule.kind === 'int'
        ? ['integer']
        : rule.kind === 'float'
          ? ['number', 'integer']
          : ['string'],
    ]),
  ),
};

/** A bounded number scalar must take every value the domain takes: it refuses nothing more. */
function boundsProblem(scalar: string, leaf: Json): string | null {
  const rule = SCALAR_RULES[scalar];
  if (rule?.kind !== 'int' && rule?.kind !== 'float') return null;
  const values: number[] | undefined = leaf.enum;
  const min = values ? Math.min(...values) : (leaf.minimum ?? -Infinity);
  const max = values ? Math.max(...values) : (leaf.maximum ?? Infinity);
  return rule.min <= min && rule.max >= max
    ? null
    : `${scalar} takes ${rule.min} to ${rule.max}, the domain ${min} to ${max}`;
}

/** What the graph gives the domain for each enum value (the enum resolvers). */
function domainValues(enumName: string): unknown[] {
  return Object.values((enumResolvers as Record<string, Record<string, unknown>>)[enumName] ?? {});
}

function compare(graph: GraphFields, zodSchema: z.ZodType): string[] {
  const problems: string[] = [];
  const { properties, required } = jsonOf(zodSchema);
  const names = graph.fields.map((f) => f.name).sort();
  if (JSON.stringify(names) !== JSON.stringify(Object.keys(properties).sort()))
    problems.push(`${graph.name}: fields ${names} but the domain takes ${Object.keys(properties)}`);
  for (const field of graph.fields) {
    const where = `${graph.name}.${field.name}`;
    const json = properties[field.name];
    if (!json) continue;
    const options = alternatives(json);
    if (isNonNullType(field.type) !== required.includes(field.name))
      problems.push(`${where}: required in the graph is ${isNonNullType(field.type)}`);
    const base = getNullableType(field.type);
    const leaf = isListType(base) ? options.find((o) => o.type === 'array')?.items : options[0];
    if (isListType(base) !== options.some((o) => o.type === 'array'))
      problems.push(`${where}: a list on one side only`);
    const named = getNamedType(field.type);
    const leaves = isListType(base) ? alternatives(leaf ?? {}) : options;
    if (isEnumType(named)) {
      const allowed = [
        ...new Set(
          leaves.flatMap((o) =>
            o.type === 'boolean'
              ? [true, false]
              : (o.enum ?? (o.const !== undefined ? [o.const] : [])),
          ),
        ),
      ];
      const given = domainValues(named.name);
      if (allowed.some((value) => !given.includes(value)))
        problems.push(`${where}: the domain takes ${allowed}, the graph offers ${given}`);
      if (given.length !== allowed.length) {
        const spelled = allowed.map((v) => String(v).toUpperCase().replace(/-/g, '_'));
        if (!spelled.every((v) => field.description.includes(v)))
          problems.push(`${where}: the description must say it takes only ${spelled}`);
      }
    } else if (!leaves.some((o) => SCALARS[named.name]?.includes(scalarOf(o)))) {
      problems.push(`${where}: ${named.name} but the domain takes ${JSON.stringify(leaves)}`);
    } else if (leaves.some((o) => boundsProblem(named.name, o))) {
      problems.push(`${where}: ${leaves.map((o) => boundsProblem(named.name, o)).join('; ')}`);
    } else {
      // A scalar the domain takes a few values of (a vote's 1, -1, 0): the description lists them.
      const values = leaves.flatMap((o) => o.enum ?? []);
      if (values.some((v) => !field.description.includes(String(v))))
        problems.push(`${where}: the description must list ${values}`);
    }
    const array = options.find((o) => o.type === 'array');
    const limits = isListType(base) && array ? [array, ...leaves] : leaves.slice(0, 1);
    for (const limit of limits) {
      const stated = statedLimit(limit);
      if (stated && !field.description.includes(stated))
        problems.push(`${where}: the description must state "${stated}"`);
    }
  }
  return problems;
}

/** The words a description uses for a limit: `1 to 200 characters`, `up to 500 characters`, `1 to 12`. */
function statedLimit(json: Json): string | null {
  const range = (min: unknown, max: unknown, unit = '') => {
    if (max === undefined) return null;
    const top = max === maxExamYear() ? 'next year' : String(max);
    return min === undefined || (min === 0 && unit)
      ? `up to ${top}${unit}`
      : `${String(min)} to ${top}${unit}`;
  };
  if (json.type === 'string') return range(json.minLength, json.maxLength, ' characters');
  if (json.type === 'array') return range(json.minItems, json.maxItems);
  if (json.type === 'integer' || json.type === 'number') return range(json.minimum, json.maximum);
  return null;
}

describe('GraphQL inputs against the domain schemas', () => {
  it.each([
    ['CreateUniversityInput', createUniversityInput],
    ['UpdateUniversityInput', updateUniversityInput],
    ['CreateBranchInput', createBranchInput],
    ['UpdateBranchInput', updateBranchInput],
    ['CreateSemesterInput', createSemesterInput],
    ['UpdateSemesterInput', updateSemesterInput],
    ['CreateSubjectInput', createSubjectInput],
    ['UpdateSubjectInput', updateSubjectInput],
    ['CreateSubjectOfferingInput', createSubjectOfferingInput],
    ['CreateModuleInput', createModuleInput],
    ['CreateTopicInput', createTopicInput],
    ['CreatePaperInput', createPaperInput],
    ['UpdatePaperInput', updatePaperInput],
    ['CreateQuestionInput', createQuestionInput],
    ['UpdateQuestionInput', updateQuestionInput],
    ['CreateSolutionInput', createSolutionInput],
    ['UpdateSolutionInput', updateSolutionInput],
    ['UpdateSyllabusItemInput', updateSyllabusItemInput],
    ['UpdateUserInput', updateUserInput],
  ] as const)('when %s is compared field by field, then it agrees', (name, zodSchema) => {
    expect(compare(inputType(name), zodSchema)).toEqual([]);
  });

  it.each([
    ['Query', 'universities', listUniversitiesQuery],
    ['Query', 'branches', listBranchesQuery],
    ['Query', 'semesters', listSemestersQuery],
    ['Query', 'subjects', listSubjectsQuery],
    ['Query', 'subjectOfferings', listSubjectOfferingsQuery],
    ['Query', 'papers', listPapersQuery],
    ['Query', 'questions', listQuestionsQuery],
    ['Query', 'solutions', listSolutionsQuery],
    ['Query', 'users', listUsersQuery],
  ] as const)(
    'when the arguments of %s.%s are compared with the list schema, then they agree',
    (root, field, zodSchema) => {
      expect(compare(argumentsOf(root, field), zodSchema)).toEqual([]);
    },
  );

  it('when the arguments of setPaperStatus and voteSolution are compared with their inputs, then they agree', () => {
    expect(compare(argumentsOf('Mutation', 'setPaperStatus', ['id']), setPaperStatusInput)).toEqual(
      [],
    );
    expect(compare(argumentsOf('Mutation', 'voteSolution', ['id']), voteSolutionInput)).toEqual([]);
  });

  it('when a comparison meets a disagreement, then it reports it', () => {
    const strict = z.strictObject({ name: z.string().min(1).max(10), extra: z.number() });
    expect(compare(inputType('CreateUniversityInput'), strict)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/fields/),
        expect.stringMatching(/name: the description must state "1 to 10 characters"/),
      ]),
    );
  });
});
