import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import mongoose, { Types } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../access.js';
import { PaperModel } from '../paper/model.js';
import { deletePaper, getPaperById } from '../paper/service.js';
import { makeActors } from '../test-support/actors.js';
import { makeOffering, makePaper, makeQuestion } from '../test-support/content-fixtures.js';
import { useTestDatabase } from '../test-support/database.js';
import { sweepPaperFiles } from './operations.js';
import { samplePdf } from './sample-pdf.js';
import { deletePaperFile, openPaperFile, uploadPaperFile } from './service.js';
import { StoredFileWriter } from './storage.js';

useTestDatabase();

let actors: Awaited<ReturnType<typeof makeActors>>;
let offeringId: string;
beforeAll(async () => {
  actors = await makeActors();
  ({ offeringId } = await makeOffering());
});

const MAX = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
// Deep equality of large buffers is slow in expect: compare length and hash instead.
const digest = (bytes: Buffer) => `${bytes.length}:${sha256(bytes)}`;
const uniquePdf = (lines: string[] = []) => samplePdf(`Paper ${randomUUID()}`, lines);

/** A body delivered in small pieces, as a network stream would. */
function bodyOf(bytes: Buffer, pieceBytes = 7): Readable {
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += pieceBytes) pieces.push(bytes.subarray(i, i + pieceBytes));
  return Readable.from(pieces);
}

function upload(actor: Actor | null, id: string, bytes: Buffer, maxBytes = MAX) {
  // Small files arrive a few bytes at a time (the magic bytes split across pieces), big ones in 64 KiB.
  const body = bodyOf(bytes, bytes.length > 64 * 1024 ? 64 * 1024 : 7);
  return uploadPaperFile({ actor, id, body, maxBytes });
}

