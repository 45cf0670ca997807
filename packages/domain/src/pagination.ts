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
});

export type PageRequest = z.output<typeof paginationQuery>;

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
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

/**
 * One count and one page query, sorted with `_id` as the final tiebreak so the order is stable.
 * Returns plain objects (`id`, never `_id`).
 */
export async function paginate<T>(
  model: Model<any>,
  filter: QueryFilter<any>,
  sort: Record<string, SortOrder>,
  { page, limit }: PageRequest,
): Promise<Page<T>> {
  const [total, docs] = await Promise.all([
    model.countDocuments(filter),
    model
      .find(filter)
      .sort({ ...sort, _id: sort._id ?? 1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean(),
  ]);
  return { items: docs.map((d) => toDto<T>(d)), pagination: paginationMeta(page, limit, total) };
}
