import type { Model, QueryFilter, SortOrder } from 'mongoose';
import { z } from 'zod';
import { toDto } from './serialize.js';

/** The largest page number a list accepts. */
export const MAX_PAGE = 1_000_000;
/** The largest page size a list accepts. */
export const MAX_LIMIT = 100;

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
  return z
    .string()
    .max(200, 'sort must be at most 200 characters')
    .transform((value, ctx): SortSpec => {
      const spec: SortSpec = {};
      for (const part of value.split(',').map((p) => p.trim())) {
        const field = part.startsWith('-') ? part.slice(1) : part;
        if (!fields.includes(field) || field in spec) {
          ctx.issues.push({
            code: 'custom',
            input: value,
            message:
              field in spec
                ? `sort names ${field} twice`
                : `sort takes a comma list of ${allowed}, each optionally prefixed with - for descending; "${part}" is not one of them`,
          });
          return z.NEVER;
        }
        spec[field] = part.startsWith('-') ? -1 : 1;
      }
      return spec;
    })
    .optional()
    .describe(`Order: a comma list of ${allowed}; - before a field sorts it descending`);
}

export type PageRequest = z.output<typeof paginationQuery>;

export interface Pagination {
  page: number;
  limit: number;
  /** null when the caller asked for no count (`includeTotal=false`). */
  total: number | null;
  totalPages: number | null;
  hasNextPage: boolean;
  hasPrevPage: boolean;
}

export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

export function paginationMeta(page: number, limit: number, total: number): Pagination {
  const totalPages = Math.ceil(total / limit);
  return { page, limit, total, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1 };
}

/** The page request of a list: page, limit, whether to count, and an optional sort. */
export interface ListRequest {
  page: number;
  limit: number;
  includeTotal?: boolean;
  sort?: SortSpec | undefined;
}

/** The order a list uses: the caller's sort, else the list's default, with `_id` last. */
export function orderOf(
  request: { sort?: SortSpec | undefined },
  defaultOrder: Record<string, SortOrder>,
): Record<string, SortOrder> {
  const order = request.sort && Object.keys(request.sort).length ? request.sort : defaultOrder;
  return { ...order, _id: order._id ?? 1 };
}

/** Pagination of a page read without a count: one item past the page says whether more follow. */
export function uncountedMeta(page: number, limit: number, readPastPage: boolean): Pagination {
  return {
    page,
    limit,
    total: null,
    totalPages: null,
    hasNextPage: readPastPage,
    hasPrevPage: page > 1,
  };
}

/**
 * One count and one page query, in the caller's sort or the list's default order, with `_id` as
 * the final tiebreak so the order is stable. With `includeTotal: false` the count is skipped and
 * one item past the page is read instead. Returns plain objects (`id`, never `_id`).
 */
export async function paginate<T>(
  model: Model<any>,
  filter: QueryFilter<any>,
  defaultOrder: Record<string, SortOrder>,
  request: ListRequest,
): Promise<Page<T>> {
  const { page, limit } = request;
  const order = orderOf(request, defaultOrder);
  const read = (count: number) =>
    model
      .find(filter)
      .sort(order)
      .skip((page - 1) * limit)
      .limit(count)
      .lean();
  if (request.includeTotal === false) {
    const docs = await read(limit + 1);
    return {
      items: docs.slice(0, limit).map((d) => toDto<T>(d)),
      pagination: uncountedMeta(page, limit, docs.length > limit),
    };
  }
  const [total, docs] = await Promise.all([model.countDocuments(filter), read(limit)]);
  return { items: docs.map((d) => toDto<T>(d)), pagination: paginationMeta(page, limit, total) };
}

/** An empty page, counted or not as the caller asked. */
export function emptyPage<T>(request: ListRequest): Page<T> {
  const { page, limit } = request;
  return {
    items: [],
    pagination:
      request.includeTotal === false
        ? uncountedMeta(page, limit, false)
        : paginationMeta(page, limit, 0),
  };
}
