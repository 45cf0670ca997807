// On FerretDB as released (the `upstream` build of @qpc/ferretdb, which refuses partial indexes):
// buildIndexes makes every other index and says, once per refused index, what it did instead.
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { startFerretDB } from '@qpc/ferretdb';
import type { FerretDBServer } from '@qpc/ferretdb';
import { Schema } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, disconnectDatabase, mongoose } from '../db.js';
import { QuestionModel } from '../question/model.js';
import { createDeclaredIndexes } from './index-fallback.js';
import type { IndexFallback } from './index-fallback.js';
import { buildIndexes } from './prepare.js';

/** Every partial index the models declare, as `collection.name`. */
function declaredPartialIndexes(): { name: string; isUnique: boolean }[] {
  return Object.values(mongoose.models).flatMap((model) =>
    model.schema
      .indexes()
      .filter(([, options]) => options.partialFilterExpression)
      .map(([, options]) => ({
        name: `${model.collection.collectionName}.${String(options.name)}`,
        isUnique: options.unique === true,
      })),
  );
}

describe('indexes on an engine that refuses partial indexes (FerretDB as released)', () => {
  let engine: FerretDBServer;

  beforeAll(async () => {
    engine = await startFerretDB({
      dataDir: mkdtempSync(join(inject('tempRoot'), 'stock-indexes-')),
      variant: 'upstream',
    });
    await connectDatabase({ uri: `${engine.uri}index_fallback` });
  }, 300_000);

  afterAll(async () => {
    await disconnectDatabase();
    await engine?.stop();
  });

  it('when the indexes are built twice (two starts), then each start makes every other index and warns once per refused partial index, naming it and what gets slower', async () => {
    const partial = declaredPartialIndexes();
    expect(partial.length).toBeGreaterThan(5);

    for (let start = 0; start < 2; start += 1) {
      const warnings: { message: string; details: IndexFallback }[] = [];
      await buildIndexes({ warn: (message, details) => warnings.push({ message, details }) });

      expect(warnings.map((w) => `${w.details.collection}.${w.details.index}`).sort()).toEqual(
        partial.map((index) => index.name).sort(),
      );
      for (const { message, details } of warnings) {
        expect(message).not.toContain('\n');
        expect(message).toContain(`index ${details.collection}.${details.index} `);
        expect(message).toMatch(/slower: \S/);
        expect(details.reason).toContain('partialFilterExpression');
        // Each has a plain twin with the same keys: left out, never duplicated.
        expect(details.outcome).toBe('left-out');
      }
      const visibleByType = warnings.find((w) => w.details.index === 'visible_type_long');
      expect(visibleByType?.message).toContain('visible lists filtered by type long');
      expect(visibleByType?.message).toContain('plain index createdAt_-1__id_-1');
    }

    const names = (await QuestionModel.collection.listIndexes().toArray()).map((i) => i.name);
    expect(names).toContain('createdAt_-1__id_-1');
    expect(names).toContain('paperId_1_createdAt_-1');
    expect(names).not.toContain('visible_type_long');
  });

  it('when a refused partial index has no plain twin, then it is made plain; a unique one is left out, never made plain', async () => {
    const schema = new Schema({ slug: String, rank: Number, isDraft: Boolean });
    schema.index(
      { rank: 1 },
      { name: 'drafts_by_rank', partialFilterExpression: { isDraft: true } },
    );
    schema.index(
      { slug: 1 },
      { name: 'draft_slug', unique: true, partialFilterExpression: { isDraft: true } },
    );
    const Probe = mongoose.model('IndexFallbackProbe', schema);
    try {
      await Probe.createCollection();
      const warnings: IndexFallback[] = [];
      await createDeclaredIndexes(Probe, (_message, details) => warnings.push(details));

      expect(warnings.map((w) => [w.index, w.outcome])).toEqual([
        ['drafts_by_rank', 'plain'],
        ['draft_slug', 'left-out'],
      ]);
      const made = await Probe.collection.listIndexes().toArray();
      const byRank = made.find((index) => index.name === 'drafts_by_rank');
      expect(byRank?.key).toEqual({ rank: 1 });
      expect(byRank?.partialFilterExpression).toBeUndefined();
      expect(made.map((index) => index.name)).not.toContain('draft_slug');
      // The unique index's semantics are not widened: two published documents may share a slug.
      await Probe.create([
        { slug: 'same', isDraft: false },
        { slug: 'same', isDraft: false },
      ]);
      expect(await Probe.countDocuments({ slug: 'same' })).toBe(2);
    } finally {
      mongoose.deleteModel('IndexFallbackProbe');
    }
  });

  it('when the models are read, then none declares a unique partial index (left out on such engines, its uniqueness would need enforcing otherwise)', () => {
    expect(declaredPartialIndexes().filter((index) => index.isUnique)).toEqual([]);
  });
});
