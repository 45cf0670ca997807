// A query answered by the database (decision 13): our FerretDB's `searchEntries` command (patch
// 0009) ranks, groups, counts and facets the search entries in one PostgreSQL statement and
// returns the page's ids with their scores. This module turns a query's terms, rarities and
// per-type conditions into the command's arguments and reads its answer. An engine without the
// command (FerretDB as released, MongoDB: CommandNotFound) is remembered per connection, said
// once, and the caller searches in process instead.
import { mongoose } from '../db.js';
import type { Connection } from 'mongoose';
import { SEARCH_ENTRIES_COLLECTION } from './entries.js';
import { BODY_WEIGHT, COVERAGE_WEIGHT, PREFIX_FACTOR, TITLE_WEIGHT } from './rank.js';
import type { SearchFacets, SearchType } from './schema.js';
import { MIN_PREFIX } from './tokens.js';
import type { QueryTerm } from './tokens.js';

/** The code of an unknown command (MongoDB's and FerretDB's). */
const COMMAND_NOT_FOUND = 59;

/** A source document's field -> the entry field holding it (SEARCH-ENTRIES: `u`, `o`, `e`, `v`, `s`). */
const ENTRY_FIELDS: Readonly<Record<string, string>> = {
  universityId: 'u',
  subjectOfferingId: 'o',
  examYear: 'e',
  visible: 'v',
  status: 's',
  paperStatus: 's',
};

/** One arm of a term: the lexemes that match it one way, and that way's weight. */
interface Arm {
  lexemes: string[];
  prefix: boolean;
  title: boolean;
  weight: number;
}

/**
 * A term's arms in rank.ts's order (title exact, title prefix, body exact, body prefix), each
 * weighed as rank.ts weighs that match: field weight x match factor x rarity, the same doubles
 * multiplied in the same order. The lexemes are entries.ts's: `s<stem>` and `e<word>` for a word
 * with the term's stem, `w<word>` and `e<word>` for a word the term starts (terms of MIN_PREFIX
 * characters or more).
 */
export function termArms(term: QueryTerm, rarity: number): Arm[] {
  const arms: Arm[] = [];
  for (const [mark, weight] of [
    ['t', TITLE_WEIGHT],
    ['b', BODY_WEIGHT],
  ] as const) {
    const title = mark === 't';
    arms.push({
      lexemes: [`${mark}s${term.stem}`, `${mark}e${term.stem}`],
      prefix: false,
      title,
      weight: weight * 1 * rarity,
    });
    if (term.word.length >= MIN_PREFIX) {
      arms.push({
        lexemes: [`${mark}w${term.word}`, `${mark}e${term.word}`],
        prefix: true,
        title,
        weight: weight * PREFIX_FACTOR * rarity,
      });
    }
  }
  // rank.ts tries the title first: title exact, title prefix, then the body.
  return arms.sort((a, b) => Number(b.title) - Number(a.title));
}

/**
 * A visibility or filter condition of source fields (visibility.ts's `restrictFilter`: equalities,
 * `$in`, `$nin`, `$or`) written over the entry's fields.
 */
export function entryCondition(filter: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(filter).map(([key, value]) => {
      if (key === '$or' || key === '$and') {
        return [key, (value as Record<string, unknown>[]).map(entryCondition)];
      }
      const field = ENTRY_FIELDS[key];
      if (!field) throw new Error(`A search entry has no field for the condition on ${key}`);
      return [field, value];
    }),
  );
}

/** A type searched, and the source-field condition its documents must meet. */
export interface EngineType {
  type: SearchType;
  filter: Record<string, unknown>;
}

/** One hit of the engine's page: a group's leader, its best score, the group's other hits. */
export interface EngineHit {
  id: string;
  type: SearchType;
  score: number;
  /** The ids of the group's other hits, newest first. */
  members: string[];
}

/** The engine's answer: the exact total and facets over all groups, and the page. */
export interface EngineAnswer {
  total: number;
  facets: SearchFacets;
  hits: EngineHit[];
}

interface Reply {
  total: number;
  facets: {
    type: Record<string, number>;
    examYear: Record<string, number>;
    universityId: Record<string, number>;
  };
  hits: { _id: unknown; type: SearchType; score: number; members: unknown[] }[];
}

// Whether each connection's engine has the command: learnt from its first answer.
const hasCommand = new WeakMap<Connection, boolean>();

/** Whether the default connection's engine is known to lack the command (tests read it). */
export function engineRefusedSearch(connection: Connection = mongoose.connection): boolean {
  return hasCommand.get(connection) === false;
}

/**
 * Asks the engine for the page `page` of `limit` groups of hits of `terms` (every term must
 * match), among the entries of `types` meeting their conditions. Null when the engine has no
 * such command: the caller searches in process (decided once per connection, said once).
 */
export async function searchInEngine(
  {
    terms,
    rarity,
    types,
    page,
    limit,
  }: {
    terms: readonly QueryTerm[];
    rarity: readonly number[];
    types: readonly EngineType[];
    page: number;
    limit: number;
  },
  connection: Connection = mongoose.connection,
): Promise<EngineAnswer | null> {
  if (hasCommand.get(connection) === false || !connection.db) return null;
  const where = types.map(({ type, filter }) => ({ type, where: entryCondition(filter) }));
  let reply: Reply;
  try {
    reply = (await connection.db.command({
      searchEntries: SEARCH_ENTRIES_COLLECTION,
      terms: terms.map((term, i) => ({ arms: termArms(term, rarity[i]!) })),
      coverage: COVERAGE_WEIGHT,
      types: where,
      // Entries of subjects and topics are always visible: when every content type asks for
      // visible documents only, the index alone leaves the hidden ones out.
      visibleOnly: where.every(
        ({ type, where: w }) => type === 'subject' || type === 'topic' || w.v === true,
      ),
      skip: (page - 1) * limit,
      limit,
    })) as unknown as Reply;
  } catch (error) {
    if ((error as { code?: unknown }).code !== COMMAND_NOT_FOUND) throw error;
    hasCommand.set(connection, false);
    process.emitWarning(
      'The database has no searchEntries command (FerretDB as released, or MongoDB): searches run in process, reading every hit.',
      { code: 'QPC_SEARCH_IN_PROCESS' },
    );
    return null;
  }
  hasCommand.set(connection, true);
  return {
    total: reply.total,
    facets: {
      type: { question: 0, paper: 0, subject: 0, topic: 0, ...reply.facets.type },
      examYear: reply.facets.examYear,
      universityId: reply.facets.universityId,
    },
    hits: reply.hits.map((hit) => ({
      id: String(hit._id),
      type: hit.type,
      score: hit.score,
      members: hit.members.map(String),
    })),
  };
}
