import { text } from 'node:stream/consumers';
import { Types } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { PaperModel } from '../paper/model.js';
import { deletePaper, getPaperById } from '../paper/service.js';
import { makeQuestion } from '../test-support/content-fixtures.js';
import { bucket, download, upload, usePaperFileTests } from '../test-support/paper-files.js';
import { digest, sha256 } from '../test-support/pdf-bytes.js';
import { sweepPaperFiles } from './operations.js';
import { deletePaperFile, openPaperFile } from './service.js';
import { StoredFileWriter } from './storage.js';

const { actors, newPaper, newPaperWithFile } = usePaperFileTests();

describe('openPaperFile', () => {
  it('when the paper is not approved, then anonymous and normal callers get 404 and editors the file', async () => {
    const { paper, pdf } = await newPaperWithFile({ status: 'pending' });
    for (const actor of [null, actors.normal, actors.deactivated]) {
      await expect(openPaperFile({ actor, id: paper.id })).rejects.toMatchObject({ status: 404 });
    }
    expect(digest(await download(actors.editor, paper.id))).toBe(digest(pdf));
  });

  it('when the paper has no file, then 404 saying so', async () => {
    const paper = await newPaper();
    await expect(openPaperFile({ actor: null, id: paper.id })).rejects.toMatchObject({
      status: 404,
      message: 'This paper has no file',
    });
  });

  it('when a range lies outside the file, then it is refused', async () => {
    const { paper, pdf } = await newPaperWithFile();
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
    const { paper, fileId } = await newPaperWithFile();
    await deletePaperFile({ actor: actors.admin, id: paper.id });
    expect((await getPaperById({ actor: null, id: paper.id })).file).toBeNull();
    expect(await PaperModel.findById(paper.id, { fileSha256: 1 }).lean()).toMatchObject({
      fileSha256: null,
    });
    expect(await bucket.state(fileId)).toEqual({ files: 0, chunks: 0, pending: 0 });
    await expect(deletePaperFile({ actor: actors.admin, id: paper.id })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('when an editor deletes a paper file, then 403 and the file stays', async () => {
    const { paper, pdf } = await newPaperWithFile();
    await expect(deletePaperFile({ actor: actors.editor, id: paper.id })).rejects.toMatchObject({
      status: 403,
    });
    expect(digest(await download(null, paper.id))).toBe(digest(pdf));
  });

  it('when the file is deleted, then the same bytes may be attached to another paper', async () => {
    const { paper: first, pdf } = await newPaperWithFile();
    const second = await newPaper();
    await deletePaperFile({ actor: actors.admin, id: first.id });
    expect((await upload(actors.editor, second.id, pdf)).file?.sha256).toBe(sha256(pdf));
  });
});

describe('deletePaper with a file', () => {
  it('when a paper with a file is deleted, then its file is deleted too', async () => {
    const { paper, fileId } = await newPaperWithFile();
    await deletePaper({ actor: actors.admin, id: paper.id });
    expect(await bucket.state(fileId)).toEqual({ files: 0, chunks: 0, pending: 0 });
  });

  it('when deleting the paper is refused (it has questions), then its file stays', async () => {
    const { paper, pdf } = await newPaperWithFile();
    await makeQuestion(paper.id);
    await expect(deletePaper({ actor: actors.admin, id: paper.id })).rejects.toMatchObject({
      status: 409,
    });
    expect(digest(await download(null, paper.id))).toBe(digest(pdf));
    expect((await bucket.state()).pending).toBe(0);
  });
});

describe('sweepPaperFiles', () => {
  it('when another process abandoned an upload half-way, then the sweep removes its chunks and record once it is old enough', async () => {
    const paper = await newPaper();
    const fileId = new Types.ObjectId();
    const quiet = new Date(Date.now() - 60_000);
    await bucket.collection('pending').insertOne({
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
    expect(await bucket.state(fileId)).toMatchObject({ chunks: 1 });
    const swept = await sweepPaperFiles({ abandonedAfterMs: 30_000 });
    expect(swept.operations).toBe(1);
    expect(await bucket.state(fileId)).toEqual({ files: 0, chunks: 0, pending: 0 });
  });

  it('when a stored file is referenced by no paper and named by no operation, then the sweep deletes it once old enough', async () => {
    const { paper, fileId: attached } = await newPaperWithFile();
    const stray = new Types.ObjectId();
    await bucket.collection('files').insertOne({
      _id: stray,
      length: 10,
      chunkSize: 255 * 1024,
      uploadDate: new Date(Date.now() - 10 * 60_000),
      filename: 'stray.pdf',
    });
    await bucket.collection('chunks').insertOne({
      files_id: stray,
      n: 0,
      data: Buffer.from('%PDF-stray'),
    });
    const swept = await sweepPaperFiles({ abandonedAfterMs: 60_000 });
    expect(swept.files).toBeGreaterThanOrEqual(1);
    expect(await bucket.state(stray)).toMatchObject({ files: 0, chunks: 0 });
    expect(await bucket.state(attached)).toMatchObject({ files: 1, chunks: 1 });
    expect(await text(await (await openPaperFile({ actor: null, id: paper.id })).open())).toMatch(
      /^%PDF-/,
    );
  });
});
