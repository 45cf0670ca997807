import { Long } from 'mongodb';
import type { Db, Document, Sort } from 'mongodb';

/** One node of PostgreSQL's EXPLAIN (FORMAT JSON) plan, as FerretDB returns it. */
export interface PlanNode {
  'Node Type'?: string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Filter?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
  [key: string]: unknown;
}

/** What FerretDB's explain says about a query; the same shape for finds and aggregations. */
export interface FindExplanation {
  /** FerretDB sent (part of) the filter to PostgreSQL as a WHERE clause. */
  filterPushdown: boolean;
  sortPushdown: boolean;
  limitPushdown: boolean;
  /** PostgreSQL's plan (`queryPlanner.Plan`); undefined on other servers. */
  plan: PlanNode | undefined;
}

export interface ExplainFindOptions {
  sort?: Sort;
  limit?: number;
  skip?: number;
  projection?: Document;
}

/**
 * Runs FerretDB's `explain` for a find and returns its pushdown flags and PostgreSQL's plan.
 * For tests and diagnostics: on MongoDB the flags are false and the plan is undefined.
 */
export async function explainFind(
  db: Db,
  collection: string,
  filter: Document,
  options: ExplainFindOptions = {},
): Promise<FindExplanation> {
  const { skip, limit, ...rest } = options;
  // FerretDB's explain takes skip and limit as 64-bit integers only.
  return explain(db, {
    find: collection,
    filter,
    ...rest,
    ...(skip === undefined ? {} : { skip: Long.fromNumber(skip) }),
    ...(limit === undefined ? {} : { limit: Long.fromNumber(limit) }),
  });
}

/**
 * The same for an aggregation: FerretDB pushes down a leading `$match` (and a `$sort` among the
 * first two stages, which it cannot use), so this shows whether the `$match` reaches an index.
 */
export async function explainAggregate(
  db: Db,
  collection: string,
  pipeline: Document[],
): Promise<FindExplanation> {
  return explain(db, { aggregate: collection, pipeline, cursor: {} });
}

async function explain(db: Db, command: Document): Promise<FindExplanation> {
  const result = await db.command({ explain: command, verbosity: 'queryPlanner' });
  const planner = result.queryPlanner as { Plan?: PlanNode } | undefined;
  return {
    filterPushdown: result.filterPushdown === true,
    sortPushdown: result.sortPushdown === true,
    limitPushdown: result.limitPushdown === true,
    plan: planner?.Plan,
  };
}

/** Every node of a plan, depth first. */
export function planNodes(plan: PlanNode | undefined): PlanNode[] {
  if (!plan) return [];
  return [plan, ...(plan.Plans ?? []).flatMap((child) => planNodes(child))];
}

/** The index scans of a plan: `{ nodeType, indexName }` of each (Bitmap) Index (Only) Scan. */
export function indexScansOf(
  plan: PlanNode | undefined,
): { nodeType: string; indexName: string }[] {
  return planNodes(plan)
    .filter((node) => /Index( Only)? Scan$/.test(node['Node Type'] ?? ''))
    .map((node) => ({ nodeType: node['Node Type']!, indexName: node['Index Name'] ?? '' }));
}

/**
 * True when PostgreSQL answers the query through an index instead of reading the whole table:
 * some node is an Index Scan or Bitmap Index Scan (by default on one of our GIN indexes, whose
 * names end in `_gin`) and no node is a Seq Scan.
 */
export function isAnsweredByIndex(
  plan: PlanNode | undefined,
  options: { ginOnly?: boolean } = {},
): boolean {
  const ginOnly = options.ginOnly ?? true;
  const scans = indexScansOf(plan).filter((s) => !ginOnly || s.indexName.endsWith('_gin'));
  const hasSeqScan = planNodes(plan).some((node) => node['Node Type'] === 'Seq Scan');
  return scans.length > 0 && !hasSeqScan;
}

/** The node types of a plan, outermost first (for assertions and their messages). */
export function nodeTypesOf(plan: PlanNode | undefined): string[] {
  return planNodes(plan).map((node) => node['Node Type'] ?? '');
}

/**
 * True when a find's page is read from an index in order: FerretDB pushed its sort and limit
 * (the patched engine, with an exact filter), and PostgreSQL's plan is a Limit over an index
 * scan, with no sort and no sequential scan.
 */
export function isIndexedPage(explained: FindExplanation): boolean {
  const types = nodeTypesOf(explained.plan);
  return (
    explained.sortPushdown &&
    explained.limitPushdown &&
    types[0] === 'Limit' &&
    types.some((type) => /Index( Only)? Scan$/.test(type)) &&
    !types.some((type) => type === 'Seq Scan' || type.endsWith('Sort'))
  );
}

/**
 * True when a count is made by PostgreSQL (`count(*)`: an Aggregate at the top of the plan of
 * `explainAggregate(db, c, [{$match}, {$group: {_id: 1, n: {$sum: 1}}}])`, countDocuments'
 * pipeline), not by FerretDB decoding every matching document.
 */
export function isCountedInPostgres(explained: FindExplanation): boolean {
  return nodeTypesOf(explained.plan)[0] === 'Aggregate';
}
