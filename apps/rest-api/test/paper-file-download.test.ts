import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeQuestion, mongoose } from '@qpc/domain/testing';
import { NOTHING, sha256, startFileTests, uniquePdf } from './support/paper-files.js';
import type { FileTestContext } from './support/paper-files.js';

describe('downloading and deleting paper files over REST', () => {
  let t: FileTestContext;
  beforeAll(async () => {
    t = await startFileTests();
  });
  afterAll(async () => t.app.close());

  describe('GET /papers/:id/file', () => {
    let paper: { id: string; slug: string };
    let pdf: Buffer;
    let etag: string;
    beforeAll(async () => {
      paper = await t.newPaper();
      pdf = uniquePdf(1000);
      await t.upload(paper.id, pdf);
      etag = `"${sha256(pdf)}"`;
    });

    it('when anyone downloads it, then the PDF comes with its type, length, ETag and a file name', async () => {
      const res = await t.send('GET', `/papers/${paper.id}/file`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-length')).toBe(String(pdf.length));
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="${paper.slug}.pdf"`,
      );
      expect(sha256(res.bytes)).toBe(sha256(pdf));
    });

    it.each([
      ['its ETag', (e: string) => e],
      ['its weak ETag among others', (e: string) => `"other", W/${e}`],
      ['*', () => '*'],
    ])('when If-None-Match is %s, then 304 without a body', async (_what, value) => {
      const res = await t.send('GET', `/papers/${paper.id}/file`, {
        headers: { 'if-none-match': value(etag) },
      });
      expect(res.status).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.bytes.length).toBe(0);
    });

    it('when If-None-Match names another version, then 200 with the file', async () => {
      const res = await t.send('GET', `/papers/${paper.id}/file`, {
        headers: { 'if-none-match': '"0000"' },
      });
      expect(res.status).toBe(200);
    });

    it.each([
      ['bytes=0-4', 0, 4],
      ['bytes=10-', 10, 'end'],
      ['bytes=-20', 'tail', 'end'],
      ['bytes=100-999999', 100, 'end'],
    ] as const)(
      'when Range is %s, then 206 with those bytes and Content-Range',
      async (range, from, to) => {
        const start = from === 'tail' ? pdf.length - 20 : from;
        const end = to === 'end' ? pdf.length - 1 : to;
        const res = await t.send('GET', `/papers/${paper.id}/file`, { headers: { range } });
        expect(res.status).toBe(206);
        expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${pdf.length}`);
        expect(res.headers.get('content-length')).toBe(String(end - start + 1));
        expect(res.bytes.equals(pdf.subarray(start, end + 1))).toBe(true);
      },
    );

    it('when the range starts past the end, then 416 with Content-Range naming the size', async () => {
      const res = await t.send('GET', `/papers/${paper.id}/file`, {
        headers: { range: `bytes=${pdf.length}-` },
      });
      expect(res.status).toBe(416);
      expect(res.headers.get('content-range')).toBe(`bytes */${pdf.length}`);
      expect(res.json.error.code).toBe('RANGE_NOT_SATISFIABLE');
    });

    it.each([
      ['several ranges', { range: 'bytes=0-1,5-6' }],
      ['another unit', { range: 'lines=1-2' }],
      ['an If-Range naming another version', { range: 'bytes=0-4', 'if-range': '"0000"' }],
    ])('when the request has %s, then 200 with the whole file', async (_what, headers) => {
      const res = await t.send('GET', `/papers/${paper.id}/file`, { headers });
      expect(res.status).toBe(200);
      expect(res.bytes.length).toBe(pdf.length);
    });

    it('when a HEAD request is made, then the headers come without the bytes', async () => {
      const res = await t.send('HEAD', `/papers/${paper.id}/file`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-length')).toBe(String(pdf.length));
      expect(res.bytes.length).toBe(0);
    });

    it('when the paper is pending, then anonymous and normal callers get 404 and an editor the file, not to be cached', async () => {
      const hidden = await t.newPaper('pending');
      await t.upload(hidden.id, uniquePdf());
      expect((await t.send('GET', `/papers/${hidden.id}/file`)).status).toBe(404);
      expect(
        (await t.send('GET', `/papers/${hidden.id}/file`, { token: t.normal.token })).status,
      ).toBe(404);
      const res = await t.send('GET', `/papers/${hidden.id}/file`, { token: t.editor.token });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
    });

    it('when the paper has no file, then 404 in the error envelope', async () => {
      const bare = await t.newPaper();
      const res = await t.send('GET', `/papers/${bare.id}/file`);
      expect(res.status).toBe(404);
      expect(res.json.error).toMatchObject({
        code: 'NOT_FOUND',
        message: 'This paper has no file',
      });
    });
  });

  describe('DELETE /papers/:id/file', () => {
    it('when an admin deletes the file, then 204, the paper has none and nothing of it is stored', async () => {
      const paper = await t.newPaper();
      await t.upload(paper.id, uniquePdf());
      const { fileId } = await t.stored(paper.id);
      const res = await t.send('DELETE', `/papers/${paper.id}/file`, { token: t.admin.token });
      expect(res.status).toBe(204);
      expect((await t.call('GET', `/papers/${paper.slug}`)).body.data.file).toBeNull();
      expect((await t.send('GET', `/papers/${paper.id}/file`)).status).toBe(404);
      expect(
        await mongoose.connection
          .db!.collection('paperFiles.chunks')
          .countDocuments({ files_id: fileId }),
      ).toBe(0);
      expect(await t.stored(paper.id)).toEqual(NOTHING);
      expect(
        (await t.send('DELETE', `/papers/${paper.id}/file`, { token: t.admin.token })).status,
      ).toBe(404);
    });

    it('when an editor deletes the file, then 403 and it stays', async () => {
      const paper = await t.newPaper();
      await t.upload(paper.id, uniquePdf());
      expect(
        (await t.send('DELETE', `/papers/${paper.id}/file`, { token: t.editor.token })).status,
      ).toBe(403);
      expect((await t.send('GET', `/papers/${paper.id}/file`)).status).toBe(200);
    });

    it('when a paper with a file is deleted, then its file goes with it; when the delete is refused, it stays', async () => {
      const paper = await t.newPaper();
      await t.upload(paper.id, uniquePdf());
      const { fileId } = await t.stored(paper.id);
      expect((await t.call('DELETE', `/papers/${paper.id}`, { token: t.admin.token })).status).toBe(
        204,
      );
      expect(
        await mongoose.connection
          .db!.collection('paperFiles.files')
          .countDocuments({ _id: fileId }),
      ).toBe(0);
      expect(
        await mongoose.connection
          .db!.collection('paperFiles.chunks')
          .countDocuments({ files_id: fileId }),
      ).toBe(0);

      const kept = await t.newPaper();
      await t.upload(kept.id, uniquePdf());
      await makeQuestion(t.admin.actor, kept.id);
      expect((await t.call('DELETE', `/papers/${kept.id}`, { token: t.admin.token })).status).toBe(
        409,
      );
      expect((await t.send('GET', `/papers/${kept.id}/file`)).status).toBe(200);
    });
  });

  describe('OpenAPI document', () => {
    it('when the file operations are read, then upload takes application/pdf binary and download answers it, so the docs page can do both', async () => {
      const paths = (await t.call('GET', '/openapi.json')).body.paths;
      const ops = paths['/api/v1/papers/{id}/file'];
      expect(ops.put.requestBody.content['application/pdf'].schema).toEqual({
        type: 'string',
        format: 'binary',
      });
      expect(Object.keys(ops.put.responses)).toEqual(
        expect.arrayContaining(['200', '409', '413', '415']),
      );
      expect(ops.get.responses['200'].content['application/pdf'].schema).toEqual({
        type: 'string',
        format: 'binary',
      });
      expect(ops.get.responses['206'].headers).toHaveProperty('Content-Range');
      expect(ops.get.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'Range', in: 'header' })]),
      );
      expect(Object.keys(ops.delete.responses)).toContain('204');
    });
  });
});
