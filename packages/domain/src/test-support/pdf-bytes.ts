// Bytes for the paper-file tests: unique sample PDFs, bodies delivered in pieces, and digests to
// compare them by.
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { samplePdf } from '../paper-file/sample-pdf.js';

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
// Deep equality of large buffers is slow in expect: compare length and hash instead.
export const digest = (bytes: Buffer) => `${bytes.length}:${sha256(bytes)}`;
export const uniquePdf = (lines: string[] = []) => samplePdf(`Paper ${randomUUID()}`, lines);

/** A body delivered in small pieces, as a network stream would. */
export function bodyOf(bytes: Buffer, pieceBytes = 7): Readable {
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += pieceBytes) pieces.push(bytes.subarray(i, i + pieceBytes));
  return Readable.from(pieces);
}
