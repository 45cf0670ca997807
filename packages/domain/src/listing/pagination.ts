import type { SortOrder } from 'mongoose';
import type { SortSpec } from './list-query.js';
import { toDto } from '../storage/serialize.js';
import type { AnyModel, AnyFilter } from '../storage/model-helpers.js';

export { MAX_LIMIT, MAX_PAGE, paginationQuery, SORT_FIELDS, sortInput } from './list-query.js';
export type { PageRequest, SortDirection, SortKey, SortSpec } from './list-query.js';

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

/**
 * The order a list uses: the caller's sort, else the list's default, with `_id` last in the
 * direction of the key before it, so that one btree (`sortIndexes`) serves a sort both ways.
 */
export function orderOf(
  request: { sort?: SortSpec | undefined },
  defaultOrder: Record<string, SortOrder>,
): Record<string, SortOrder> {
  const order = request.sort && Object.keys(request.sort).length ? request.sort : defaultOrder;
  const last = Object.values(order).at(-1) ?? 1;
  return { ...order, _id: order._id ?? last };
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
 * one item past the page is read instead. Returns plain objects (`id`, never `_id`): each lean
 * document through `toItem` (by default `toDto`), which converts it once.
 */
export async function paginate<T>(
  model: AnyModel,
  filter: AnyFilter,
  defaultOrder: Record<string, SortOrder>,
  request: ListRequest,
  toItem: (doc: unknown) => T = toDto<T>,
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
      items: docs.slice(0, limit).map((d) => toItem(d)),
      pagination: uncountedMeta(page, limit, docs.length > limit),
    };
  }
  const [total, docs] = await Promise.all([model.countDocuments(filter), read(limit)]);
  return { items: docs.map((d) => toItem(d)), pagination: paginationMeta(page, limit, total) };
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
