import { randomUUID } from 'node:crypto';
import mongoose, { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { PaperModel } from '../paper/model.js';
import { getPaperById } from '../paper/service.js';
import { bucket, download, MAX, upload, usePaperFileTests } from '../test-support/paper-files.js';
import { bodyOf, digest, sha256, uniquePdf } from '../test-support/pdf-bytes.js';
import { uploadPaperFile } from './service.js';

const { actors, newPaper, newPaperWithFile } = usePaperFileTests();

describe('uploadPaperFile', () => {
  it('when an editor uploads a PDF, then the paper shows its size, SHA-256 and upload time, and the bytes are stored', async () => {
    const paper = await newPaper();
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
    const fileId = await bucket.fileIdOf(paper.id);
    expect(await bucket.state(fileId)).toEqual({ files: 1, chunks: 1, pending: 0 });
  });

  it('when the body does not start with %PDF-, then 415 and nothing is stored', async () => {
    const paper = await newPaper();
    const before = await bucket.state();
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
    expect(await bucket.state()).toEqual(before);
    expect((await getPaperById({ actor: actors.admin, id: paper.id })).file).toBeNull();
  });

  it('when the body starts with %PDF- but is no PDF, then 415 saying why and nothing is stored', async () => {
    const paper = await newPaper();
    const before = await bucket.state();
    for (const body of [
      Buffer.from('%PDF-'),
      Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(randomUUID().repeat(140))]),
    ]) {
      const error = await upload(actors.editor, paper.id, body).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect((error as Error).message).toMatch(/^The file could not be read as a PDF \(.+\)$/);
    }
    expect(await bucket.state()).toEqual(before);
    expect((await getPaperById({ actor: actors.admin, id: paper.id })).file).toBeNull();
  });

  it('when the body grows past the limit while streaming, then 413 and none of its chunks remain', async () => {
    const paper = await newPaper();
    const before = await bucket.state();
    const big = Buffer.concat([uniquePdf(), Buffer.alloc(600 * 1024, 0x20)]);
    await expect(
      uploadPaperFile({
        actor: actors.editor,
        id: paper.id,
        body: bodyOf(big, 64 * 1024),
        maxBytes: 512 * 1024,
      }),
    ).rejects.toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect(await bucket.state()).toEqual(before);
  });

  it('when the declared length is over the limit, then 413 before the body is read', async () => {
    const paper = await newPaper();
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
    const { paper: first, pdf } = await newPaperWithFile();
    const second = await newPaper();
    const before = await bucket.state();
    const error = await upload(actors.editor, second.id, pdf).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect((error as Error).message).toContain(first.slug);
    expect(await bucket.state()).toEqual(before);
    expect((await getPaperById({ actor: actors.admin, id: second.id })).file).toBeNull();
  });

  it('when two papers get the same file at the same moment, then at most one keeps it and the other is refused', async () => {
    const a = await newPaper();
    const b = await newPaper();
    const pdf = uniquePdf();
    const results = await Promise.allSettled([
      upload(actors.editor, a.id, pdf),
      upload(actors.admin, b.id, pdf),
    ]);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const r of refused) expect(r.reason).toMatchObject({ status: 409 });
    expect(await PaperModel.countDocuments({ fileSha256: sha256(pdf) })).toBe(2 - refused.length);
    expect((await bucket.state()).pending).toBe(0);
    expect(
      await bucket.collection('files').countDocuments({
        'metadata.paperId': { $in: [new Types.ObjectId(a.id), new Types.ObjectId(b.id)] },
      }),
    ).toBe(2 - refused.length);
  });

  it('when a paper gets a new file, then it replaces the old one, whose chunks are removed', async () => {
    const { paper, fileId: oldId } = await newPaperWithFile();
    const replacement = uniquePdf(['second edition']);
    const updated = await upload(actors.editor, paper.id, replacement);
    expect(updated.file?.sha256).toBe(sha256(replacement));
    expect(await bucket.state(oldId)).toEqual({ files: 0, chunks: 0, pending: 0 });
    expect(digest(await download(actors.editor, paper.id))).toBe(digest(replacement));
  });

  it('when the same file is uploaded to its paper again, then the paper keeps the file it has', async () => {
    const paper = await newPaper();
    const pdf = uniquePdf();
    const first = await upload(actors.editor, paper.id, pdf);
    const fileId = await bucket.fileIdOf(paper.id);
    const again = await upload(actors.editor, paper.id, pdf);
    expect(again.file).toEqual(first.file);
    expect(await bucket.fileIdOf(paper.id)).toEqual(fileId);
    expect(
      await bucket.collection('files').countDocuments({
        'metadata.paperId': new Types.ObjectId(paper.id),
      }),
    ).toBe(1);
  });

  it.each([
    ['an anonymous caller', null, 401],
    ['a normal user', 'normal', 403],
    ['a deactivated editor', 'deactivated', 403],
  ] as const)('when %s uploads, then %i and nothing is read', async (_who, kind, status) => {
    const paper = await newPaper();
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
    const paper = await newPaper();
    const pdf = Buffer.concat([uniquePdf(), Buffer.from(randomUUID().repeat(20_000))]);
    await upload(actors.editor, paper.id, pdf, 2 * MAX);
    const fileId = await bucket.fileIdOf(paper.id);
    expect((await bucket.state(fileId)).chunks).toBe(Math.ceil(pdf.length / (255 * 1024)));
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
    const paper = await newPaper();
    const pdf = Buffer.concat([uniquePdf(), Buffer.alloc(300 * 1024, 0x41)]);
    await upload(actors.editor, paper.id, pdf);
    const driverBucket = new mongoose.mongo.GridFSBucket(mongoose.connection.db!, {
      bucketName: 'paperFiles',
    });
    const fileId = (await bucket.fileIdOf(paper.id))!;
    const chunks: Buffer[] = [];
    for await (const chunk of driverBucket.openDownloadStream(fileId)) {
      chunks.push(chunk as Buffer);
    }
    expect(digest(Buffer.concat(chunks))).toBe(digest(pdf));
  });
});
