// A paper upload cut by a database crash: the app and FerretDB run as child processes, the
// database is killed once part of the file is stored, then restarted on the same data. The
// failed upload must leave nothing behind once the leftovers are swept (at the next upload),
// and the paper must not point at a half-written file.
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { mongoose, samplePdf } from '@qpc/domain/testing';
import { startFerretDB } from '@qpc/ferretdb';
import type { FerretDBServer } from '@qpc/ferretdb';
import { tokenFor } from '@qpc/server-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePaper } from './support/catalog.js';
import { ADMIN_SUB, baseEnv, startService, waitFor } from './support/processes.js';
import type { ServiceProcess } from './support/processes.js';

const DATABASE = 'paper_file_faults';
const MiB = 1024 * 1024;

describe('paper file upload when the database dies mid-upload', () => {
  const dataDir = mkdtempSync(join(inject('tempRoot'), 'file-faults-db-'));
  let db: FerretDBServer;
  let app: ServiceProcess;
  let token: string;

  async function api(method: string, path: string, body?: unknown): Promise<any> {
    const res = await fetch(`${app.url}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  /** A fresh client on the restarted (or running) database, for looking at what is stored. */
  async function inspect<T>(look: (db: mongoose.mongo.Db) => Promise<T>): Promise<T> {
    const client = new mongoose.mongo.MongoClient(`${db.uri}${DATABASE}`, {
      serverSelectionTimeoutMS: 2_000,
    });
    try {
      await client.connect();
      return await look(client.db(DATABASE));
    } finally {
      await client.close().catch(() => undefined);
    }
  }

  beforeAll(async () => {
    db = await startFerretDB({ dataDir });
    app = await startService(
      'rest-api',
      baseEnv({
        MONGODB_URI: `${db.uri}${DATABASE}`,
        DB_SERVER_SELECTION_TIMEOUT_MS: '1000',
        DB_SOCKET_TIMEOUT_MS: '2000',
      }),
    );
    token = await tokenFor(ADMIN_SUB);
  });

  afterAll(async () => {
    await app?.stop();
    await db?.stop();
  });

  it('when FerretDB is killed once chunks are stored and restarted, then after the sweep no chunk, file or record of that upload remains and the paper has no file', async () => {
    const paper = await makePaper(api, 'Faults');
    const size = 4 * MiB;
    const pdf = Buffer.concat([samplePdf(paper.slug), Buffer.alloc(size, 0x20)]);
    let answered: (value: number) => void = () => undefined;
    const status = new Promise<number>((resolve) => (answered = resolve));
    const req = request(`${app.url}/api/v1/papers/${paper.id}/file`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/pdf',
        'content-length': String(pdf.length),
      },
    });
    req.on('response', (res) => {
      res.resume();
      answered(res.statusCode ?? 0);
    });
    req.on('error', () => answered(-1));
    req.write(pdf.subarray(0, 2 * MiB));

    // Wait until the upload has stored part of the file: its pending record and a few chunks.
    const fileId = await waitFor(
      () =>
        inspect(async (d) => {
          const op = await d
            .collection('paperFiles.pending')
            .findOne({ paperId: new mongoose.Types.ObjectId(paper.id) });
          const id = op?.fileIds?.[0] as mongoose.Types.ObjectId | undefined;
          if (!id) return undefined;
          const chunks = await d.collection('paperFiles.chunks').countDocuments({ files_id: id });
          return chunks >= 3 ? id : undefined;
        }),
      20_000,
      'part of the upload to be stored',
    );
    db.process.kill('SIGKILL');
    req.end(pdf.subarray(2 * MiB));
    expect(await status).toBe(503);
    expect((await fetch(`${app.url}/api/v1/health`)).status).toBe(200);

    db = await startFerretDB({ dataDir, port: db.port });
    await waitFor(
      async () =>
        (await api('GET', `/papers/${paper.id}/file`)).status === 404 ? true : undefined,
      20_000,
      'the app to read from the restarted database',
    );
    // The crash left the leftovers the sweep is for: the record and the chunks stored so far.
    const left = await inspect(async (d) => ({
      pending: await d.collection('paperFiles.pending').countDocuments({}),
      chunks: await d.collection('paperFiles.chunks').countDocuments({ files_id: fileId }),
    }));
    expect(left.pending).toBe(1);
    expect(left.chunks).toBeGreaterThanOrEqual(3);

    // The next upload sweeps first; then only its own file is stored.
    const other = await makePaper(api, 'Faults');
    const next = samplePdf(other.slug);
    const uploaded = await fetch(`${app.url}/api/v1/papers/${other.id}/file`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
      body: next,
    });
    expect(uploaded.status).toBe(200);

    const after = await inspect(async (d) => ({
      pending: await d.collection('paperFiles.pending').countDocuments({}),
      orphanChunks: await d.collection('paperFiles.chunks').countDocuments({ files_id: fileId }),
      files: (await d.collection('paperFiles.files').find({}).toArray()).map((f) =>
        String(f.metadata?.paperId),
      ),
      chunks: await d.collection('paperFiles.chunks').countDocuments({}),
      paper: await d
        .collection('papers')
        .findOne(
          { _id: new mongoose.Types.ObjectId(paper.id) },
          { projection: { file: 1, fileSha256: 1 } },
        ),
    }));
    expect(after).toMatchObject({ pending: 0, orphanChunks: 0, files: [other.id], chunks: 1 });
    expect(after.paper?.file ?? null).toBeNull();
    expect(after.paper?.fileSha256 ?? null).toBeNull();

    // Nothing is half-attached: the paper reads without a file and takes a new one.
    expect((await api('GET', `/papers/${paper.slug}`)).body.data.file).toBeNull();
    const again = await fetch(`${app.url}/api/v1/papers/${paper.id}/file`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
      body: pdf,
    });
    expect(again.status).toBe(200);
    const download = await fetch(`${app.url}/api/v1/papers/${paper.id}/file`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    expect(app.output()).not.toMatch(/"statusCode":500/);
  });
});