async function download(actor: Actor | null, id: string, range?: { start: number; end: number }) {
  const file = await openPaperFile({ actor, id });
  const stream = await file.open(range);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function collection(name: string) {
  return mongoose.connection.db!.collection(`paperFiles.${name}`);
}

/** Everything the bucket holds for a file id, and every pending operation. */
async function storedState(fileId?: Types.ObjectId) {
  const filter = fileId ? { files_id: fileId } : {};
  return {
    files: await collection('files').countDocuments(fileId ? { _id: fileId } : {}),
    chunks: await collection('chunks').countDocuments(filter),
    pending: await collection('pending').countDocuments(),
  };
}

async function storedFileId(paperId: string): Promise<Types.ObjectId | undefined> {
  const paper = await PaperModel.findById(paperId, { file: 1 }).lean();
  return paper?.file?.fileId ?? undefined;
}

describe('uploadPaperFile', () => {
  it('when an editor uploads a PDF, then the paper shows its size, SHA-256 and upload time, and the bytes are stored', async () => {
    const paper = await makePaper(offeringId);
    const pdf = uniquePdf();
    const updated = await upload(actors.editor, paper.id, pdf);
    expect(updated.file).toEqual({
      size: pdf.length,
      sha256: sha256(pdf),
      uploadedAt: expect.any(String),
    });
    expect(updated).not.toHaveProperty('fileSha256');
    expect(Date.parse(updated.file!.uploadedAt)).not.toBeNaN();
    expect((await getPaperById({ actor: null, id: paper.id })).file).toEqual(updated.file);
    expect(digest(await download(null, paper.id))).toBe(digest(pdf));
    const fileId = await storedFileId(paper.id);
    expect(await storedState(fileId)).toEqual({ files: 1, chunks: 1, pending: 0 });
  });

  it('when the body does not start with %PDF-, then 415 and nothing is stored', async () => {
    const paper = await makePaper(offeringId);
    const before = await storedState();
    for (const body of [
      Buffer.from('<html>not a pdf</html>'),
      Buffer.from('%PD'),
      Buffer.alloc(0),
    ]) {
      await expect(upload(actors.admin, paper.id, body)).rejects.toMatchObject({
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    }
    expect(await storedState()).toEqual(before);
    expect((await getPaperById({ actor: actors.admin, id: paper.id })).file).toBeNull();
  });

  it('when the body starts with %PDF- but is no PDF, then 415 saying why and nothing is stored', async () => {
    const paper = await makePaper(offeringId);
    const before = await storedState();
    for (const body of [
      Buffer.from('%PDF-'),
      Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(randomUUID().repeat(140))]),
    ]) {
      const error = await upload(actors.editor, paper.id, body).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect((error as Error).message).toMatch(/^The file could not be read as a PDF \(.+\)$/);
    }
    expect(await storedState()).toEqual(before);
    expect((await getPaperById({ actor: actors.admin, id: paper.id })).file).toBeNull();
  });

  it('when the body grows past the limit while streaming, then 413 and none of its chunks remain', async () => {
    const paper = await makePaper(offeringId);
    const before = await storedState();
    const big = Buffer.concat([uniquePdf(), Buffer.alloc(600 * 1024, 0x20)]);
    await expect(
      uploadPaperFile({
        actor: actors.editor,
        id: paper.id,
        body: bodyOf(big, 64 * 1024),
        maxBytes: 512 * 1024,
      }),
    ).rejects.toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect(await storedState()).toEqual(before);
  });

  it('when the declared length is over the limit, then 413 before the body is read', async () => {
    const paper = await makePaper(offeringId);
    const body = bodyOf(uniquePdf());
    await expect(
      uploadPaperFile({
        actor: actors.editor,
        id: paper.id,
        body,
        maxBytes: 10,
        declaredLength: 11,
      }),
    ).rejects.toMatchObject({ status: 413 });
    expect(body.readableDidRead).toBe(false);
  });

  it('when the same file is attached to another paper, then 409 naming that paper and nothing new is stored', async () => {
    const first = await makePaper(offeringId);
    const second = await makePaper(offeringId);
    const pdf = uniquePdf();
    await upload(actors.editor, first.id, pdf);
    const before = await storedState();
    const error = await upload(actors.editor, second.id, pdf).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect((error as Error).message).toContain(first.slug);
    expect(await storedState()).toEqual(before);
    expect((await getPaperById({ actor: actors.admin, id: second.id })).file).toBeNull();
  });

  it('when two papers get the same file at the same moment, then at most one keeps it and the other is refused', async () => {
    const a = await makePaper(offeringId);
    const b = await makePaper(offeringId);
    const pdf = uniquePdf();
    const results = await Promise.allSettled([
      upload(actors.editor, a.id, pdf),
      upload(actors.admin, b.id, pdf),
    ]);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const r of refused) expect(r.reason).toMatchObject({ status: 409 });
    expect(await PaperModel.countDocuments({ fileSha256: sha256(pdf) })).toBe(2 - refused.length);
    expect((await storedState()).pending).toBe(0);
    expect(
      await collection('files').countDocuments({
        'metadata.paperId': { $in: [new Types.ObjectId(a.id), new Types.ObjectId(b.id)] },
      }),
    ).toBe(2 - refused.length);
  });

  it('when a paper gets a new file, then it replaces the old one, whose chunks are removed', async () => {
    const paper = await makePaper(offeringId);
    await upload(actors.editor, paper.id, uniquePdf());
    const oldId = await storedFileId(paper.id);
    const replacement = uniquePdf(['second edition']);
    const updated = await upload(actors.editor, paper.id, replacement);
    expect(updated.file?.sha256).toBe(sha256(replacement));
    expect(await storedState(oldId)).toEqual({ files: 0, chunks: 0, pending: 0 });
    expect(digest(await download(actors.editor, paper.id))).toBe(digest(replacement));
  });

  it('when the same file is uploaded to its paper again, then the paper keeps the file it has', async () => {
    const paper = await makePaper(offeringId);
    const pdf = uniquePdf();
    const first = await upload(actors.editor, paper.id, pdf);
    const fileId = await storedFileId(paper.id);
    const again = await upload(actors.editor, paper.id, pdf);
    expect(again.file).toEqual(first.file);
    expect(await storedFileId(paper.id)).toEqual(fileId);
    expect(
      await collection('files').countDocuments({
        'metadata.paperId': new Types.ObjectId(paper.id),
      }),
    ).toBe(1);
  });

  it.each([
    ['an anonymous caller', null, 401],
    ['a normal user', 'normal', 403],
    ['a deactivated editor', 'deactivated', 403],
  ] as const)('when %s uploads, then %i and nothing is read', async (_who, kind, status) => {
    const paper = await makePaper(offeringId);
    const body = bodyOf(uniquePdf());
    await expect(
      uploadPaperFile({ actor: kind ? actors[kind] : null, id: paper.id, body, maxBytes: MAX }),
    ).rejects.toMatchObject({ status });
    expect(body.readableDidRead).toBe(false);
  });

  it('when the paper does not exist or the id is malformed, then 404 or 400', async () => {
    await expect(
      upload(actors.admin, new Types.ObjectId().toHexString(), uniquePdf()),
    ).rejects.toMatchObject({ status: 404 });
    await expect(upload(actors.admin, 'nope', uniquePdf())).rejects.toMatchObject({ status: 400 });
  });

  it('when a file spans many chunks, then it is stored in 255 KiB chunks and read back whole and by range', async () => {
    const paper = await makePaper(offeringId);
    const pdf = Buffer.concat([uniquePdf(), Buffer.from(randomUUID().repeat(20_000))]);
    await upload(actors.editor, paper.id, pdf, 2 * MAX);
    const fileId = await storedFileId(paper.id);
    expect((await storedState(fileId)).chunks).toBe(Math.ceil(pdf.length / (255 * 1024)));
    expect(digest(await download(null, paper.id))).toBe(digest(pdf));
    for (const [start, end] of [
      [0, 4],
      [255 * 1024 - 3, 255 * 1024 + 2],
      [300_000, 600_000],
      [pdf.length - 1, pdf.length - 1],
    ] as const) {
      expect(digest(await download(null, paper.id, { start, end }))).toBe(
        digest(pdf.subarray(start, end + 1)),
      );
    }
  });
});

