// Scanned papers become drafts over HTTP: pages with no text layer are read by OCR (Tesseract,
// native or tesseract.js), through the same layout as text pages; and each kind of bad input gets
// a clear answer while the service goes on serving. Scans are made at test time from text PDFs.
import {
  imagePdf,
  makeOffering,
  makePaper,
  paperDraftsSettled,
  passwordPdf,
  resizedJpegHeader,
  scannedPdf,
  scanPages,
  textPdf,
  truncatedJpeg,
  withImagePages,
} from '@qpc/domain/testing';
import type { PdfLine } from '@qpc/domain/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { client } from './support/api.js';
import type { Call } from './support/api.js';
import { startApp, useApp } from './support/harness.js';

/** A short paper: two questions with marks in a right-hand column, and an mcq. */
function paperLines(): PdfLine[] {
  return [
    { x: 72, y: 790, text: 'Operating Systems End-Term Examination 2023', size: 14 },
    { x: 72, y: 766, text: 'Time: 3 hours Maximum Marks: 14' },
    { x: 72, y: 736, text: 'Q1. Explain deadlock avoidance with the banker algorithm.' },
    { x: 500, y: 736, text: '[8]' },
    { x: 72, y: 712, text: 'Q2. Which page replacement policy suffers from Belady anomaly?' },
    { x: 90, y: 696, text: 'A. FIFO' },
    { x: 90, y: 680, text: 'B. LRU' },
    { x: 90, y: 664, text: 'C. Optimal' },
    { x: 90, y: 648, text: 'D. Clock [1]' },
    { x: 72, y: 620, text: 'Q3. Describe paging with a two-level page table.' },
    { x: 500, y: 620, text: '[5]' },
  ];
}

const second: PdfLine[] = [{ x: 72, y: 780, text: 'Q4. Define a semaphore. [2]' }];
/** A paper of one short question. */
const short: PdfLine[] = [{ x: 72, y: 780, text: 'Q1. Define a semaphore. [2]' }];

type Drafts = {
  status: string;
  reason: string | null;
  pages: number;
  textLayer: boolean;
  ocrPages: number[];
  progress: unknown;
  warnings: string[];
  drafts: {
    number: string;
    marks: number | null;
    type: string;
    page: number;
    options: string[] | null;
  }[];
};

