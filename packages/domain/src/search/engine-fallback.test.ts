// On FerretDB as released (the `upstream` build of @qpc/ferretdb, which has no searchEntries
// command): the engine path learns once that the command is unknown, says so once, and searches
// in process, answering what the in-process path answers.
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { startFerretDB } from '@qpc/ferretdb';
import type { FerretDBServer } from '@qpc/ferretdb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, disconnectDatabase, mongoose } from '../db.js';
import { makeOffering, makePaper, makeQuestion } from '../test-support/content-fixtures.js';
import { engineRefusedSearch, searchInEngine } from './engine.js';
import { searchPageBy } from './service.js';
import { queryTerms } from './tokens.js';

describe('search on an engine without the searchEntries command (FerretDB as released)', () => {
  let engine: FerretDBServer;

  beforeAll(async () => {
    engine = await startFerretDB({
      dataDir: mkdtempSync(join(inject('tempRoot'), 'stock-search-')),
      variant: 'upstream',
    });
    await connectDatabase({ uri: `${engine.uri}search_fallback` });
  }, 300_000);

  afterAll(async () => {
    await disconnectDatabase();
    await engine?.stop();
  });

  it('when a search is asked twice, then the engine is asked once, one warning says searches run in process, and the answers are the in-process ones', async () => {
    const offering = await makeOffering('Fallback subject');
    const paper = await makePaper(offering.offeringId, { title: 'Quasar paper' });
    await makeQuestion(paper.id, { slug: 'quasar-spectra', text: 'Explain quasar spectra.' });
    await makeQuestion(paper.id, { slug: 'pulsar-timing', text: 'Pulsar and quasar timing.' });

    const warnings: Error[] = [];
    const listen = (warning: Error) => {
      if ((warning as { code?: string }).code === 'QPC_SEARCH_IN_PROCESS') warnings.push(warning);
    };
    process.on('warning', listen);
    try {
      const query = { q: 'quasar' };
      const first = await searchPageBy('engine', { actor: null, query });
      const second = await searchPageBy('engine', { actor: null, query });
      const inProcess = await searchPageBy('in-process', { actor: null, query });
      expect(first.result).toEqual(inProcess.result);
      expect(second.result).toEqual(inProcess.result);
      expect(first.result.items.map((hit) => hit.slug)).toEqual([
        'quasar-spectra',
        'quasar-paper',
        'pulsar-timing',
      ]);
      expect(engineRefusedSearch(mongoose.connection)).toBe(true);
      // Once decided, the engine is not asked again.
      const asked = await searchInEngine({
        terms: queryTerms('quasar'),
        rarity: [1],
        types: [{ type: 'question', filter: { visible: true } }],
        page: 1,
        limit: 20,
      });
      expect(asked).toBeNull();
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.map((w) => w.message)).toEqual([
        'The database has no searchEntries command (FerretDB as released, or MongoDB): searches run in process, reading every hit.',
      ]);
    } finally {
      process.off('warning', listen);
    }
  });
});
