// Helpers of the paper-file tests: their set-up, uploads and downloads through the services, and
// what the bucket holds.
import mongoose from 'mongoose';
import type { Types } from 'mongoose';
import { beforeAll } from 'vitest';
import type { Actor } from '../access.js';
import { PaperModel } from '../paper/model.js';
import { openPaperFile, uploadPaperFile } from '../paper-file/service.js';
import { makeOffering, makePaper } from './content-fixtures.js';
import { useTestActors } from './database.js';
import type { TestActors } from './database.js';
import { bodyOf, uniquePdf } from './pdf-bytes.js';

export const MAX = 1024 * 1024;

type PaperOptions = Parameters<typeof makePaper>[1];
type TestPaper = Awaited<ReturnType<typeof makePaper>>;

/** What a paper-file test file starts from. */
export interface PaperFileTests extends TestActors {
  /** A paper of the file's offering, with no file. */
  newPaper: (options?: PaperOptions) => Promise<TestPaper>;
  /** A paper of the file's offering to which the editor has uploaded a unique PDF. */
  newPaperWithFile: (
    options?: PaperOptions,
  ) => Promise<{ paper: TestPaper; pdf: Buffer; fileId: Types.ObjectId | undefined }>;
}

/**
 * The set-up of a paper-file test file: a database of its own with one caller of each kind (as
 * `useTestActors`) and one offering, made before the file's tests, to which its papers belong.
 */
export function usePaperFileTests(): PaperFileTests {
  const testActors = useTestActors();
  let offeringId = '';
  beforeAll(async () => {
    ({ offeringId } = await makeOffering());
  });
  const newPaper = (options?: PaperOptions) => makePaper(offeringId, options);
  return {
    ...testActors,
    newPaper,
    async newPaperWithFile(options) {
      const paper = await newPaper(options);
      const pdf = uniquePdf();
      await upload(testActors.actors.editor, paper.id, pdf);
      return { paper, pdf, fileId: await bucket.fileIdOf(paper.id) };
    },
  };
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

/** What the paper-file bucket holds, read straight from its collections. */
export const bucket = {
  collection(name: 'files' | 'chunks' | 'pending') {
    return mongoose.connection.db!.collection(`paperFiles.${name}`);
  },

  /** Everything the bucket holds for a file id, and every pending operation. */
  async state(fileId?: Types.ObjectId) {
    const filter = fileId ? { files_id: fileId } : {};
    return {
      files: await bucket.collection('files').countDocuments(fileId ? { _id: fileId } : {}),
      chunks: await bucket.collection('chunks').countDocuments(filter),
      pending: await bucket.collection('pending').countDocuments(),
    };
  },

  /** The stored file a paper points at. */
  async fileIdOf(paperId: string): Promise<Types.ObjectId | undefined> {
    const paper = await PaperModel.findById(paperId, { file: 1 }).lean();
    return paper?.file?.fileId ?? undefined;
  },
};
