// The universities list's search through the name key rows (name-keys.ts): an exact key pages the
// rows in the database, each row standing for its university; a longer search checks the regular
// expression on the universities holding its first characters only.
import type { SortOrder } from 'mongoose';
import { emptyPage, orderOf, paginate } from '../listing/pagination.js';
import type { ListRequest, Page } from '../listing/pagination.js';
import { literalRegex } from '../listing/search-param.js';
import { UniversityModel } from './model.js';
import { nameKeyPlan, UniversityNameKeyModel, universityOfRow } from './name-keys.js';

interface NameRow {
  universityId: unknown;
}

/**
 * A page of the universities whose name or short name contains `search`, among those `filter`
 * (equalities) selects, in the list's order; null when the name keys cannot answer it (the
 * caller then applies the regular expression to every university).
 */
export async function searchByNameKeys<T>({
  search,
  filter,
  defaultOrder,
  request,
  toItem,
}: {
  search: string;
  filter: Record<string, unknown>;
  defaultOrder: Record<string, SortOrder>;
  request: ListRequest;
  toItem: (doc: unknown) => T;
}): Promise<Page<T> | null> {
  const order = orderOf(request, defaultOrder);
  const plan = nameKeyPlan({ search, filter, order });
  if (!plan) return null;
  if (!plan.exact) {
    const rows = await UniversityNameKeyModel.find(plan.filter, { universityId: 1 })
      .lean<NameRow[]>()
      .exec();
    if (rows.length === 0) return emptyPage(request);
    const regex = literalRegex(search);
    const candidates = {
      ...filter,
      _id: { $in: rows.map((row) => row.universityId) },
      $or: [{ name: regex }, { shortName: regex }],
    };
    return paginate<T>(UniversityModel, candidates, order, request, toItem);
  }
  // The rows' own order stands for the list's (`_id` last in it, after `universityId`).
  const keyRequest = { ...request, sort: undefined };
  const toRow = (row: unknown) => toItem(universityOfRow(row as Record<string, unknown>));
  return paginate<T>(UniversityNameKeyModel, plan.filter, plan.order, keyRequest, toRow);
}
