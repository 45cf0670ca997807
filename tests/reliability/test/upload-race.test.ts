// Racing uploads of one paper's PDF, over HTTP, to two REST instances sharing one database (the
// apps are stateless and may run side by side): uploads are attached one at a time under the
// paper's lease, whichever instance serves them. Each round checks what a user would: every
// answer describes the caller's own file (or is a 409 in plain words), the paper keeps the file
// attached last with that file's drafts, and only that file stays stored.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { mongoose, samplePdf } from '@qpc/domain/testing';
import { startFerretDB } from '@qpc/ferretdb';
import type { FerretDBServer } from '@qpc/ferretdb';
import { tokenFor } from '@qpc/server-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePaper } from './support/catalog.js';
import { ADMIN_SUB, baseEnv, startService, waitFor } from './support/processes.js';
import { restCall } from './support/rest-call.js';
import type { ServiceProcess } from './support/processes.js';

const DATABASE = 'upload_race';
const ROUNDS = 16;
const RACERS = 3;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('racing uploads to one paper', () => {
  const dataDir = mkdtempSync(join(inject('tempRoot'), 'upload-race-db-'));
  let db: FerretDBServer;
  const apps: ServiceProcess[] = [];
  let token: string;

  const call = (app: ServiceProcess, method: string, path: string, body?: unknown) =>
    restCall(app, token, method, path, { body, timeoutMs: 60_000 });

  async function inspect<T>(look: (d: mongoose.mongo.Db) => Promise<T>): Promise<T> {
    const client = new mongoose.mongo.MongoClient(`${db.uri}${DATABASE}`);
    try {
      await client.connect();
      return await look(client.db(DATABASE));
    } finally {
      await client.close().catch(() => undefined);
    }
  }

  /** A PDF whose two questions carry `marker`, so its drafts tell which file they came from. */
  function pdfMarked(marker: string): Buffer {
    return samplePdf(`Paper ${marker}`, [
      `1. Explain the stack named ${marker}. [5 marks]`,
      `2. Explain the queue named ${marker}. [3 marks]`,
    ]);
  }

  /** The paper's drafts once read (not pending). */
  function settledDrafts(paperId: string): Promise<any> {
    return waitFor(
      async () => {
        const res = await call(apps[0]!, 'GET', `/papers/${paperId}/drafts`);
        return res.status === 200 && res.body.data.status !== 'pending' ? res.body.data : undefined;
      },
      60_000,
      `the drafts of paper ${paperId} to be read`,
    );
  }

  beforeAll(async () => {
    db = await startFerretDB({ dataDir });
    const env = () => baseEnv({ MONGODB_URI: `${db.uri}${DATABASE}`, RATE_LIMIT_MAX: '100000' });
    apps.push(await startService('rest-api', env()), await startService('rest-api', env()));
    token = await tokenFor(ADMIN_SUB);
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop()));
    await db?.stop();
  });

  it(`when ${RACERS} different PDFs race to one paper through two instances, ${ROUNDS} rounds, then each answer shows its own file and the last attached file keeps its drafts`, async () => {
    const tally = { ok: 0, conflict: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      const paper = await makePaper(
        (method, path, body) => call(apps[0]!, method, path, body),
        'Race',
        2024,
      );
      const markers = Array.from(
        { length: RACERS },
        (_, i) => `r${round}x${i}${randomUUID().slice(0, 6)}`,
      );
      const pdfs = markers.map(pdfMarked);
      const answers = await Promise.all(
        pdfs.map((pdf, i) => call(apps[i % apps.length]!, 'PUT', `/papers/${paper.id}/file`, pdf)),
      );

      const accepted: { marker: string; sha: string; uploadedAt: string }[] = [];
      answers.forEach((answer, i) => {
        if (answer.status === 409) {
          tally.conflict += 1;
          expect(answer.body.error.message).toBe(
            "Another change to this paper's file is still being saved; try again in a moment",
          );
          return;
        }
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        tally.ok += 1;
        // The caller's own file, never the one another upload attached.
        expect(answer.body.data.file).toMatchObject({
          sha256: sha256(pdfs[i]!),
          size: pdfs[i]!.length,
        });
        accepted.push({ marker: markers[i]!, sha: sha256(pdfs[i]!), ...answer.body.data.file });
      });
      expect(accepted.length).toBeGreaterThan(0);

      // The upload attached last is the paper's file.
      const last = accepted.reduce((a, b) =>
        Date.parse(a.uploadedAt) > Date.parse(b.uploadedAt) ? a : b,
      );
      const now = await call(apps[1]!, 'GET', `/papers/${paper.slug}`);
      expect(now.body.data.file.sha256).toBe(last.sha);

      // Its drafts are the paper's drafts.
      const drafts = await settledDrafts(paper.id);
      expect(drafts.status).toBe('ready');
      expect(drafts.drafts).toHaveLength(2);
      for (const draft of drafts.drafts) expect(draft.text).toContain(last.marker);

      // Only the attached file is stored; no pending operation is left.
      const stored = await inspect(async (d) => ({
        files: await d
          .collection('paperFiles.files')
          .countDocuments({ 'metadata.paperId': new mongoose.Types.ObjectId(paper.id) }),
        pending: await d
          .collection('paperFiles.pending')
          .countDocuments({ paperId: new mongoose.Types.ObjectId(paper.id) }),
      }));
      expect(stored).toEqual({ files: 1, pending: 0 });
    }
    // Racing uploads are attached one after another, not refused.
    expect(tally).toEqual({ ok: ROUNDS * RACERS, conflict: 0 });
    for (const app of apps) expect(app.output()).not.toMatch(/"statusCode":500/);
  }, 600_000);

  it('when a paper lost its drafts, then uploading the same bytes again reads them again', async () => {
    const paper = await makePaper(
      (method, path, body) => call(apps[0]!, method, path, body),
      'Race',
      2024,
    );
    const marker = `heal${randomUUID().slice(0, 6)}`;
    const pdf = pdfMarked(marker);
    expect((await call(apps[0]!, 'PUT', `/papers/${paper.id}/file`, pdf)).status).toBe(200);
    expect((await settledDrafts(paper.id)).drafts).toHaveLength(2);
    // The state the race used to leave: a file and no drafts.
    await inspect((d) =>
      d.collection('paperdrafts').deleteOne({ _id: new mongoose.Types.ObjectId(paper.id) }),
    );
    expect((await call(apps[0]!, 'GET', `/papers/${paper.id}/drafts`)).status).toBe(404);

    const again = await call(apps[1]!, 'PUT', `/papers/${paper.id}/file`, pdf);
    expect(again.status).toBe(200);
    expect(again.body.data.file.sha256).toBe(sha256(pdf));
    const drafts = await settledDrafts(paper.id);
    expect(drafts.status).toBe('ready');
    expect(drafts.drafts.map((d: { text: string }) => d.text)).toEqual([
      expect.stringContaining(marker),
      expect.stringContaining(marker),
    ]);
  }, 120_000);
});