describe('storage layout', () => {
  it("when a file is stored, then the driver's GridFSBucket reads the same bytes from the paperFiles bucket", async () => {
    const paper = await makePaper(offeringId);
    const pdf = Buffer.concat([uniquePdf(), Buffer.alloc(300 * 1024, 0x41)]);
    await upload(actors.editor, paper.id, pdf);
    const bucket = new mongoose.mongo.GridFSBucket(mongoose.connection.db!, {
      bucketName: 'paperFiles',
    });
    const chunks: Buffer[] = [];
    for await (const chunk of bucket.openDownloadStream((await storedFileId(paper.id))!)) {
      chunks.push(chunk as Buffer);
    }
    expect(digest(Buffer.concat(chunks))).toBe(digest(pdf));
  });
});

describe('openPaperFile', () => {
  it('when the paper is not approved, then anonymous and normal callers get 404 and editors the file', async () => {
    const paper = await makePaper(offeringId, { status: 'pending' });
    const pdf = uniquePdf();
    await upload(actors.editor, paper.id, pdf);
    for (const actor of [null, actors.normal, actors.deactivated]) {
      await expect(openPaperFile({ actor, id: paper.id })).rejects.toMatchObject({ status: 404 });
    }
    expect(digest(await download(actors.editor, paper.id))).toBe(digest(pdf));
  });

  it('when the paper has no file, then 404 saying so', async () => {
    const paper = await makePaper(offeringId);
    await expect(openPaperFile({ actor: null, id: paper.id })).rejects.toMatchObject({
      status: 404,
      message: 'This paper has no file',
    });
  });

  it('when a range lies outside the file, then it is refused', async () => {
    const paper = await makePaper(offeringId);
    const pdf = uniquePdf();
    await upload(actors.editor, paper.id, pdf);
    const file = await openPaperFile({ actor: null, id: paper.id });
    expect(file).toMatchObject({
      filename: `${paper.slug}.pdf`,
      size: pdf.length,
      sha256: sha256(pdf),
    });
    await expect(file.open({ start: 0, end: pdf.length })).rejects.toMatchObject({ status: 400 });
  });
});

