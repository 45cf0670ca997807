import { text } from 'node:stream/consumers';
import { Types } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { PaperModel } from '../paper/model.js';
import { deletePaper, getPaperById } from '../paper/service.js';
import { makeOffering, makePaper, makeQuestion } from '../test-support/content-fixtures.js';
import { useTestActors } from '../test-support/database.js';
import {
  collection,
  digest,
  download,
  sha256,
  storedFileId,
  storedState,
  uniquePdf,
  upload,
} from '../test-support/paper-files.js';
import { sweepPaperFiles } from './operations.js';
import { deletePaperFile, openPaperFile } from './service.js';
import { StoredFileWriter } from './storage.js';

const { actors } = useTestActors();

let offeringId: string;
beforeAll(async () => {
  ({ offeringId } = await makeOffering());
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
