// What the property tests of arbitrary Unicode writes check of every write: whole or nothing,
// and every derived field (search keys, similarity bands, name keys) that of the stored text.
import { Types } from 'mongoose';
import { expect } from 'vitest';
import { mongoose } from '../db.js';
import { DomainError } from '../errors.js';
import { QuestionModel } from '../question/model.js';
import { indexOf, searchableFieldsOf } from '../search/indexing.js';
import { settleEntryJournal } from '../search/journal-retirement.js';
import { STALE_COUNTS_MARKER } from '../search/terms.js';
import { SEARCH_KEY_FIELDS } from '../search/tokens.js';
import { bandFields, bandsOfQuestion, keysOf } from '../similar/plugin.js';
import type { AnyModel } from '../storage/model-helpers.js';
import { UniversityModel } from '../university/model.js';
import { nameKeysOf, PENDING_KEY, UniversityNameKeyModel } from '../university/name-keys.js';
import { PENDING_WRITES_COLLECTION } from '../writing/pending-writes.js';

type Outcome<T> = { value: T } | { error: unknown };
export async function attempt<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { value: await run() };
  } catch (error) {
    return { error };
  }
}

/** The refusals bad input may get: 400 or 409, a domain error. Anything else is a defect. */
export function expectRefusal(error: unknown): void {
  if (!(error instanceof DomainError)) throw error;
  expect([400, 409]).toContain(error.status);
}

export const stored = (model: AnyModel, id: string) =>
  model.collection.findOne({ _id: new Types.ObjectId(id) });
const db = () => mongoose.connection.db!;

/** Nothing any write left half done: no journal row, no pending name keys, no stale counts. */
export async function expectNothingPending(): Promise<void> {
  await settleEntryJournal();
  expect(await db().collection(PENDING_WRITES_COLLECTION).countDocuments()).toBe(0);
  expect(await UniversityNameKeyModel.countDocuments({ key: PENDING_KEY })).toBe(0);
  expect(
    await db().collection<{ _id: string }>('migrations').findOne(STALE_COUNTS_MARKER),
  ).toBeNull();
}

/** The stored search keys are those of the stored text. */
export async function expectSearchKeys(model: AnyModel, id: string): Promise<void> {
  const doc = (await stored(model, id))!;
  const expected = indexOf(searchableFieldsOf(model.schema)!, (path) => doc[path]).fields;
  for (const field of SEARCH_KEY_FIELDS) expect(doc[field] ?? []).toEqual(expected[field]);
}

/** The stored similarity bands are those of the stored text. */
export async function expectBands(id: string): Promise<void> {
  const doc = (await stored(QuestionModel, id))!;
  expect(keysOf(doc)).toEqual(keysOf(bandFields(await bandsOfQuestion(doc.paperId, doc.text))));
}

/** The name key rows are those of the stored names, each a copy of the stored university. */
export async function expectNameKeys(id: string): Promise<void> {
  const doc = (await stored(UniversityModel, id))!;
  const rows = await UniversityNameKeyModel.find({ universityId: id }).lean();
  expect(rows.map((row) => row.key).sort()).toEqual(nameKeysOf([doc.name, doc.shortName]).sort());
  for (const row of rows) expect([row.name, row.slug]).toEqual([doc.name, doc.slug]);
}

/**
 * A create is whole or absent: refused (400/409) with the count unchanged, or one more
 * document whose answer matches what is stored and whose derived fields `check` verifies.
 */
export async function expectWholeCreate<T extends { id: string }>(
  model: AnyModel,
  run: () => Promise<T>,
  check: (value: T, doc: Record<string, unknown>) => Promise<void>,
): Promise<void> {
  const before = await model.countDocuments();
  const outcome = await attempt(run);
  if ('error' in outcome) {
    expectRefusal(outcome.error);
    expect(await model.countDocuments()).toBe(before);
  } else {
    expect(await model.countDocuments()).toBe(before + 1);
    await check(outcome.value, (await stored(model, outcome.value.id))!);
  }
  await expectNothingPending();
}

/** An update is whole or nothing: refused with the document unchanged, or checked as a create. */
export async function expectWholeUpdate<T extends { id: string }>(
  model: AnyModel,
  id: string,
  run: () => Promise<T>,
  check: (value: T, doc: Record<string, unknown>) => Promise<void>,
): Promise<void> {
  const before = await stored(model, id);
  const outcome = await attempt(run);
  if ('error' in outcome) {
    expectRefusal(outcome.error);
    expect(await stored(model, id)).toEqual(before);
  } else {
    await check(outcome.value, (await stored(model, id))!);
  }
  await expectNothingPending();
}

/** The answer's fields are the stored ones (nothing silently changed on the way in). */
export function expectAnswered(
  value: object,
  doc: Record<string, unknown>,
  fields: string[],
): void {
  const answer = value as Record<string, unknown>;
  for (const field of fields) expect(answer[field] ?? null).toEqual(doc[field] ?? null);
}
