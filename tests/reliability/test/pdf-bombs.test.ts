// Decompression bombs behind every filter chain pdf.js follows, uploaded three at a time to the
// REST app as a real process, while its resident memory is read from /proc. A bomb must be
// refused with 415 in plain words, and the process must stay under 600 MB throughout: without
// the check following the chain, each one took the process past 1 GB (pdf.js holds what a stream
// decodes to, and a thread's heap limit does not cover array buffers).
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { BOMB_KINDS, pdfBomb } from '@qpc/domain/testing';
import { startFerretDB } from '@qpc/ferretdb';
import type { FerretDBServer } from '@qpc/ferretdb';
import { tokenFor } from '@qpc/server-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeOffering, makePaperOf } from './support/catalog.js';
import { ADMIN_SUB, baseEnv, startService } from './support/processes.js';
import { restCall } from './support/rest-call.js';
import type { ServiceProcess } from './support/processes.js';

const DATABASE = 'pdf_bombs';
const MB = 1_000_000;
const MiB = 1024 * 1024;
/** Each bomb decodes to this: twice the reader's default budget (256 MiB). */
const EXPANDS_TO = 512 * MiB;
const AT_ONCE = 3;
const RSS_CEILING = 600 * MB;

/** The resident memory of a process, from /proc (bytes). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb) * 1024;
}

/** Samples a process's RSS every 20 ms while `work` runs; resolves with the peak and the result. */
async function peakRssDuring<T>(pid: number, work: Promise<T>): Promise<[number, T]> {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 20);
  try {
    const result = await work;
    peak = Math.max(peak, rssOf(pid));
    return [peak, result];
  } finally {
    clearInterval(timer);
  }
}

describe('PDF bombs uploaded three at a time', () => {
  const dataDir = mkdtempSync(join(inject('tempRoot'), 'pdf-bombs-db-'));
  let db: FerretDBServer;
  let app: ServiceProcess;
  let token: string;

  const call = (method: string, path: string, body?: unknown) =>
    restCall(app, token, method, path, { body, timeoutMs: 90_000 });

  beforeAll(async () => {
    db = await startFerretDB({ dataDir });
    app = await startService(
      'rest-api',
      baseEnv({ MONGODB_URI: `${db.uri}${DATABASE}`, RATE_LIMIT_MAX: '100000' }),
    );
    token = await tokenFor(ADMIN_SUB);
  });

  afterAll(async () => {
    await app?.stop();
    await db?.stop();
  });

  it.each(BOMB_KINDS)(
    'when three %s bombs are uploaded at once, then each is 415 in plain words and the REST process stays under 600 MB',
    async (kind) => {
      const bomb = await pdfBomb(kind, EXPANDS_TO);
      const offeringId = await makeOffering(call, 'Bombs');
      const papers: string[] = [];
      for (let i = 0; i < AT_ONCE; i += 1)
        papers.push((await makePaperOf(call, offeringId, 2000 + i)).id);
      const pid = app.child.pid!;
      const [peak, answers] = await peakRssDuring(
        pid,
        Promise.all(papers.map((id) => call('PUT', `/papers/${id}/file`, bomb))),
      );
      for (const answer of answers) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(415);
        expect(answer.body.error).toMatchObject({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'The PDF is refused: its compressed streams expand past 256 MiB',
        });
      }
      expect(peak, `peak RSS ${Math.round(peak / MB)} MB`).toBeLessThan(RSS_CEILING);
      // Nothing of a refused file is kept.
      for (const id of papers) expect((await call('GET', `/papers/${id}/file`)).status).toBe(404);
    },
    180_000,
  );
});