describe('scanned papers read by OCR over REST', () => {
  const { app: base, admin, editor } = useApp();
  let offeringId: string;
  beforeAll(async () => {
    offeringId = (await makeOffering(admin.actor)).offering.id;
  });

  /** Starts an app with `env` over the same database, runs `check` with it, then closes it. */
  async function withApp(
    env: Record<string, string>,
    check: (call: Call, url: string) => Promise<void>,
  ) {
    const app = await startApp(env, { shareDatabaseWith: base });
    try {
      await check(client(app.url), app.url);
    } finally {
      await app.close();
    }
  }

  async function upload(
    url: string,
    pdf: Buffer,
  ): Promise<{ status: number; paperId: string; body: any }> {
    const paper = await makePaper(editor.actor, offeringId, { status: 'pending' });
    const res = await fetch(`${url}/api/v1/papers/${paper.id}/file`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${editor.token}`, 'content-type': 'application/pdf' },
      body: pdf,
    });
    return { status: res.status, paperId: paper.id, body: await res.json() };
  }

  async function draftsOf(call: Call, paperId: string): Promise<Drafts> {
    await paperDraftsSettled(paperId);
    const res = await call('GET', `/papers/${paperId}/drafts`, { token: editor.token });
    expect(res.status).toBe(200);
    return res.body.data as Drafts;
  }

  const summary = (drafts: Drafts) => drafts.drafts.map((d) => [d.number, d.marks, d.type, d.page]);

  it('when a scan turned 1.5 degrees is uploaded, then native Tesseract reads its numbers, marks column and options', async () => {
    await withApp({ OCR_ENGINE: 'native' }, async (call, url) => {
      const pdf = await scannedPdf([paperLines(), second], { dpi: 150, skewDegrees: 1.5 });
      const { status, paperId } = await upload(url, pdf);
      expect(status).toBe(200);
      const drafts = await draftsOf(call, paperId);
      expect(drafts).toMatchObject({ status: 'ready', pages: 2, textLayer: false, progress: null });
      expect(drafts.ocrPages).toEqual([1, 2]);
      expect(summary(drafts)).toEqual([
        ['1', 8, 'long', 1],
        ['2', 1, 'mcq', 1],
        ['3', 5, 'short', 1],
        ['4', 2, 'short', 2],
      ]);
      expect(drafts.drafts[1]!.options).toEqual(['FIFO', 'LRU', 'Optimal', 'Clock']);
    });
  });

  it('when OCR_ENGINE is js, then the tesseract.js fallback reads a short scanned page', async () => {
    await withApp({ OCR_ENGINE: 'js' }, async (call, url) => {
      const pdf = await scannedPdf([short], { dpi: 150 });
      const { paperId } = await upload(url, pdf);
      const drafts = await draftsOf(call, paperId);
      expect(drafts).toMatchObject({ status: 'ready', textLayer: false, ocrPages: [1] });
      expect(summary(drafts)).toEqual([['1', 2, 'short', 1]]);
    });
  });

  it('when a PDF mixes a text page and a scanned page, then only the scanned page is read by OCR', async () => {
    await withApp({ OCR_ENGINE: 'native' }, async (call, url) => {
      const scan = await scanPages(textPdf([second]), { dpi: 150 });
      const { paperId } = await upload(url, await withImagePages(textPdf([paperLines()]), scan));
      const drafts = await draftsOf(call, paperId);
      expect(drafts).toMatchObject({ status: 'ready', pages: 2, textLayer: true, ocrPages: [2] });
      expect(summary(drafts).map(([n, marks]) => [n, marks])).toEqual([
        ['1', 8],
        ['2', 1],
        ['3', 5],
        ['4', 2],
      ]);
    });
  });

  it('when a PDF is locked with a password, then the upload is 415 saying so and the service goes on', async () => {
    const { status, body } = await upload(base.url, passwordPdf());
    expect(status).toBe(415);
    expect(body.error.message).toMatch(/encrypted/);
    expect((await fetch(`${base.url}/api/v1/health`)).status).toBe(200);
  });

  it('when a page image is damaged or declares 20,000 × 20,000 pixels, then that page is skipped with a warning and the others are read', async () => {
    await withApp({ OCR_ENGINE: 'native' }, async (call, url) => {
      const [good, damaged, huge] = await scanPages(textPdf([short, short, short]), { dpi: 100 });
      const pdf = await imagePdf([
        good!,
        { ...damaged!, jpeg: truncatedJpeg(damaged!.jpeg) },
        { ...huge!, jpeg: resizedJpegHeader(huge!.jpeg, 20_000, 20_000) },
      ]);
      const { paperId } = await upload(url, pdf);
      const drafts = await draftsOf(call, paperId);
      expect(drafts).toMatchObject({ status: 'ready', ocrPages: [1] });
      expect(drafts.warnings).toEqual(
        expect.arrayContaining([
          'Page 2: its image could not be read (its JPEG data ends early): the page is skipped',
          'Page 3 holds an image of 20000 × 20000 pixels, more than OCR reads (100 megapixels): the page is skipped',
        ]),
      );
      expect(summary(drafts)).toEqual([['1', 2, 'short', 1]]);
    });
  });

  it('when a PDF has no text and no images, then its drafts are ready and empty with a warning', async () => {
    const { paperId } = await upload(base.url, textPdf([[]]));
    const drafts = await draftsOf(client(base.url), paperId);
    expect(drafts).toMatchObject({ status: 'ready', drafts: [], ocrPages: [], textLayer: false });
    expect(drafts.warnings).toContain('Page 1 has no text and no images: nothing to read');
  });

  it('when a scan has more pages than DRAFTS_MAX_PAGES, then only the first are read, with a warning', async () => {
    await withApp({ DRAFTS_MAX_PAGES: '1' }, async (call, url) => {
      const pdf = await scannedPdf(
        [short, [{ x: 72, y: 780, text: 'Q2. Define a monitor. [3]' }]],
        {
          dpi: 100,
        },
      );
      const { paperId } = await upload(url, pdf);
      const drafts = await draftsOf(call, paperId);
      expect(drafts).toMatchObject({ status: 'ready', pages: 2, ocrPages: [1] });
      expect(drafts.warnings).toContain(
        'The PDF has 2 pages: only the first 1 are read (DRAFTS_MAX_PAGES)',
      );
      expect(summary(drafts)).toEqual([['1', 2, 'short', 1]]);
    });
  });

  it('when a page takes longer than OCR_PAGE_TIMEOUT_MS, then the drafts fail with the reason, the file is kept and the service goes on', async () => {
    await withApp({ OCR_PAGE_TIMEOUT_MS: '1' }, async (call, url) => {
      const pdf = await scannedPdf([short], { dpi: 100 });
      const { paperId } = await upload(url, pdf);
      const drafts = await draftsOf(call, paperId);
      expect(drafts.status).toBe('failed');
      expect(drafts.reason).toBe('OCR took longer than 0.001 s on page 1');
      const file = await fetch(`${url}/api/v1/papers/${paperId}/file`, {
        headers: { authorization: `Bearer ${editor.token}` },
      });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
      expect((await fetch(`${url}/api/v1/health`)).status).toBe(200);
    });
  });

  it('while a scan is read, then its drafts are pending with progress of pages read', async () => {
    await withApp({ OCR_ENGINE: 'native' }, async (call, url) => {
      const pdf = await scannedPdf([short, short], { dpi: 100 });
      const { paperId } = await upload(url, pdf);
      // The upload answers before any page is read; each page takes a second or more to read.
      const seen: unknown[] = [];
      for (;;) {
        const res = await call('GET', `/papers/${paperId}/drafts`, { token: editor.token });
        if (res.body.data.status !== 'pending') break;
        if (res.body.data.progress) seen.push(res.body.data.progress);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(seen.length).toBeGreaterThan(0);
      for (const progress of seen) {
        expect(progress).toEqual({ pagesRead: expect.any(Number), pages: 2 });
        expect((progress as { pagesRead: number }).pagesRead).toBeLessThanOrEqual(2);
      }
      const drafts = await draftsOf(call, paperId);
      expect(drafts).toMatchObject({ status: 'ready', progress: null, ocrPages: [1, 2] });
    });
  });
});
