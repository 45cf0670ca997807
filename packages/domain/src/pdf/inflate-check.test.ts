import { constants, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BOMB_KINDS, pdfBomb } from '../test-support/pdf-bombs.js';
import { ascii85Encode, lzwRun } from '../test-support/pdf-bombs.js';
import { inflatedSizeIssue } from './inflate-check.js';
import { ascii85, asciiHex, lzw, runLength } from './stream-decoders.js';
import type { Stage } from './stream-decoders.js';
import { assemblePdf, pdfStream, textPdf } from './write.js';

const MiB = 1024 * 1024;
const REFUSED = 'its compressed streams expand past 16 MiB';
const REFUSED_1 = 'its compressed streams expand past 1 MiB';

/** A one-page PDF whose content stream is `data` with dictionary entries `entries`. */
function withStream(entries: string, data: Buffer, extra: string[] = []): Buffer {
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    pdfStream(entries, data),
    ...extra,
  ]);
}

/** What `stage` makes of `data` given in `pieces`: the bytes, and the count it gives when counting only. */
async function decoded(stage: Stage, data: Buffer, pieces = 1): Promise<[Buffer, number]> {
  const input = async function* () {
    const size = Math.ceil(data.length / pieces);
    for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
  };
  const parts: Uint8Array[] = [];
  for await (const chunk of stage(input())) if (typeof chunk !== 'number') parts.push(chunk);
  let count = 0;
  for await (const chunk of stage(input(), true)) {
    count += typeof chunk === 'number' ? chunk : chunk.length;
  }
  return [Buffer.concat(parts), count];
}

/**
 * The peak of ArrayBuffer memory in this process, sampled while the check runs. Counted chunks
 * are garbage at once, but stay counted until collected: the peak is bounded by the budget the
 * check stops at (16 MiB here), never by what the bomb expands to (64 MiB).
 */
async function peakBuffersDuring(work: Promise<unknown>): Promise<number> {
  const base = process.memoryUsage().arrayBuffers;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().arrayBuffers);
  }, 5);
  await work;
  clearInterval(timer);
  return peak - base;
}

describe('inflatedSizeIssue', () => {
  it.each(BOMB_KINDS)(
    'when a %s bomb expands past the budget, then it is refused and the check never holds the bomb',
    async (kind) => {
      const bomb = await pdfBomb(kind, 64 * MiB);
      const check = inflatedSizeIssue(bomb, 16 * MiB);
      expect(await peakBuffersDuring(check)).toBeLessThan(32 * MiB);
      expect(await check).toBe(REFUSED);
    },
  );

  it.each(BOMB_KINDS)('when a %s stream stays within the budget, then it passes', async (kind) => {
    expect(await inflatedSizeIssue(await pdfBomb(kind, 2 * MiB), 16 * MiB)).toBeNull();
  });

  it('when filters are abbreviated, escaped, named under /F or by reference, then they are followed', async () => {
    const zlib = deflateSync(Buffer.alloc(4 * MiB, 0x20));
    const hex = Buffer.from(`${zlib.toString('hex')}>`);
    expect(await inflatedSizeIssue(withStream('/Filter [/AHx /Fl]', hex), MiB)).toBe(REFUSED_1);
    expect(
      await inflatedSizeIssue(
        withStream('/Filter /A85', ascii85Encode(Buffer.alloc(2 * MiB))),
        MiB,
      ),
    ).toBe(REFUSED_1);
    expect(await inflatedSizeIssue(withStream('/Filter /Fl#61teDecode', zlib), MiB)).toBe(
      REFUSED_1,
    );
    expect(await inflatedSizeIssue(withStream('/F [/ASCIIHexDecode /FlateDecode]', hex), MiB)).toBe(
      REFUSED_1,
    );
    const byReference = withStream('/Filter 5 0 R', hex, [
      '[/ASCIIHexDecode 6 0 R]',
      '/FlateDecode',
    ]);
    expect(await inflatedSizeIssue(byReference, MiB)).toBe(REFUSED_1);
    expect(await inflatedSizeIssue(withStream('/Filter [/LZW]', lzwRun(2 * MiB)), MiB)).toBe(
      REFUSED_1,
    );
    expect(
      await inflatedSizeIssue(withStream('/Filter /RL', Buffer.from([129, 32, 128])), MiB),
    ).toBeNull();
  });

  it('when zlib data uses a small window (first byte not 0x78), then it is inflated all the same', async () => {
    const zlib = deflateSync(Buffer.alloc(32 * MiB, 0x20), {
      windowBits: 9,
      level: constants.Z_BEST_COMPRESSION,
    });
    expect(zlib[0]).not.toBe(0x78);
    expect(await inflatedSizeIssue(withStream('/Filter /FlateDecode', zlib), 16 * MiB)).toBe(
      REFUSED,
    );
  });

  it('when a stream holds the word endstream before its /Length ends, then the rest is decoded too', async () => {
    // A literal run of 11 bytes ("\nendstream\n"), then runs of 128 spaces.
    const runs = Buffer.alloc((2 * (32 * MiB)) / 128, Buffer.from([129, 32]));
    const hidden = Buffer.concat([
      Buffer.from([10]),
      Buffer.from('\nendstream\n'),
      runs,
      Buffer.from([128]),
    ]);
    expect(await inflatedSizeIssue(withStream('/Filter /RunLengthDecode', hidden), 16 * MiB)).toBe(
      REFUSED,
    );
  });

  it('when an ordinary PDF is checked, then it passes', async () => {
    expect(
      await inflatedSizeIssue(textPdf([[{ x: 72, y: 700, text: 'A question' }]]), MiB),
    ).toBeNull();
  });

  it('when ASCII85, hex, run-length and LZW data are decoded, then the bytes are those encoded, counted or not', async () => {
    const text = Buffer.from('Which data structure is last-in, first-out? \0\0\0\0 (4 marks)');
    expect((await decoded(ascii85, ascii85Encode(text), 3))[0].equals(text)).toBe(true);
    const hex = Buffer.from(`${text.toString('hex').replace(/(..)/g, '$1 ')}>ff`);
    expect(await decoded(asciiHex, hex, 5)).toEqual([text, text.length]);
    expect(await decoded(asciiHex, Buffer.from(text.toString('hex') + '7'), 4)).toEqual([
      Buffer.concat([text, Buffer.from([0x70])]),
      text.length + 1,
    ]);
    const runs = Buffer.from([2, 65, 66, 67, 254, 68, 128, 69]);
    expect(await decoded(runLength, runs, 3)).toEqual([Buffer.from('ABCDDD'), 6]);
    const [spaces, count] = await decoded(lzw(1), lzwRun(100_000), 7);
    expect(spaces.length).toBeGreaterThanOrEqual(100_000);
    expect(spaces.every((b) => b === 0x20)).toBe(true);
    expect(count).toBe(spaces.length);
  });
});
