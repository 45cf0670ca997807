// Keeps each question's LSH band keys (signature.ts) in step with its text: a schema plugin, so
// every write path of the services computes them (create and insertMany while validating, an
// update that changes the text from the merged result); a deleted question takes its keys with
// it. One top-level string field per band (`similarBand0`...), each indexed: a lookup is one
// equality per band, which FerretDB pushes down to a GIN index of a single value per row (an
// array field's GIN index costs PostgreSQL fifty times more to scan, so it would rather read the
// table). Raw driver writes bypass it; backfillSimilar repairs them.
import type { Document, Query, Schema } from 'mongoose';
import { subjectIdOfPaper } from '../paper/queries.js';
import { BANDS, bandKeys } from './signature.js';

/** The fields holding a question's band keys, one per band (internal: never in a DTO). */
export const SIMILAR_BAND_FIELDS: readonly string[] = Array.from(
  { length: BANDS },
  (_, i) => `similarBand${i}`,
);

/** The band fields of a list of band keys (all null for a text without keys). */
export function bandFields(keys: readonly string[]): Record<string, string | null> {
  return Object.fromEntries(SIMILAR_BAND_FIELDS.map((field, i) => [field, keys[i] ?? null]));
}

/** The band keys a document holds, in band order (null for a band it lacks). */
export function keysOf(doc: Record<string, unknown> | null | undefined): (string | null)[] {
  return SIMILAR_BAND_FIELDS.map((field) => {
    const value = doc?.[field];
    return typeof value === 'string' ? value : null;
  });
}

/** A projection of the band fields. */
export const BAND_PROJECTION: Record<string, 1> = Object.fromEntries(
  SIMILAR_BAND_FIELDS.map((field) => [field, 1]),
);

/** The band keys of a question's text in its paper's subject. */
export async function bandsOfQuestion(paperId: unknown, text: unknown): Promise<string[]> {
  const subjectId = await subjectIdOfPaper(paperId);
  return subjectId && typeof text === 'string' ? bandKeys(subjectId, text) : [];
}

function isExclusion(projection: Record<string, unknown>): boolean {
  return Object.values(projection).every((value) => value === 0 || value === false);
}

/** Adds the band keys field, its index and the hooks that keep it right to the question schema. */
export function similarity(schema: Schema): void {
  for (const field of SIMILAR_BAND_FIELDS) {
    schema.add({ [field]: { type: String, default: null } });
    schema.index({ [field]: 1 });
  }
  const hidden = Object.fromEntries(SIMILAR_BAND_FIELDS.map((field) => [field, 0]));

  // Reads never need the keys unless they ask for them by name.
  schema.pre(['find', 'findOne'], function () {
    const projection = (this.projection() ?? {}) as Record<string, unknown>;
    if (isExclusion(projection)) this.projection({ ...projection, ...hidden });
  });

  schema.pre('validate', async function (this: Document) {
    if (!this.isNew && !this.isModified('text') && !this.isModified('paperId')) return;
    this.set(bandFields(await bandsOfQuestion(this.get('paperId'), this.get('text'))));
  });

  const beforeUpdate = async function (this: Query<unknown, unknown>) {
    const update = (this.getUpdate() ?? {}) as Record<string, unknown>;
    const set = (update.$set ?? {}) as Record<string, unknown>;
    const text = 'text' in set ? set.text : update.text;
    if (text === undefined) return;
    const current = await this.model
      .findOne(this.getFilter(), { paperId: 1 })
      .lean<{ paperId: unknown }>();
    if (!current) return;
    this.set(bandFields(await bandsOfQuestion(current.paperId, text)));
  };
  for (const op of ['findOneAndUpdate', 'updateOne'] as const) schema.pre(op, beforeUpdate);
}
