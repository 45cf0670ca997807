import { createHash, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { mongoose, PaperModel, paperSchema, samplePdf } from '@qpc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Call } from './support/api.js';
import { makeOffering, makePaper, makeQuestion } from './support/fixtures.js';
import { startApp, type RunningApp } from './support/harness.js';
import { makeCallers, type TestUser } from './support/users.js';

const LIMIT = 64 * 1024;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const uniquePdf = (extraBytes = 0) =>
  Buffer.concat([samplePdf(`Paper ${randomUUID()}`), Buffer.alloc(extraBytes, 0x20)]);

interface Raw {
  status: number;
  headers: Headers;
  bytes: Buffer;
  json: any;
}

describe('paper files over REST', () => {
  let app: RunningApp;
  let call: Call;
  let admin: TestUser;
  let editor: TestUser;
  let normal: TestUser;
  let offeringId: string;

  /** Any request with a binary body (or a stream of pieces, sent chunked), answered as bytes. */
  async function send(
    method: string,
    path: string,
    options: {
      token?: string;
      body?: Uint8Array | Uint8Array[];
      headers?: Record<string, string>;
    } = {},
  ): Promise<Raw> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body && !headers['content-type']) headers['content-type'] = 'application/pdf';
    if (headers['if-none-match']) headers['cache-control'] = 'max-age=0';
    const pieces = Array.isArray(options.body) ? options.body : undefined;
    const init: RequestInit & { duplex?: 'half' } = { method, headers };
    if (pieces) {
      init.body = new ReadableStream({
        start(controller) {
          for (const piece of pieces) controller.enqueue(piece);
          controller.close();
        },
      });
      init.duplex = 'half';
    } else if (options.body) {
      init.body = options.body as Uint8Array<ArrayBuffer>;
    }
    const res = await fetch(`${app.url}/api/v1${path}`, init);
    const bytes = Buffer.from(await res.arrayBuffer());
    const isJson = (res.headers.get('content-type') ?? '').includes('json');
    return {
      status: res.status,
      headers: res.headers,
      bytes,
      json: isJson ? JSON.parse(bytes.toString()) : null,
    };
  }

  const upload = (paperId: string, bytes: Uint8Array, token = editor.token) =>
    send('PUT', `/papers/${paperId}/file`, { token, body: bytes });

  async function newPaper(status: 'approved' | 'pending' = 'approved') {
    return makePaper(admin.actor, offeringId, { status });
  }

  async function stored(paperId: string) {
    const db = mongoose.connection.db!;
    const paper = await PaperModel.findById(paperId, { file: 1 }).lean();
    const fileId = paper?.file?.fileId;
    return {
      fileId,
      files: await db
        .collection('paperFiles.files')
        .countDocuments({ 'metadata.paperId': new mongoose.Types.ObjectId(paperId) }),
      chunks: fileId
        ? await db.collection('paperFiles.chunks').countDocuments({ files_id: fileId })
        : 0,
      pending: await db
        .collection('paperFiles.pending')
        .countDocuments({ paperId: new mongoose.Types.ObjectId(paperId) }),
    };
  }

  beforeAll(async () => {
    app = await startApp({ PAPER_FILE_MAX_BYTES: String(LIMIT) });
    call = client(app.url);
    ({ admin, editor, normal } = await makeCallers());
    ({
      offering: { id: offeringId },
    } = await makeOffering(admin.actor));
  });
  afterAll(async () => app.close());

  describe('PUT /papers/:id/file', () => {
    it('when an editor uploads a PDF, then 200 with the paper and its file, and the paper shows it in REST reads', async () => {
      const paper = await newPaper();
      const pdf = uniquePdf();
      const res = await upload(paper.id, pdf);
      expect(res.status).toBe(200);
      expect(paperSchema.safeParse(res.json.data).success).toBe(true);
      expect(res.json.data.file).toEqual({
        size: pdf.length,
        sha256: sha256(pdf),
        uploadedAt: expect.any(String),
      });
      expect(res.json.data).not.toHaveProperty('fileSha256');
      const read = await call('GET', `/papers/${paper.slug}`);
      expect(read.body.data.file).toEqual(res.json.data.file);
      const listed = await call('GET', `/papers?subjectOfferingId=${offeringId}&limit=100`);
      expect(listed.body.data.find((p: { id: string }) => p.id === paper.id).file).toEqual(
        res.json.data.file,
      );
    });

    it('when a paper has no file, then its file is null', async () => {
      const paper = await newPaper();
      expect((await call('GET', `/papers/${paper.slug}`)).body.data.file).toBeNull();
    });

    it.each([
      ['HTML', Buffer.from('<html><body>not a pdf</body></html>'), 'text/html'],
      ['JSON', Buffer.from('{"file":"%PDF-"}'), 'application/json'],
      ['an empty body', Buffer.alloc(0), 'application/pdf'],
    ])(
      'when the body is %s, then 415 UNSUPPORTED_MEDIA_TYPE and nothing is kept',
      async (_what, body, type) => {
        const paper = await newPaper();
        const res = await send('PUT', `/papers/${paper.id}/file`, {
          token: editor.token,
          body,
          headers: { 'content-type': type },
        });
        expect(res.status).toBe(415);
        expect(res.json.error).toMatchObject({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          requestId: expect.any(String),
        });
        expect(await stored(paper.id)).toEqual({
          fileId: undefined,
          files: 0,
          chunks: 0,
          pending: 0,
        });
      },
    );

    it('when a PDF comes as application/octet-stream, then it is taken (the bytes decide)', async () => {
      const paper = await newPaper();
      const res = await send('PUT', `/papers/${paper.id}/file`, {
        token: editor.token,
        body: uniquePdf(),
        headers: { 'content-type': 'application/octet-stream' },
      });
      expect(res.status).toBe(200);
    });

    it('when the declared length is over PAPER_FILE_MAX_BYTES, then 413 and nothing is kept', async () => {
      const paper = await newPaper();
      const res = await upload(paper.id, uniquePdf(LIMIT));
      expect(res.status).toBe(413);
      expect(res.json.error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(await stored(paper.id)).toEqual({
        fileId: undefined,
        files: 0,
        chunks: 0,
        pending: 0,
      });
    });

    it('when a chunked body without a length grows past the limit, then 413 while streaming, nothing kept, and the connection still serves', async () => {
      const paper = await newPaper();
      const pdf = uniquePdf(3 * LIMIT);
      const pieces = [];
      for (let i = 0; i < pdf.length; i += 16 * 1024) pieces.push(pdf.subarray(i, i + 16 * 1024));
      const res = await send('PUT', `/papers/${paper.id}/file`, {
        token: editor.token,
        body: pieces,
      });
      expect(res.status).toBe(413);
      expect(res.json.error.message).toContain(String(LIMIT));
      expect(await stored(paper.id)).toEqual({
        fileId: undefined,
        files: 0,
        chunks: 0,
        pending: 0,
      });
      expect((await upload(paper.id, uniquePdf())).status).toBe(200);
    });

    it('when the same file is attached to another paper, then 409 naming its slug', async () => {
      const first = await newPaper();
      const second = await newPaper();
      const pdf = uniquePdf();
      expect((await upload(first.id, pdf)).status).toBe(200);
      const res = await upload(second.id, pdf, admin.token);
      expect(res.status).toBe(409);
      expect(res.json.error).toMatchObject({ code: 'CONFLICT', details: [{ path: 'file' }] });
      expect(res.json.error.message).toContain(first.slug);
      expect(await stored(second.id)).toEqual({
        fileId: undefined,
        files: 0,
        chunks: 0,
        pending: 0,
      });
    });

    it('when a paper gets a new file, then the old one is replaced and its chunks removed', async () => {
      const paper = await newPaper();
      await upload(paper.id, uniquePdf());
      const before = await stored(paper.id);
      const replacement = uniquePdf(100);
      const res = await upload(paper.id, replacement);
      expect(res.json.data.file.sha256).toBe(sha256(replacement));
      const after = await stored(paper.id);
      expect(after).toMatchObject({ files: 1, chunks: 1, pending: 0 });
      expect(after.fileId).not.toEqual(before.fileId);
      const oldChunks = await mongoose.connection
        .db!.collection('paperFiles.chunks')
        .countDocuments({ files_id: before.fileId });
      expect(oldChunks).toBe(0);
      expect(sha256((await send('GET', `/papers/${paper.id}/file`)).bytes)).toBe(
        sha256(replacement),
      );
    });

    it('when the paper does not exist or the id is malformed, then 404 or 400', async () => {
      expect((await upload(new mongoose.Types.ObjectId().toHexString(), uniquePdf())).status).toBe(
        404,
      );
      expect((await upload('not-an-id', uniquePdf())).status).toBe(400);
    });

    it('when a normal user or nobody uploads, then 403 or 401 and nothing is kept', async () => {
      const paper = await newPaper();
      expect((await upload(paper.id, uniquePdf(), normal.token)).status).toBe(403);
      expect((await send('PUT', `/papers/${paper.id}/file`, { body: uniquePdf() })).status).toBe(
        401,
      );
      expect(await stored(paper.id)).toEqual({
        fileId: undefined,
        files: 0,
        chunks: 0,
        pending: 0,
      });
    });

    it('when the client goes away half-way through an upload, then nothing of it remains', async () => {
      const paper = await newPaper();
      const pdf = uniquePdf(LIMIT / 2);
      await new Promise<void>((resolve) => {
        const req = request(`${app.url}/api/v1/papers/${paper.id}/file`, {
          method: 'PUT',
          headers: {
            authorization: `Bearer ${editor.token}`,
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
      for (let i = 0; i < 100 && (await stored(paper.id)).pending > 0; i += 1) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await stored(paper.id)).toEqual({
        fileId: undefined,
        files: 0,
        chunks: 0,
        pending: 0,
      });
      expect((await upload(paper.id, pdf)).status).toBe(200);
    });
  });

  describe('GET /papers/:id/file', () => {
    let paper: { id: string; slug: string };
    let pdf: Buffer;
    let etag: string;
    beforeAll(async () => {
      paper = await newPaper();
      pdf = uniquePdf(1000);
      await upload(paper.id, pdf);
      etag = `"${sha256(pdf)}"`;
    });

    it('when anyone downloads it, then the PDF comes with its type, length, ETag and a file name', async () => {
      const res = await send('GET', `/papers/${paper.id}/file`);
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
      const res = await send('GET', `/papers/${paper.id}/file`, {
        headers: { 'if-none-match': value(etag) },
      });
      expect(res.status).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.bytes.length).toBe(0);
    });

    it('when If-None-Match names another version, then 200 with the file', async () => {
      const res = await send('GET', `/papers/${paper.id}/file`, {
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
        const res = await send('GET', `/papers/${paper.id}/file`, { headers: { range } });
        expect(res.status).toBe(206);
        expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${pdf.length}`);
        expect(res.headers.get('content-length')).toBe(String(end - start + 1));
        expect(res.bytes.equals(pdf.subarray(start, end + 1))).toBe(true);
      },
    );

    it('when the range starts past the end, then 416 with Content-Range naming the size', async () => {
      const res = await send('GET', `/papers/${paper.id}/file`, {
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
      const res = await send('GET', `/papers/${paper.id}/file`, { headers });
      expect(res.status).toBe(200);
      expect(res.bytes.length).toBe(pdf.length);
    });

    it('when a HEAD request is made, then the headers come without the bytes', async () => {
      const res = await send('HEAD', `/papers/${paper.id}/file`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-length')).toBe(String(pdf.length));
      expect(res.bytes.length).toBe(0);
    });

    it('when the paper is pending, then anonymous and normal callers get 404 and an editor the file', async () => {
      const hidden = await newPaper('pending');
      await upload(hidden.id, uniquePdf());
      expect((await send('GET', `/papers/${hidden.id}/file`)).status).toBe(404);
      expect((await send('GET', `/papers/${hidden.id}/file`, { token: normal.token })).status).toBe(
        404,
      );
      expect((await send('GET', `/papers/${hidden.id}/file`, { token: editor.token })).status).toBe(
        200,
      );
    });

    it('when the paper has no file, then 404 in the error envelope', async () => {
      const bare = await newPaper();
      const res = await send('GET', `/papers/${bare.id}/file`);
      expect(res.status).toBe(404);
      expect(res.json.error).toMatchObject({
        code: 'NOT_FOUND',
        message: 'This paper has no file',
      });
    });
  });

  describe('DELETE /papers/:id/file', () => {
    it('when an admin deletes the file, then 204, the paper has none and nothing of it is stored', async () => {
      const paper = await newPaper();
      await upload(paper.id, uniquePdf());
      const { fileId } = await stored(paper.id);
      const res = await send('DELETE', `/papers/${paper.id}/file`, { token: admin.token });
      expect(res.status).toBe(204);
      expect((await call('GET', `/papers/${paper.slug}`)).body.data.file).toBeNull();
      expect((await send('GET', `/papers/${paper.id}/file`)).status).toBe(404);
      expect(
        await mongoose.connection
          .db!.collection('paperFiles.chunks')
          .countDocuments({ files_id: fileId }),
      ).toBe(0);
      expect(await stored(paper.id)).toEqual({
        fileId: undefined,
        files: 0,
        chunks: 0,
        pending: 0,
      });
      expect(
        (await send('DELETE', `/papers/${paper.id}/file`, { token: admin.token })).status,
      ).toBe(404);
    });

    it('when an editor deletes the file, then 403 and it stays', async () => {
      const paper = await newPaper();
      await upload(paper.id, uniquePdf());
      expect(
        (await send('DELETE', `/papers/${paper.id}/file`, { token: editor.token })).status,
      ).toBe(403);
      expect((await send('GET', `/papers/${paper.id}/file`)).status).toBe(200);
    });

    it('when a paper with a file is deleted, then its file goes with it; when the delete is refused, it stays', async () => {
      const paper = await newPaper();
      await upload(paper.id, uniquePdf());
      const { fileId } = await stored(paper.id);
      expect((await call('DELETE', `/papers/${paper.id}`, { token: admin.token })).status).toBe(
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

      const kept = await newPaper();
      await upload(kept.id, uniquePdf());
      await makeQuestion(admin.actor, kept.id);
      expect((await call('DELETE', `/papers/${kept.id}`, { token: admin.token })).status).toBe(409);
      expect((await send('GET', `/papers/${kept.id}/file`)).status).toBe(200);
    });
  });

  describe('OpenAPI document', () => {
    it('when the file operations are read, then upload takes application/pdf binary and download answers it, so the docs page can do both', async () => {
      const paths = (await call('GET', '/openapi.json')).body.paths;
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
