// Where paper files live: a GridFS bucket (`paperFiles.files`, `paperFiles.chunks`) in the
// catalog's own database, in the layout the driver's GridFSBucket reads and writes (see
// docs/decisions/ for why the service writes and reads the chunks itself).
import { Readable, Writable } from 'node:stream';
import mongoose, { Types } from 'mongoose';
import { ServiceUnavailableError } from '../errors.js';
import { PAPER_FILE_CHUNK_BYTES } from './schema.js';
import type { ByteRange } from './schema.js';

/** The GridFS bucket name: collections `paperFiles.files` and `paperFiles.chunks`. */
export const PAPER_FILE_BUCKET = 'paperFiles';

type Db = NonNullable<typeof mongoose.connection.db>;

export interface StoredFileDoc {
  _id: Types.ObjectId;
  length: number;
  chunkSize: number;
  uploadDate: Date;
  filename: string;
  metadata?: { paperId?: Types.ObjectId };
}

interface ChunkDoc {
  _id: Types.ObjectId;
  files_id: Types.ObjectId;
  n: number;
  data: InstanceType<typeof mongoose.mongo.Binary>;
}

function database(): Db {
  const db = mongoose.connection.db;
  if (!db || mongoose.connection.readyState !== 1) throw new ServiceUnavailableError();
  return db;
}

/** The bucket's `files` collection. */
export function fileDocs() {
  return database().collection<StoredFileDoc>(`${PAPER_FILE_BUCKET}.files`);
}

/** The bucket's `chunks` collection. */
export function chunkDocs() {
  return database().collection<ChunkDoc>(`${PAPER_FILE_BUCKET}.chunks`);
}

const indexed = new WeakMap<Db, Promise<unknown>>();

/** The unique `{files_id, n}` index GridFS readers rely on, created once per connection. */
function ensureChunkIndex(): Promise<unknown> {
  const db = database();
  let done = indexed.get(db);
  if (!done) {
    done = chunkDocs().createIndex({ files_id: 1, n: 1 }, { unique: true });
    done.catch(() => indexed.delete(db));
    indexed.set(db, done);
  }
  return done;
}

/**
 * Writes one GridFS file (chunks of PAPER_FILE_CHUNK_BYTES, then the files document), waiting
 * for each chunk's insert before taking more bytes. Unlike the driver's upload stream, it also
 * waits for an insert in flight when destroyed: `settled()` resolves once nothing more can land,
 * so a failed upload's chunks can be deleted without one arriving afterwards.
 */
export class StoredFileWriter extends Writable {
  private readonly chunk = Buffer.allocUnsafe(PAPER_FILE_CHUNK_BYTES);
  private filled = 0;
  private n = 0;
  private length = 0;
  private inFlight: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly fileId: Types.ObjectId,
    private readonly filename: string,
    private readonly paperId: Types.ObjectId,
  ) {
    super();
  }

  private track(work: () => Promise<void>, callback: (error?: Error | null) => void): void {
    const run = this.inFlight.then(work);
    this.inFlight = run.catch(() => undefined);
    run.then(
      () => callback(),
      (error: Error) => callback(error),
    );
  }

  private async flushChunk(): Promise<void> {
    if (this.filled === 0) return;
    await ensureChunkIndex();
    await chunkDocs().insertOne({
      _id: new Types.ObjectId(),
      files_id: this.fileId,
      n: this.n,
      data: new mongoose.mongo.Binary(Buffer.from(this.chunk.subarray(0, this.filled))),
    });
    this.n += 1;
    this.filled = 0;
  }

  override _write(data: Buffer, _encoding: BufferEncoding, callback: (e?: Error | null) => void) {
    this.track(async () => {
      let offset = 0;
      while (offset < data.length) {
        const taken = data.copy(this.chunk, this.filled, offset);
        offset += taken;
        this.filled += taken;
        this.length += taken;
        if (this.filled === this.chunk.length) await this.flushChunk();
      }
    }, callback);
  }

  override _final(callback: (e?: Error | null) => void) {
    this.track(async () => {
      await this.flushChunk();
      await fileDocs().insertOne({
        _id: this.fileId,
        length: this.length,
        chunkSize: this.chunk.length,
        uploadDate: new Date(),
        filename: this.filename,
        metadata: { paperId: this.paperId },
      });
    }, callback);
  }

  override _destroy(error: Error | null, callback: (e?: Error | null) => void) {
    void this.inFlight.then(() => callback(error));
  }

  /** Resolves once no write of this file is in flight (after success, failure or destroy). */
  settled(): Promise<void> {
    return this.inFlight.then(() => undefined);
  }
}

/** Deletes a stored file: chunks first, then its files document (so a failure leaves it findable). */
export async function deleteStoredFile(fileId: Types.ObjectId): Promise<void> {
  await chunkDocs().deleteMany({ files_id: fileId });
  await fileDocs().deleteOne({ _id: fileId });
}

// Chunks per cursor batch: the driver's own download stream takes whatever the server sends in
// its first batch (the whole file on FerretDB, up to 16 MiB on MongoDB); two chunks keep the
// memory of a download near half a MiB.
const CHUNKS_PER_BATCH = 2;

async function* chunkBytes(file: StoredFileDoc, range: ByteRange): AsyncGenerator<Buffer> {
  const first = Math.floor(range.start / file.chunkSize);
  const last = Math.floor(range.end / file.chunkSize);
  const cursor = chunkDocs()
    .find({ files_id: file._id, n: { $gte: first, $lte: last } })
    .sort({ n: 1 })
    .batchSize(CHUNKS_PER_BATCH);
  let expected = first;
  try {
    for await (const chunk of cursor) {
      if (chunk.n !== expected) throw new Error(`Chunk ${expected} of file ${file._id} is missing`);
      const bytes = chunk.data.value();
      const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const from = chunk.n === first ? range.start - first * file.chunkSize : 0;
      const to = chunk.n === last ? range.end - last * file.chunkSize + 1 : data.length;
      yield data.subarray(from, to);
      expected += 1;
    }
  } finally {
    await cursor.close().catch(() => undefined);
  }
  if (expected !== last + 1) throw new Error(`File ${file._id} ends before chunk ${last}`);
}

/**
 * Opens a stored file for reading, whole or one inclusive byte range. Resolves once its files
 * document is found (null when there is none), so a caller can still answer with an error
 * before it starts sending; the bytes then stream a couple of chunks at a time.
 */
export async function openStoredFile(
  fileId: Types.ObjectId,
  range?: ByteRange,
): Promise<Readable | null> {
  const file = await fileDocs().findOne({ _id: fileId });
  if (!file) return null;
  const wanted = range ?? { start: 0, end: file.length - 1 };
  if (file.length === 0 || wanted.end >= file.length) return null;
  return Readable.from(chunkBytes(file, wanted), { objectMode: false });
}
