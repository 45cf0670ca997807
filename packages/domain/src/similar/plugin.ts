// Keeps each question's LSH band keys (`similarBands`, signature.ts) in step with its text: a
// schema plugin, so every write path of the services computes them (create and insertMany while
// validating, an update that changes the text from the merged result); a deleted question takes
// its keys with it. One array field with a (GIN on PostgreSQL, multikey on MongoDB) index: a
// lookup is one equality per band key. Raw driver writes bypass it; backfillSimilar repairs them.
import type { Document, Query, Schema } from 'mongoose';
import { PaperModel } from '../paper/model.js';
import { bandKeys } from './signature.js';

/** The field holding a question's band keys (internal: never in a DTO). */
export const SIMILAR_BANDS_FIELD = 'similarBands';

/** The subject of a paper, as band keys name it (empty when the paper is missing). */
export async function subjectOfPaper(paperId: unknown): Promise<string> {
  const paper = await PaperModel.findById(paperId, { subjectId: 1 }).lean();
  return paper ? String(paper.subjectId) : '';
}

/** The band keys of a question's text in its paper's subject. */
export async function bandsOfQuestion(paperId: unknown, text: unknown): Promise<string[]> {
  const subjectId = await subjectOfPaper(paperId);
  return subjectId && typeof text === 'string' ? bandKeys(subjectId, text) : [];
}

function isExclusion(projection: Record<string, unknown>): boolean {
  return Object.values(projection).every((value) => value === 0 || value === false);
}

/** Adds the band keys field, its index and the hooks that keep it right to the question schema. */
export function similarity(schema: Schema): void {
  schema.add({ [SIMILAR_BANDS_FIELD]: { type: [String], default: undefined } });
  schema.index({ [SIMILAR_BANDS_FIELD]: 1 });

  // Reads never need the keys unless they ask for them by name.
  schema.pre(['find', 'findOne'], function () {
    const projection = (this.projection() ?? {}) as Record<string, unknown>;
    if (isExclusion(projection)) this.projection({ ...projection, [SIMILAR_BANDS_FIELD]: 0 });
  });

  schema.pre('validate', async function (this: Document) {
    if (!this.isNew && !this.isModified('text') && !this.isModified('paperId')) return;
    this.set(SIMILAR_BANDS_FIELD, await bandsOfQuestion(this.get('paperId'), this.get('text')));
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
    this.set(SIMILAR_BANDS_FIELD, await bandsOfQuestion(current.paperId, text));
  };
  for (const op of ['findOneAndUpdate', 'updateOne'] as const) schema.pre(op, beforeUpdate);
}
