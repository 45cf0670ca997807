import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { mongoose } from '@qpc/domain/testing';
import { paperSchema } from '@qpc/domain/schemas';
import { LIMIT, NOTHING, sha256, startFileTests, uniquePdf } from './support/paper-files.js';
import type { FileTestContext } from './support/paper-files.js';

describe('uploading paper files over REST', () => {
  let t: FileTestContext;
  beforeAll(async () => {
    t = await startFileTests();
  });
  afterAll(async () => t.app.close());

  describe('PUT /papers/:id/file', () => {
    it('when an editor uploads a PDF, then 200 with the paper and its file, and the paper shows it in REST reads', async () => {
      const paper = await t.newPaper();
      const pdf = uniquePdf();
      const res = await t.upload(paper.id, pdf);
      expect(res.status).toBe(200);
      expect(paperSchema.safeParse(res.json.data).success).toBe(true);
      expect(res.json.data.file).toEqual({
        size: pdf.length,
        sha256: sha256(pdf),
        uploadedAt: expect.any(String),
      });
      expect(res.json.data).not.toHaveProperty('fileSha256');
      const read = await t.call('GET', `/papers/${paper.slug}`);
      expect(read.body.data.file).toEqual(res.json.data.file);
      const listed = await t.call('GET', `/papers?subjectOfferingId=${t.offeringId}&limit=100`);
      expect(listed.body.data.find((p: { id: string }) => p.id === paper.id).file).toEqual(
        res.json.data.file,
      );
    });

    it('when a paper has no file, then its file is null', async () => {
      const paper = await t.newPaper();
      expect((await t.call('GET', `/papers/${paper.slug}`)).body.data.file).toBeNull();
    });

    it.each([
      ['HTML', Buffer.from('<html><body>not a pdf</body></html>'), 'text/html'],
      ['JSON', Buffer.from('{"file":"%PDF-"}'), 'application/json'],
      ['an empty body', Buffer.alloc(0), 'application/pdf'],
      ['%PDF- alone', Buffer.from('%PDF-'), 'application/pdf'],
      [
        '%PDF- and 5 KB of random bytes',
        Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(5 * 1024)]),
        'application/pdf',
      ],
    ])(
      'when the body is %s, then 415 UNSUPPORTED_MEDIA_TYPE and nothing is kept',
      async (_what, body, type) => {
        const paper = await t.newPaper();
        const res = await t.send('PUT', `/papers/${paper.id}/file`, {
          token: t.editor.token,
          body,
          headers: { 'content-type': type },
        });
        expect(res.status).toBe(415);
        expect(res.json.error).toMatchObject({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          requestId: expect.any(String),
        });
        expect(await t.stored(paper.id)).toEqual(NOTHING);
      },
    );

    it('when a PDF comes as application/octet-stream, then it is taken (the bytes decide)', async () => {
      const paper = await t.newPaper();
      const res = await t.send('PUT', `/papers/${paper.id}/file`, {
        token: t.editor.token,
        body: uniquePdf(),
        headers: { 'content-type': 'application/octet-stream' },
      });
      expect(res.status).toBe(200);
    });

    it('when the declared length is over PAPER_FILE_MAX_BYTES, then 413 before reading, nothing kept, and the connection still serves', async () => {
      const paper = await t.newPaper();
      const res = await t.upload(paper.id, uniquePdf(16 * LIMIT));
      expect(res.status).toBe(413);
      expect(res.json.error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(await t.stored(paper.id)).toEqual(NOTHING);
      expect((await t.upload(paper.id, uniquePdf())).status).toBe(200);
    });

    it('when a chunked body without a length grows past the limit, then 413 while streaming, nothing kept, and the connection still serves', async () => {
      const paper = await t.newPaper();
      const pdf = uniquePdf(3 * LIMIT);
      const pieces = [];
      for (let i = 0; i < pdf.length; i += 16 * 1024) pieces.push(pdf.subarray(i, i + 16 * 1024));
      const res = await t.send('PUT', `/papers/${paper.id}/file`, {
        token: t.editor.token,
        body: pieces,
      });
      expect(res.status).toBe(413);
      expect(res.json.error.message).toContain(String(LIMIT));
      expect(await t.stored(paper.id)).toEqual(NOTHING);
      expect((await t.upload(paper.id, uniquePdf())).status).toBe(200);
    });

    it('when the same file is attached to another paper, then 409 naming its slug', async () => {
      const first = await t.newPaper();
      const second = await t.newPaper();
      const pdf = uniquePdf();
      expect((await t.upload(first.id, pdf)).status).toBe(200);
      const res = await t.upload(second.id, pdf, t.admin.token);
      expect(res.status).toBe(409);
      expect(res.json.error).toMatchObject({ code: 'CONFLICT', details: [{ path: 'file' }] });
      expect(res.json.error.message).toContain(first.slug);
      expect(await t.stored(second.id)).toEqual(NOTHING);
    });

    it('when a paper gets a new file, then the old one is replaced and its chunks removed', async () => {
      const paper = await t.newPaper();
      await t.upload(paper.id, uniquePdf());
      const before = await t.stored(paper.id);
      const replacement = uniquePdf(100);
      const res = await t.upload(paper.id, replacement);
      expect(res.json.data.file.sha256).toBe(sha256(replacement));
      const after = await t.stored(paper.id);
      expect(after).toMatchObject({ files: 1, chunks: 1, pending: 0 });
      expect(after.fileId).not.toEqual(before.fileId);
      const oldChunks = await mongoose.connection
        .db!.collection('paperFiles.chunks')
        .countDocuments({ files_id: before.fileId });
      expect(oldChunks).toBe(0);
      expect(sha256((await t.send('GET', `/papers/${paper.id}/file`)).bytes)).toBe(
        sha256(replacement),
      );
    });

    it('when the paper does not exist or the id is malformed, then 404 or 400', async () => {
      expect(
        (await t.upload(new mongoose.Types.ObjectId().toHexString(), uniquePdf())).status,
      ).toBe(404);
      expect((await t.upload('not-an-id', uniquePdf())).status).toBe(400);
    });

    it('when a normal user or nobody uploads, then 403 or 401 and nothing is kept', async () => {
      const paper = await t.newPaper();
      expect((await t.upload(paper.id, uniquePdf(), t.normal.token)).status).toBe(403);
      expect((await t.send('PUT', `/papers/${paper.id}/file`, { body: uniquePdf() })).status).toBe(
        401,
      );
      expect(await t.stored(paper.id)).toEqual(NOTHING);
    });

    it('when the client goes away half-way through an upload, then nothing of it remains', async () => {
      const paper = await t.newPaper();
      const pdf = uniquePdf(LIMIT / 2);
      await new Promise<void>((resolve) => {
        const req = request(`${t.app.url}/api/v1/papers/${paper.id}/file`, {
          method: 'PUT',
          headers: {
            authorization: `Bearer ${t.editor.token}`,
            'content-type': 'application/pdf',
            'content-length': String(pdf.length),
          },
        });
        req.on('error', () => resolve());
        req.write(pdf.subarray(0, pdf.length / 2), () => {
          // Once the server has taken the first half, the client vanishes.
          setTimeout(() => req.destroy(), 50);
        });
      });
      // The server notices the abort on its own schedule: wait until its operation is settled.
      for (let i = 0; i < 100 && (await t.stored(paper.id)).pending > 0; i += 1) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await t.stored(paper.id)).toEqual(NOTHING);
      expect((await t.upload(paper.id, pdf)).status).toBe(200);
    });
  });
});