describe('deletePaperFile', () => {
  it('when an admin deletes a paper file, then the paper has none and its chunks are gone', async () => {
    const paper = await makePaper(offeringId);
    await upload(actors.editor, paper.id, uniquePdf());
    const fileId = await storedFileId(paper.id);
    await deletePaperFile({ actor: actors.admin, id: paper.id });
    expect((await getPaperById({ actor: null, id: paper.id })).file).toBeNull();
    expect(await PaperModel.findById(paper.id, { fileSha256: 1 }).lean()).toMatchObject({
      fileSha256: null,
    });
    expect(await storedState(fileId)).toEqual({ files: 0, chunks: 0, pending: 0 });
    await expect(deletePaperFile({ actor: actors.admin, id: paper.id })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('when an editor deletes a paper file, then 403 and the file stays', async () => {
    const paper = await makePaper(offeringId);
    const pdf = uniquePdf();
    await upload(actors.editor, paper.id, pdf);
    await expect(deletePaperFile({ actor: actors.editor, id: paper.id })).rejects.toMatchObject({
      status: 403,
    });
    expect(digest(await download(null, paper.id))).toBe(digest(pdf));
  });

  it('when the file is deleted, then the same bytes may be attached to another paper', async () => {
    const first = await makePaper(offeringId);
    const second = await makePaper(offeringId);
    const pdf = uniquePdf();
    await upload(actors.editor, first.id, pdf);
    await deletePaperFile({ actor: actors.admin, id: first.id });
    expect((await upload(actors.editor, second.id, pdf)).file?.sha256).toBe(sha256(pdf));
  });
});

describe('deletePaper with a file', () => {
  it('when a paper with a file is deleted, then its file is deleted too', async () => {
    const paper = await makePaper(offeringId);
    await upload(actors.editor, paper.id, uniquePdf());
    const fileId = await storedFileId(paper.id);
    await deletePaper({ actor: actors.admin, id: paper.id });
    expect(await storedState(fileId)).toEqual({ files: 0, chunks: 0, pending: 0 });
  });

  it('when deleting the paper is refused (it has questions), then its file stays', async () => {
    const paper = await makePaper(offeringId);
    const pdf = uniquePdf();
    await upload(actors.editor, paper.id, pdf);
    await makeQuestion(paper.id);
    await expect(deletePaper({ actor: actors.admin, id: paper.id })).rejects.toMatchObject({
      status: 409,
    });
    expect(digest(await download(null, paper.id))).toBe(digest(pdf));
    expect((await storedState()).pending).toBe(0);
  });
});

describe('sweepPaperFiles', () => {
  it('when another process abandoned an upload half-way, then the sweep removes its chunks and record once it is old enough', async () => {
    const paper = await makePaper(offeringId);
    const fileId = new Types.ObjectId();
    const quiet = new Date(Date.now() - 60_000);
    await collection('pending').insertOne({
      _id: new Types.ObjectId(),
      paperId: new Types.ObjectId(paper.id),
      fileIds: [fileId],
      owner: 'another-process',
      startedAt: quiet,
      heartbeatAt: quiet,
    });
    // Half an upload: chunks written, no files document (the driver writes it last).
    const half = new StoredFileWriter(fileId, 'x.pdf', new Types.ObjectId(paper.id));
    half.write(Buffer.alloc(300 * 1024, 0x25));
    half.destroy();
    await half.settled();

    expect((await sweepPaperFiles({ abandonedAfterMs: 120_000 })).operations).toBe(0);
    expect(await storedState(fileId)).toMatchObject({ chunks: 1 });
    const swept = await sweepPaperFiles({ abandonedAfterMs: 30_000 });
    expect(swept.operations).toBe(1);
    expect(await storedState(fileId)).toEqual({ files: 0, chunks: 0, pending: 0 });
  });

  it('when a stored file is referenced by no paper and named by no operation, then the sweep deletes it once old enough', async () => {
    const paper = await makePaper(offeringId);
    await upload(actors.editor, paper.id, uniquePdf());
    const attached = await storedFileId(paper.id);
    const stray = new Types.ObjectId();
    await collection('files').insertOne({
      _id: stray,
      length: 10,
      chunkSize: 255 * 1024,
      uploadDate: new Date(Date.now() - 10 * 60_000),
      filename: 'stray.pdf',
    });
    await collection('chunks').insertOne({
      files_id: stray,
      n: 0,
      data: Buffer.from('%PDF-stray'),
    });
    const swept = await sweepPaperFiles({ abandonedAfterMs: 60_000 });
    expect(swept.files).toBeGreaterThanOrEqual(1);
    expect(await storedState(stray)).toMatchObject({ files: 0, chunks: 0 });
    expect(await storedState(attached)).toMatchObject({ files: 1, chunks: 1 });
    expect(await text(await (await openPaperFile({ actor: null, id: paper.id })).open())).toMatch(
      /^%PDF-/,
    );
  });
});
