// A restart while a scan is read by OCR: the REST app runs as a real process, is killed (SIGKILL)
// while the paper's drafts are pending, and another instance is started on the same database.
// Its start-up sweep finds the drafts gone quiet and reads them again: they end `ready`, never
// pending for ever, with each draft once.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { scannedPdf } from '@qpc/domain/testing';
import { tokenFor } from '@qpc/server-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePaper } from './support/catalog.js';
import { ADMIN_SUB, baseEnv, startService, waitFor } from './support/processes.js';
import type { ServiceProcess } from './support/processes.js';
import { restCall } from './support/rest-call.js';

/** Drafts with no sign of life for this long are read again (the heartbeat is a third of it). */
const RESUME_AFTER_MS = 2_000;

describe('a restart during OCR', () => {
  const env = () =>
    baseEnv({
      MONGODB_URI: `${inject('mongoUri')}ocr_restart_${randomUUID().slice(0, 8)}`,
      DRAFTS_RESUME_AFTER_MS: String(RESUME_AFTER_MS),
      OCR_ENGINE: 'native',
    });
  let settings: Record<string, string>;
  let first: ServiceProcess | undefined;
  let second: ServiceProcess | undefined;
  let token: string;

  beforeAll(async () => {
    settings = env();
    token = await tokenFor(ADMIN_SUB);
  });
  afterAll(async () => {
    await Promise.all([first?.stop('SIGKILL'), second?.stop()]);
  });

  const api = (service: ServiceProcess, method: string, path: string, body?: unknown) =>
    restCall(service, token, method, path, { body, timeoutMs: 30_000 });

  it('when the app is killed while a scan is read, then the next instance reads it again and the drafts end ready, each once', async () => {
    const app = await startService('rest-api', settings);
    first = app;
    const paperId = (await makePaper((method, path, body) => api(app, method, path, body), 'OCR'))
      .id;
    // Each page's question differs in words and place: a line repeated at one place on every
    // page is a running header.
    const pages = [
      [{ x: 72, y: 780, text: 'Q1. Define a semaphore. [2]' }],
      [{ x: 72, y: 700, text: 'Q2. Explain paging with an example. [5]' }],
      [{ x: 72, y: 620, text: 'Q3. What is a deadlock? [3]' }],
    ];
    const pdf = await scannedPdf(pages, { dpi: 100 });
    const upload = await api(first, 'PUT', `/papers/${paperId}/file`, pdf);
    expect(upload.status).toBe(200);
    const pending = await api(first, 'GET', `/papers/${paperId}/drafts`);
    // Read by OCR page by page: the upload answers long before the last page is read.
    expect(pending.body.data.status).toBe('pending');
    await first.stop('SIGKILL');

    // The killed instance's last heartbeat grows old; then another instance starts and sweeps.
    await sleep(RESUME_AFTER_MS + 500);
    second = await startService('rest-api', settings);
    const drafts = await waitFor(
      async () => {
        const res = await api(second!, 'GET', `/papers/${paperId}/drafts`);
        return res.body.data.status === 'pending' ? undefined : res.body.data;
      },
      90_000,
      'the drafts to be read again after the restart',
    );
    expect(drafts).toMatchObject({ status: 'ready', ocrPages: [1, 2, 3], progress: null });
    expect(
      drafts.drafts.map((d: { number: string; marks: number }) => [d.number, d.marks]),
    ).toEqual([
      ['1', 2],
      ['2', 5],
      ['3', 3],
    ]);
  });
});
