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

/** A sort order: field -> 1 (ascending) or -1 (descending), in priority order. */
export type SortSpec = Record<string, 1 | -1>;

/**
 * `sort`: a comma list of the fields a list documents, `-` for descending (`-examYear,title`).
 * An unknown or repeated field is refused, naming the fields the list takes.
 */
export function sortParam(fields: readonly string[]) {
  const allowed = fields.join(', ');
  const one = `-?(?:${fields.join('|')})`;
  // The pattern states the rule for readers of the schema (OpenAPI); a field named twice keeps
  // its first direction.
  const pattern = new RegExp(`^${one}(?:,${one})*$`);
  return z
    .string()
    .max(200, 'sort must be at most 200 characters')
    .regex(
      pattern,
      `sort takes a comma list of ${allowed}, each optionally prefixed with - for descending`,
    )
    .transform((value): SortSpec => {
      const spec: SortSpec = {};
      for (const part of value.split(',')) {
        const field = part.startsWith('-') ? part.slice(1) : part;
        if (!(field in spec)) spec[field] = part.startsWith('-') ? -1 : 1;
      }
      return spec;
    })
    .optional()
    .describe(`Order: a comma list of ${allowed}; - before a field sorts it descending`);
}

export type PageRequest = z.output<typeof paginationQuery>;
