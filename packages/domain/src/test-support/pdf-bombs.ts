// Decompression bombs behind every filter chain pdf.js follows, made in code: a one-page PDF whose
// content stream expands to at least `expandsTo` bytes through the chain. Each is small on the
// wire (the run-length one is 1/64 of what it expands to) and none holds what it expands to
// while it is made.
import { constants, createDeflate } from 'node:zlib';
import { assemblePdf, pdfStream } from '../pdf/write.js';

/** The chains of the bombs, named as tests report them. */
export const BOMB_KINDS = [
  'flate',
  'hex-flate',
  'ascii85-flate',
  'flate-hex',
  'lzw',
  'run-length',
] as const;
export type BombKind = (typeof BOMB_KINDS)[number];

const MiB = 1024 * 1024;

/** zlib data of `size` repetitions of `byte`, deflated a MiB at a time. */
async function deflatedRun(size: number, byte: number): Promise<Buffer> {
  const deflate = createDeflate({ level: constants.Z_BEST_COMPRESSION });
  const parts: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => parts.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const block = Buffer.alloc(MiB, byte);
  for (let left = size; left > 0; left -= MiB) {
    if (!deflate.write(left >= MiB ? block : block.subarray(0, left))) {
      await new Promise((resolve) => deflate.once('drain', resolve));
    }
  }
  deflate.end();
  await done;
  return Buffer.concat(parts);
}

/** ASCII85 text of `data`, `~>` at the end. */
export function ascii85Encode(data: Buffer): Buffer {
  const out: string[] = [];
  for (let i = 0; i < data.length; i += 4) {
    const group = data.subarray(i, i + 4);
    const padded = Buffer.concat([group, Buffer.alloc(4 - group.length)]);
    let value = padded.readUInt32BE(0);
    if (value === 0 && group.length === 4) {
      out.push('z');
      continue;
    }
    const chars: string[] = [];
    for (let j = 0; j < 5; j += 1) {
      chars.unshift(String.fromCharCode((value % 85) + 33));
      value = Math.floor(value / 85);
    }
    out.push(chars.join('').slice(0, group.length + 1));
  }
  return Buffer.from(`${out.join('')}~>`, 'latin1');
}

/**
 * LZW codes (EarlyChange 1) that decode to at least `size` spaces: each new code repeats the
 * last one's run plus a space, up to the full table; then the longest code over and over.
 */
export function lzwRun(size: number): Buffer {
  const codes: number[] = [0x20];
  let produced = 1;
  let runLength = 1;
  let nextCode = 258;
  while (produced < size) {
    if (nextCode < 4096) {
      codes.push(nextCode);
      runLength += 1;
    } else codes.push(4095);
    produced += runLength;
    nextCode += 1;
  }
  // Code widths as the decoder grows them: one bit more each time the table passes a power of 2.
  const bits: number[] = [];
  let width = 9;
  let table = 258;
  for (let i = 0; i < codes.length; i += 1) {
    bits.push(width);
    if (i > 0) {
      table += 1;
      const n = table + 1;
      if ((n & (n - 1)) === 0) width = Math.min(Math.log2(n) + 1, 12);
    }
  }
  codes.push(257);
  bits.push(width);
  const out: number[] = [];
  let cached = 0;
  let count = 0;
  codes.forEach((code, i) => {
    cached = (cached << bits[i]!) | code;
    count += bits[i]!;
    while (count >= 8) {
      count -= 8;
      out.push((cached >>> count) & 0xff);
    }
    cached &= (1 << count) - 1;
  });
  if (count > 0) out.push((cached << (8 - count)) & 0xff);
  return Buffer.from(out);
}

/** Run-length data of `size` spaces: 128 at a time. */
function runLengthRun(size: number): Buffer {
  const pairs = Math.ceil(size / 128);
  const out = Buffer.alloc(pairs * 2 + 1);
  for (let i = 0; i < pairs; i += 1) {
    out[i * 2] = 129;
    out[i * 2 + 1] = 0x20;
  }
  out[pairs * 2] = 128;
  return out;
}

/** The content stream's filter entry and bytes for a bomb of `kind`. */
async function bombStream(kind: BombKind, expandsTo: number): Promise<[string, Buffer]> {
  switch (kind) {
    case 'flate':
      return ['/Filter /FlateDecode', await deflatedRun(expandsTo, 0x20)];
    case 'hex-flate': {
      const hex = Buffer.from(`${(await deflatedRun(expandsTo, 0x20)).toString('hex')}>`);
      return ['/Filter [/ASCIIHexDecode /FlateDecode]', hex];
    }
    case 'ascii85-flate':
      return [
        '/Filter [/ASCII85Decode /FlateDecode]',
        ascii85Encode(await deflatedRun(expandsTo, 0x20)),
      ];
    case 'flate-hex':
      // Hex digits ("2222..."), deflated: twice the bytes at the first stage.
      return ['/Filter [/FlateDecode /ASCIIHexDecode]', await deflatedRun(expandsTo * 2, 0x32)];
    case 'lzw':
      return ['/Filter /LZWDecode', lzwRun(expandsTo)];
    case 'run-length':
      return ['/Filter /RunLengthDecode', runLengthRun(expandsTo)];
  }
}

/** A one-page PDF whose content stream expands to `expandsTo` bytes through a chain of `kind`. */
export async function pdfBomb(kind: BombKind, expandsTo: number): Promise<Buffer> {
  const [filter, data] = await bombStream(kind, expandsTo);
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    pdfStream(filter, data),
  ]);
}
