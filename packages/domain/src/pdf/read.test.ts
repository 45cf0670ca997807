import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { pdfReaderThreadsStarted, readPdf, PdfReadError } from './read.js';
import { assemblePdf, pdfStream, textPdf } from './write.js';

const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>';
const EMPTY_PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>';

/** One page whose content stream is `content` (with the stream's own dictionary entries). */
function onePage(content: Buffer | string, entries = ''): Buffer {
  return assemblePdf([
    CATALOG,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    pdfStream(entries, content),
  ]);
}

async function refusal(data: Buffer, limits = {}): Promise<string> {
  const error = await readPdf(data, limits).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PdfReadError);
  return (error as PdfReadError).message;
}

/**
 * The service thread is free while a file is read: its event loop keeps turning (counted by a
 * chain of setImmediate, which runs once per turn however fast the read is; a read that blocked
 * the thread would settle before the first turn). A 20 ms timer missed reads that end sooner.
 */
async function ticksDuring(work: Promise<unknown>): Promise<number> {
  let ticks = 0;
  let running = true;
  const turn = () => {
    if (!running) return;
    ticks += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  await work.catch(() => undefined);
  running = false;
  return ticks;
}

describe('readPdf', () => {
  it('when a PDF has text on two pages, then its runs come back page by page with their positions', async () => {
    const pdf = textPdf([
      [{ x: 72, y: 700, text: '1. What is a stack? [5 marks]' }],
      [{ x: 300, y: 400, text: 'Page two', size: 14 }],
    ]);
    const content = await readPdf(pdf);
    expect(content.pages).toHaveLength(2);
    expect(content.pages[0]!.items).toEqual([
      expect.objectContaining({ str: '1. What is a stack? [5 marks]', x: 72, y: 700, size: 11 }),
    ]);
    expect(content.pages[1]!.items[0]).toMatchObject({ str: 'Page two', x: 300, y: 400, size: 14 });
    expect(content.pages[0]).toMatchObject({ width: 595, height: 842 });
  });

  it('when the body only starts like a PDF, then it is refused as unreadable', async () => {
    expect(await refusal(Buffer.from('%PDF-'))).toMatch(/could not be read as a PDF/);
    const noise = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5000, 7)]);
    expect(await refusal(noise)).toMatch(/could not be read as a PDF/);
  });

  it('when a PDF has more pages than the limit, then it is refused naming the count', async () => {
    const count = 40;
    const kids = Array.from({ length: count }, (_, i) => `${i + 3} 0 R`).join(' ');
    const pages = Array.from({ length: count }, () => EMPTY_PAGE);
    const pdf = assemblePdf([
      CATALOG,
      `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`,
      ...pages,
    ]);
    expect(await refusal(pdf, { maxPages: 30 })).toBe('The PDF has 40 pages; at most 30 are read');
  });

  it('when a PDF nests arrays 200,000 deep, then it is refused and the service thread keeps running', async () => {
    const depth = 200_000;
    const pdf = onePage(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    const read = refusal(pdf);
    expect(await ticksDuring(read)).toBeGreaterThan(0);
    expect(await read).toMatch(/could not be read|longer than|needs more than/);
  });

  it('when a stream inflates past the budget (a decompression bomb), then it is refused before parsing', async () => {
    const bomb = deflateSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
    const pdf = onePage(bomb, '/Filter /FlateDecode');
    expect(pdf.length).toBeLessThan(200 * 1024);
    expect(await refusal(pdf, { maxInflatedBytes: 16 * 1024 * 1024 })).toBe(
      'The PDF is refused: its compressed streams expand past 16 MiB',
    );
  });

  it('when a huge stream holds more text than the limit, then it is refused naming the limit', async () => {
    const runs = '1 0 0 1 72 700 Tm (abcdefghij) Tj\n'.repeat(20_000);
    const pdf = onePage(`BT /F1 12 Tf\n${runs}ET`);
    expect(pdf.length).toBeGreaterThan(300_000);
    expect(await refusal(pdf, { maxTextChars: 100_000 })).toBe(
      'The PDF holds more than 100000 characters of text',
    );
  });

  it('when parsing needs more memory than the limit, then the reader is stopped and the file refused', async () => {
    const catalog = `<< /Type /Catalog /Pages 2 0 R /X [${'0 '.repeat(8_000_000)}] >>`;
    const pdf = assemblePdf([catalog, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', EMPTY_PAGE]);
    expect(await refusal(pdf, { maxHeapMb: 48 })).toBe('The PDF needs more than 48 MiB to read');
    // The thread that ran out of memory is gone; a fresh one under the same limit reads the next.
    const next = await readPdf(textPdf([[{ x: 72, y: 700, text: 'next' }]]), { maxHeapMb: 48 });
    expect(next.pages[0]!.items[0]!.str).toBe('next');
  });

  it('when pdf.js would decode more than the buffer limit, then the file is refused and its thread is not reused', async () => {
    // Within the decoding budget, so only the thread's buffer limit stands in the way.
    const spaces = deflateSync(Buffer.alloc(96 * 1024 * 1024, 0x20));
    const pdf = onePage(spaces, '/Filter /FlateDecode');
    expect(await refusal(pdf, { maxInflatedBytes: 512 * 1024 * 1024, maxBufferMb: 32 })).toBe(
      'The PDF needs more than 32 MiB of buffers to read',
    );
    const started = pdfReaderThreadsStarted();
    const next = await readPdf(textPdf([[{ x: 72, y: 700, text: 'fresh' }]]));
    expect(next.pages[0]!.items[0]!.str).toBe('fresh');
    expect(pdfReaderThreadsStarted()).toBe(started + 1);
  });

  it('when PDFs are read one after another, then the warm reading thread reads them all', async () => {
    const pdf = textPdf([[{ x: 72, y: 700, text: '1. What is a queue? [2 marks]' }]]);
    await readPdf(pdf);
    const started = pdfReaderThreadsStarted();
    for (let i = 0; i < 3; i += 1) expect((await readPdf(pdf)).pages).toHaveLength(1);
    expect(pdfReaderThreadsStarted()).toBe(started);
  });

  it('when several PDFs are read at once, then each gets its own text back', async () => {
    const texts = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];
    const reads = texts.map((text) => readPdf(textPdf([[{ x: 72, y: 700, text }]])));
    const contents = await Promise.all(reads);
    expect(contents.map((c) => c.pages[0]!.items[0]!.str)).toEqual(texts);
  });

  it('when parsing takes longer than the limit, then the reader is stopped and the file refused', async () => {
    // 200,000 nested graphics states keep pdf.js busy far longer than a second.
    const pdf = onePage(`${'q '.repeat(200_000)}BT /F1 12 Tf 72 700 Td (hi) Tj ET`);
    const read = refusal(pdf, { timeoutMs: 1_000 });
    expect(await ticksDuring(read)).toBeGreaterThan(0);
    expect(await read).toBe('The PDF took longer than 1 s to read');
    // The stopped thread is replaced: the service reads the next files as usual.
    expect((await readPdf(textPdf([[{ x: 72, y: 700, text: 'after' }]]))).pages).toHaveLength(1);
    const again = await readPdf(textPdf([[{ x: 72, y: 700, text: 'again' }]]), {
      timeoutMs: 1_000,
    });
    expect(again.pages[0]!.items[0]!.str).toBe('again');
  });

  /**
   * A script that reads a one-line PDF `text` with the built package (as a script using it runs)
   * and prints the text it read, then runs `after`.
   */
  const readingScript = (text: string, after = '') => `
    const { readPdf } = await import(${JSON.stringify(new URL('../../dist/pdf/read.js', import.meta.url).href)});
    const { textPdf } = await import(${JSON.stringify(new URL('../../dist/pdf/write.js', import.meta.url).href)});
    const content = await readPdf(textPdf([[{ x: 72, y: 700, text: ${JSON.stringify(text)} }]]));
    console.log(content.pages[0].items[0].str);
    ${after}
  `;
  const node = async (args: string[]) =>
    (await promisify(execFile)(process.execPath, args, { timeout: 45_000 })).stdout.trim();

  it('when a process has read a PDF, then it exits at once, not when its warm thread idles out', async () => {
    // The thread stays warm for 60 s after a read.
    const script = readingScript(
      'read',
      `globalThis.readAt = Date.now();
      process.on('exit', () => console.log('exited after', Date.now() - globalThis.readAt, 'ms'));`,
    );
    const file = join(mkdtempSync(join(inject('tempRoot'), 'pdf-exit-')), 'read.mjs');
    writeFileSync(file, script);
    const [text, exited] = (await node([file])).split('\n');
    expect(text).toBe('read');
    expect(Number(/exited after (\d+) ms/.exec(exited ?? '')?.[1])).toBeLessThan(30_000);
  }, 60_000);

  it('when the process evaluates ES modules by flag (--input-type=module), then its threads still read PDFs', async () => {
    // Threads inherit the process's flags; one evaluating its own source would take it as ESM.
    expect(await node(['--input-type=module', '--eval', readingScript('flagged')])).toBe('flagged');
  }, 60_000);
});
