// Helpers of the paper-file tests: bodies delivered in pieces, uploads and downloads through the
// services, and what the bucket holds.
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import mongoose from 'mongoose';
import type { Types } from 'mongoose';
import type { Actor } from '../access.js';
import { PaperModel } from '../paper/model.js';
import { samplePdf } from '../paper-file/sample-pdf.js';
import { openPaperFile, uploadPaperFile } from '../paper-file/service.js';

export const MAX = 1024 * 1024;
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

export function upload(actor: Actor | null, id: string, bytes: Buffer, maxBytes = MAX) {
  // Small files arrive a few bytes at a time (the magic bytes split across pieces), big ones in 64 KiB.
  const body = bodyOf(bytes, bytes.length > 64 * 1024 ? 64 * 1024 : 7);
  return uploadPaperFile({ actor, id, body, maxBytes });
}

export async function download(
  actor: Actor | null,
  id: string,
  range?: { start: number; end: number },
) {
  const file = await openPaperFile({ actor, id });
  const stream = await file.open(range);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function collection(name: string) {
  return mongoose.connection.db!.collection(`paperFiles.${name}`);
}

/** Everything the bucket holds for a file id, and every pending operation. */
export async function storedState(fileId?: Types.ObjectId) {
  const filter = fileId ? { files_id: fileId } : {};
  return {
    files: await collection('files').countDocuments(fileId ? { _id: fileId } : {}),
    chunks: await collection('chunks').countDocuments(filter),
    pending: await collection('pending').countDocuments(),
  };
}

export async function storedFileId(paperId: string): Promise<Types.ObjectId | undefined> {
  const paper = await PaperModel.findById(paperId, { file: 1 }).lean();
  return paper?.file?.fileId ?? undefined;
}
