// The text forms of a list's parameters, for both transports. A query string (REST) and a
// GraphQL sort scalar carry a sort as text (`-examYear,title`); a query string carries which
// universities to list as `true`, `false` or `all`. The domain takes structured input: a sort is a
// list of `{ field, direction }`, the university filter an optional boolean. This module is the
// one parser of those texts (zod only: importing it loads neither mongoose nor Express).
import {
  listBranchesQuery,
  listPapersQuery,
  listQuestionsQuery,
  listSemestersQuery,
  listSolutionsQuery,
  listSubjectOfferingsQuery,
  listSubjectsQuery,
  listSyllabusQuestionsQuery,
  listUniversitiesQuery,
  listUsersQuery,
  SORT_FIELDS,
} from '@qpc/domain/schemas';
import type { SortKey } from '@qpc/domain/schemas';
import { z } from 'zod';

/** The longest sort text a transport takes. */
export const MAX_SORT_TEXT = 200;

const TEXT_FORMS = new WeakSet<z.ZodType>();

/** Marks a parameter's schema as a text form: the transport parses it before the domain. */
function textForm<T extends z.ZodType>(schema: T): T {
  TEXT_FORMS.add(schema);
  return schema;
}

/**
 * Whether a list parameter is a text form of this module (a sort, the university filter): its
 * text becomes the domain's value in the transport. Other parameters go to the domain as they are.
 */
export function isTextForm(schema: z.ZodType): boolean {
  return TEXT_FORMS.has(schema);
}

/**
 * `sort` as text: a comma list of the fields a list documents, `-` for descending
 * (`-examYear,title`), parsed into the domain's list of `{ field, direction }` in the order
 * written. An unknown field is refused, naming the fields the list takes; a field named twice is
 * passed on twice (the domain keeps its first direction).
 */
export function sortText<const F extends string>(fields: readonly F[]) {
  const allowed = fields.join(', ');
  const one = `-?(?:${fields.join('|')})`;
  // The pattern states the rule for readers of the schema (OpenAPI).
  const pattern = new RegExp(`^${one}(?:,${one})*$`);
  return textForm(
    z
      .string()
      .max(MAX_SORT_TEXT, `sort must be at most ${MAX_SORT_TEXT} characters`)
      .regex(
        pattern,
        `sort takes a comma list of ${allowed}, each optionally prefixed with - for descending`,
      )
      .transform((value): SortKey<F>[] =>
        value.split(',').map((part) => ({
          field: (part.startsWith('-') ? part.slice(1) : part) as F,
          direction: part.startsWith('-') ? 'desc' : 'asc',
        })),
      )
      .optional()
      .describe(`Order: a comma list of ${allowed}; - before a field sorts it descending`),
  );
}

/** Which universities a transport lists, as it spells it: `true`, `false` or `all`. */
export type ActiveText = boolean | 'all';

/**
 * The domain's `isActive` filter of the university list: `all` lists both (no filter); a
 * transport that says nothing lists the active ones.
 */
export function activeFilter(value: ActiveText | undefined): boolean | undefined {
  return value === 'all' ? undefined : (value ?? true);
}

/** `isActive` of the university list as text: `true` (the default), `false` or `all`. */
export const activeText = textForm(
  z
    .union([z.boolean(), z.literal('all')])
    .default(true)
    .transform(activeFilter)
    .describe(
      'Which universities to list: active (true, the default), soft-deleted (false) or all',
    ),
);

/** A list's parameters as a transport takes them: the domain's list input, its sort as text. */
function withSortText<
  Shape extends z.ZodRawShape,
  Config extends z.core.$ZodObjectConfig,
  const F extends string,
>(query: z.ZodObject<Shape, Config>, fields: readonly F[]) {
  return query.extend({ sort: sortText(fields) });
}

/** Each list's parameters as a transport takes them: the domain's list input, text forms in. */
export const listUniversitiesText = withSortText(
  listUniversitiesQuery,
  SORT_FIELDS.universities,
).extend({ isActive: activeText });
export const listBranchesText = withSortText(listBranchesQuery, SORT_FIELDS.branches);
export const listSemestersText = withSortText(listSemestersQuery, SORT_FIELDS.semesters);
export const listSubjectsText = withSortText(listSubjectsQuery, SORT_FIELDS.subjects);
export const listSubjectOfferingsText = withSortText(
  listSubjectOfferingsQuery,
  SORT_FIELDS.subjectOfferings,
);
export const listPapersText = withSortText(listPapersQuery, SORT_FIELDS.papers);
export const listQuestionsText = withSortText(listQuestionsQuery, SORT_FIELDS.questions);
export const listSyllabusQuestionsText = withSortText(
  listSyllabusQuestionsQuery,
  SORT_FIELDS.questions,
);
export const listSolutionsText = withSortText(listSolutionsQuery, SORT_FIELDS.solutions);
export const listUsersText = withSortText(listUsersQuery, SORT_FIELDS.users);
