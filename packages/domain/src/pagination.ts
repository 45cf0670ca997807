import type { Model, QueryFilter, SortOrder } from 'mongoose';
import { z } from 'zod';
import { toDto } from './serialize.js';

/** `page` >= 1 (default 1) and `limit` 1..100 (default 20), coerced from query strings. */
export const paginationQuery = z.object({
  page: z.coerce
    .number({ message: 'page must be a number' })
    .int('page must be an integer')
    .min(1, 'page must be at least 1')
    .max(1_000_000, 'page is too large')
    .default(1)
    .describe('Page number, starting at 1'),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be an integer')
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
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
