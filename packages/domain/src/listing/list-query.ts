import { z } from 'zod';

// The list input every list takes (zod only: importing it does not load mongoose).

/**
 * The largest page number a list accepts: the top of GraphQL's Int (the gateway's `page` is a
 * PositiveInt), far past any catalog's last page, whose skip (page x limit) stays a safe integer.
 */
export const MAX_PAGE = 2_147_483_647;
/** The largest page size a list accepts. */
export const MAX_LIMIT = 100;

/** The fields each list sorts by (its `sort` parameter), in the order the list documents them. */
export const SORT_FIELDS = {
  universities: ['name', 'shortName', 'createdAt'],
  branches: ['name', 'createdAt'],
  semesters: ['number', 'createdAt'],
  subjects: ['name', 'createdAt'],
  subjectOfferings: ['createdAt'],
  papers: ['examYear', 'examType', 'title', 'createdAt'],
  questions: ['createdAt', 'marks', 'difficulty', 'type'],
  solutions: ['score', 'createdAt'],
  users: ['createdAt', 'name'],
} as const satisfies Record<string, readonly string[]>;

/**
 * `page` >= 1 (default 1) and `limit` 1..100 (default 20), as numbers: a transport that carries
 * text (a query string) converts them before the domain sees them.
 */
export const paginationQuery = z.object({
  page: z
    .number()
    .int()
    .min(1, 'page must be at least 1')
    .max(MAX_PAGE, `page must be at most ${MAX_PAGE}`)
    .default(1)
    .describe('Page number, starting at 1'),
  limit: z
    .number()
    .int()
    .min(1, `limit must be between 1 and ${MAX_LIMIT}`)
    .max(MAX_LIMIT, `limit must be between 1 and ${MAX_LIMIT}`)
    .default(20)
    .describe('Items per page, 1 to 100'),
  includeTotal: z
    .boolean()
    .default(true)
    .describe(
      'false skips counting: total and totalPages are null and hasNextPage comes from reading one item past the page',
    ),
});

/** A sort direction: ascending or descending. */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** One key of a list's order: a field the list sorts by and its direction. */
export interface SortKey<F extends string = string> {
  field: F;
  direction: SortDirection;
}

/** A sort order as the database takes it: field -> 1 (ascending) or -1 (descending), in priority order. */
export type SortSpec = Record<string, 1 | -1>;

/**
 * The most keys a `sort` takes: far more than any list has fields (a field may be repeated), and
 * more than a transport's 200-character text form can name (40 at most).
 */
export const MAX_SORT_KEYS = 100;

/** The database's order of sort keys: a field named twice keeps its first direction. */
function toSortSpec(keys: readonly SortKey[]): SortSpec {
  const spec: SortSpec = {};
  for (const { field, direction } of keys) {
    if (!(field in spec)) spec[field] = direction === 'desc' ? -1 : 1;
  }
  return spec;
}

/**
 * `sort`: a list of `{ field, direction }` in priority order, each field one the list documents
 * and each direction `asc` or `desc` (`[{ field: 'examYear', direction: 'desc' }]`). A field
 * named twice keeps its first direction. The list appends its unique tiebreak (`orderOf`).
 */
export function sortInput<const F extends string>(fields: readonly F[]) {
  const allowed = fields.join(', ');
  return z
    .array(
      z.strictObject({
        field: z.enum(fields).describe(`A field the list sorts by: ${allowed}`),
        direction: z.enum(SORT_DIRECTIONS).describe('asc (ascending) or desc (descending)'),
      }),
    )
    .min(1)
    .max(MAX_SORT_KEYS)
    .transform(toSortSpec)
    .optional()
    .describe(
      `Order: a list of { field, direction } over ${allowed}, in priority order; a field named twice keeps its first direction`,
    );
}

export type PageRequest = z.output<typeof paginationQuery>;
